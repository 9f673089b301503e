/**
 * Makes sure the PostgreSQL suites have PostgreSQL's server programs and nginx, installing
 * them with apt when run as root on a machine without them (`planTestServices` decides).
 * The tests start their own throwaway cluster and proxy, so a service the packages would
 * start is never needed: none is started, and any the install started anyway is stopped.
 * On failure it prints one line saying what to install and exits 1.
 *   tsx scripts/ensure-postgres.ts   (run by `npm run test:unit` and .ci/run)
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findPostgresBin } from "./lib/postgres-cluster";
import { type ProcessInfo, findNginx, isPackagedServer, planTestServices } from "./lib/test-services";

/** Debian's way to tell maintainer scripts not to start services (invoke-rc.d asks it; 101: forbidden). */
const POLICY_RC_D = "/usr/sbin/policy-rc.d";
/** The ports the packaged services would take. */
const SERVICE_PORTS = [
  { port: 5432, stop: "pg_ctlcluster <version> main stop" },
  { port: 80, stop: "nginx -s quit" },
];

function onPath(command: string): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir !== "" && existsSync(path.join(dir, command)));
}

function facts() {
  return {
    env: process.env,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    hasApt: onPath("apt-get"),
    postgresBin: findPostgresBin(),
    exists: existsSync,
  };
}

/** Runs a command quietly: its output is shown only when it fails (maintainer scripts chatter). */
function run(command: string, args: string[]): boolean {
  console.log(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status === 0) return true;
  const output = `${result.stdout}${result.stderr}`.trimEnd().split("\n").slice(-30).join("\n");
  console.error(output || result.error?.message);
  return false;
}

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // comm is in parentheses and may hold spaces: the fields after the last ")" are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim();
      found.push({ pid: Number(entry), ppid, comm, args });
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

function packagedServerPids(): Set<number> {
  const all = processes();
  return new Set(all.filter((proc) => isPackagedServer(proc, all)).map((proc) => proc.pid));
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1_000 });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** A process that has exited but not been reaped yet (a zombie) counts as stopped. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Fast shutdown for PostgreSQL (SIGINT), graceful for nginx (SIGQUIT); waits up to 15 s. */
async function stopServer(pid: number): Promise<boolean> {
  const proc = processes().find((candidate) => candidate.pid === pid);
  if (!proc) return true;
  console.log(`stopping ${proc.args} (PID ${pid}), started by the install`);
  try {
    process.kill(pid, proc.comm === "postgres" ? "SIGINT" : "SIGQUIT");
  } catch {
    // Gone already.
  }
  for (let waited = 0; waited < 15_000 && isRunning(pid); waited += 100) await sleep(100);
  return !isRunning(pid);
}

/** Installs the first package set that apt accepts, with services kept from starting. */
function installPackages(attempts: string[][]): boolean {
  // An existing policy is the machine owner's and is left as it is.
  const ownPolicy = !existsSync(POLICY_RC_D);
  if (ownPolicy) {
    writeFileSync(POLICY_RC_D, "#!/bin/sh\n# scripts/ensure-postgres.ts, during one install.\nexit 101\n", {
      mode: 0o755,
    });
  }
  try {
    // A failed update may still leave usable package lists; the install decides.
    run("apt-get", ["update", "-qq"]);
    return attempts.some((packages) =>
      run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages]),
    );
  } finally {
    if (ownPolicy) rmSync(POLICY_RC_D, { force: true });
  }
}

async function main(): Promise<number> {
  const plan = planTestServices(facts());
  switch (plan.action) {
    case "ok":
      console.log(`PostgreSQL tests: PostgreSQL ${plan.postgresBin}, nginx ${plan.nginx}`);
      return 0;
    case "fail":
      console.error(plan.message);
      return 1;
    case "install": {
      console.log(`PostgreSQL tests: installing ${plan.attempts[0]?.join(" ")}`);
      const serversBefore = packagedServerPids();
      const busyBefore = await Promise.all(SERVICE_PORTS.map(({ port }) => answers(port)));
      const installed = installPackages(plan.attempts);

      // A policy already present may allow starts: stop what the install started.
      for (const pid of packagedServerPids()) {
        if (serversBefore.has(pid)) continue;
        if (!(await stopServer(pid))) {
          console.error(`PID ${pid} (started by the install) did not stop: kill ${pid}`);
          return 1;
        }
      }
      for (const [index, { port, stop }] of SERVICE_PORTS.entries()) {
        if (!busyBefore[index] && (await answers(port))) {
          console.error(
            `Port ${port} answers since the install and nothing here stopped it: run \`${stop}\`.`,
          );
          return 1;
        }
      }

      const after = facts();
      const nginx = findNginx(after);
      if (!installed || !after.postgresBin || !nginx) {
        console.error(plan.ifAllFail);
        return 1;
      }
      console.log(`PostgreSQL tests: PostgreSQL ${after.postgresBin}, nginx ${nginx}`);
      return 0;
    }
  }
}

process.exitCode = await main();
