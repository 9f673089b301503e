import { describe, expect, it } from "vitest";
import { type ProcessInfo, findNginx, isPackagedServer, planTestServices } from "./test-services";

/** A Debian machine as `npm run test:unit` sees it; each test changes what it is about. */
function machine(
  overrides: {
    env?: Record<string, string | undefined>;
    files?: string[];
    isRoot?: boolean;
    hasApt?: boolean;
    postgresBin?: string;
  } = {},
) {
  const files = new Set(overrides.files ?? []);
  return {
    env: overrides.env ?? { PATH: "/usr/local/bin:/usr/bin:/bin" },
    platform: "linux" as const,
    exists: (file: string) => files.has(file),
    isRoot: overrides.isRoot ?? true,
    hasApt: overrides.hasApt ?? true,
    postgresBin: overrides.postgresBin,
  };
}

const pgBin = "/usr/lib/postgresql/15/bin";

describe("planTestServices", () => {
  it("uses what is there", () => {
    expect(planTestServices(machine({ postgresBin: pgBin, files: ["/usr/sbin/nginx"] }))).toEqual({
      action: "ok",
      postgresBin: pgBin,
      nginx: "/usr/sbin/nginx",
    });
  });

  it("installs only what is missing, as root with apt, nginx-light first and then nginx", () => {
    expect(planTestServices(machine({ files: ["/usr/sbin/nginx"] }))).toMatchObject({
      action: "install",
      attempts: [["postgresql"]],
    });
    expect(planTestServices(machine({ postgresBin: pgBin }))).toMatchObject({
      action: "install",
      attempts: [["nginx-light"], ["nginx"]],
    });
    expect(planTestServices(machine())).toMatchObject({
      action: "install",
      attempts: [
        ["postgresql", "nginx-light"],
        ["postgresql", "nginx"],
      ],
    });
  });

  it("says in one line what to install when it may not install", () => {
    const plan = planTestServices(machine({ isRoot: false }));
    expect(plan).toEqual({
      action: "fail",
      message:
        "No PostgreSQL and nginx for the PostgreSQL tests: install with `sudo apt-get install postgresql nginx-light`, or set POSTGRES_BIN and NGINX_BIN.",
    });
    expect(planTestServices(machine({ hasApt: false, files: ["/usr/sbin/nginx"] }))).toMatchObject({
      action: "fail",
      message: expect.stringContaining("`apt-get install postgresql`"),
    });
  });

  it("never replaces a path set by hand with a guess", () => {
    const nginx = planTestServices(machine({ env: { NGINX_BIN: "/opt/nginx" }, postgresBin: pgBin }));
    expect(nginx).toMatchObject({
      action: "fail",
      message: expect.stringContaining("NGINX_BIN is /opt/nginx"),
    });
    const postgres = planTestServices(
      machine({ env: { POSTGRES_BIN: "/opt/pg" }, postgresBin: "/opt/pg", files: ["/usr/sbin/nginx"] }),
    );
    expect(postgres).toMatchObject({ action: "fail", message: expect.stringContaining("POSTGRES_BIN") });
  });
});

describe("findNginx", () => {
  it("looks on PATH, then where root's programs live", () => {
    const env = { PATH: "/opt/bin:/usr/bin" };
    expect(findNginx({ env, exists: (file) => file === "/opt/bin/nginx" })).toBe("/opt/bin/nginx");
    expect(findNginx({ env, exists: (file) => file === "/usr/sbin/nginx" })).toBe("/usr/sbin/nginx");
    expect(findNginx({ env, exists: () => false })).toBeUndefined();
  });
});

describe("isPackagedServer", () => {
  const procs: ProcessInfo[] = [
    { pid: 1, ppid: 0, comm: "init", args: "/sbin/init" },
    {
      pid: 10,
      ppid: 1,
      comm: "postgres",
      args: "/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main -c config_file=/etc/postgresql/15/main/postgresql.conf",
    },
    { pid: 11, ppid: 10, comm: "postgres", args: "postgres: 15/main: checkpointer" },
    {
      pid: 20,
      ppid: 1,
      comm: "postgres",
      args: "/usr/lib/postgresql/15/bin/postgres -D /tmp/site-pg-abc/data -p 34363",
    },
    {
      pid: 30,
      ppid: 1,
      comm: "nginx",
      args: "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;",
    },
    { pid: 31, ppid: 30, comm: "nginx", args: "nginx: worker process" },
    { pid: 40, ppid: 1, comm: "nginx", args: "nginx: master process nginx -p /tmp/x -c /tmp/x/nginx.conf" },
  ];

  it("matches the packaged cluster and nginx, never a test's own or a worker", () => {
    const matched = procs.filter((proc) => isPackagedServer(proc, procs)).map((proc) => proc.pid);
    expect(matched).toEqual([10, 30]);
  });
});
