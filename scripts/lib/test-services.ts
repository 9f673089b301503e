import path from "node:path";

/**
 * What the PostgreSQL suites need on the machine besides Node.js: PostgreSQL's server
 * programs (each test run starts a throwaway cluster of its own) and nginx (the proxy in
 * front of two instances, run from deploy/nginx.conf). Decided from facts alone, so the
 * decisions are testable; scripts/ensure-postgres.ts gathers the facts and acts.
 */

export type ServiceFacts = {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  isRoot: boolean;
  hasApt: boolean;
  /** PostgreSQL's bin folder (findPostgresBin), if any. */
  postgresBin: string | undefined;
  /** Whether a file exists; only asked about NGINX_BIN, POSTGRES_BIN and nginx's usual places. */
  exists: (file: string) => boolean;
};

/** nginx's path: NGINX_BIN when set, else the first `nginx` on PATH or in /usr/sbin (root's PATH only). */
export function findNginx({ env, exists }: Pick<ServiceFacts, "env" | "exists">): string | undefined {
  if (env.NGINX_BIN) return env.NGINX_BIN;
  const dirs = [...(env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  return dirs.map((dir) => path.join(dir, "nginx")).find((file) => path.isAbsolute(file) && exists(file));
}

export type ServicePlan =
  | { action: "ok"; postgresBin: string; nginx: string }
  /** Package sets to try in order until one installs (nginx-light is gone from newer Debian). */
  | { action: "install"; attempts: string[][]; ifAllFail: string }
  | { action: "fail"; message: string };

export function planTestServices(facts: ServiceFacts): ServicePlan {
  const nginx = findNginx(facts);
  if (facts.env.NGINX_BIN && !facts.exists(facts.env.NGINX_BIN)) {
    return {
      action: "fail",
      message: `NGINX_BIN is ${facts.env.NGINX_BIN}, which does not exist: point it at an nginx binary, or unset it.`,
    };
  }
  const { POSTGRES_BIN } = facts.env;
  if (POSTGRES_BIN && !facts.exists(path.join(POSTGRES_BIN, "initdb"))) {
    return {
      action: "fail",
      message: `POSTGRES_BIN is ${POSTGRES_BIN}, which holds no initdb: point it at PostgreSQL's bin folder, or unset it.`,
    };
  }
  if (facts.postgresBin && nginx) return { action: "ok", postgresBin: facts.postgresBin, nginx };

  const missing = [
    ...(facts.postgresBin ? [] : [{ name: "PostgreSQL", pkg: "postgresql", variable: "POSTGRES_BIN" }]),
    ...(nginx ? [] : [{ name: "nginx", pkg: "nginx-light", variable: "NGINX_BIN" }]),
  ];
  const packages = missing.map((tool) => tool.pkg);
  const sudo = facts.isRoot ? "" : "sudo ";
  const ifAllFail =
    `No ${missing.map((tool) => tool.name).join(" and ")} for the PostgreSQL tests: ` +
    `install with \`${sudo}apt-get install ${packages.join(" ")}\`, ` +
    `or set ${missing.map((tool) => tool.variable).join(" and ")}.`;
  // Only root may install system packages, and only apt is known here.
  if (!(facts.isRoot && facts.hasApt && facts.platform === "linux"))
    return { action: "fail", message: ifAllFail };
  const attempts = [packages];
  if (!nginx) attempts.push(packages.map((pkg) => (pkg === "nginx-light" ? "nginx" : pkg)));
  return { action: "install", attempts, ifAllFail };
}

export type ProcessInfo = { pid: number; ppid: number; comm: string; args: string };

/**
 * The servers a package's post-install script starts: Debian's main cluster (started by
 * pg_ctlcluster with its configuration under /etc/postgresql) and nginx on its default
 * configuration. Only master processes: stopping one stops its workers. Test clusters
 * and the tests' own nginx run with folders of their own and are never matched.
 */
export function isPackagedServer(proc: ProcessInfo, all: readonly ProcessInfo[]): boolean {
  const parent = all.find((other) => other.pid === proc.ppid);
  if (proc.comm === "postgres") {
    if (parent?.comm === "postgres") return false;
    return /(config_file=|-D\s*)\/(etc|var\/lib)\/postgresql\//.test(proc.args);
  }
  if (proc.comm === "nginx") {
    if (parent?.comm === "nginx") return false;
    // nginx renames its master "nginx: master process <command line>"; the package runs it plain.
    return /master process/.test(proc.args) && !/\s-[pc]\s/.test(` ${proc.args} `);
  }
  return false;
}
