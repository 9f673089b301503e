import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./built-server";

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL for tests and benchmarks: a new cluster in a temporary folder on a loopback
 * port, without fsync unless `durable` (a test's data need not survive a power cut),
 * torn down by stop().
 * PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user
 * that Debian's package creates.
 */
export type PostgresCluster = {
  /** The superuser's URL; tests make their own databases with it. */
  adminUrl: string;
  port: number;
  /** Stops the server (as an outage would), keeping its data for restart(). */
  halt(): Promise<void>;
  restart(): Promise<void>;
  /** `pg_ctl restart -m fast`: every session ends, the server is back within a second or so. */
  bounce(): Promise<void>;
  stop(): Promise<void>;
};

const asRoot = process.getuid?.() === 0;

/** Debian puts each major version's programs under /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | undefined {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

function asPostgres(command: string, args: string[]) {
  return asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
}

export type PostgresClusterOptions = {
  /** fsync and synchronous commits as in production, for benchmarks (bench:leads). */
  durable?: boolean;
};

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error("PostgreSQL is not installed: apt-get install postgresql (npm test installs it as root)");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "site-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) {
    // The folder is the postgres user's; the temp folder above it stays private otherwise.
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  await asPostgres(path.join(bin, "initdb"), [
    "--pgdata",
    data,
    "--username",
    "postgres",
    "--auth",
    "trust",
    "--encoding",
    "UTF8",
    "--locale",
    "C",
    "--no-sync",
  ]);
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    ...(options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
    "-c max_connections=300",
  ].join(" ");
  const pgCtl = path.join(bin, "pg_ctl");
  const start = () =>
    asPostgres(pgCtl, [
      "start",
      "--pgdata",
      data,
      "--wait",
      "--timeout",
      "60",
      "--log",
      path.join(dir, "server.log"),
      "-o",
      settings,
    ]);
  // "fast" ends every session as a restart or failover does; "immediate" would also lose
  // the last commits, which fsync=off and synchronous_commit=off leave unwritten.
  const halt = () => asPostgres(pgCtl, ["stop", "--pgdata", data, "--mode", "fast", "--wait"]);
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async halt() {
      await halt();
    },
    async restart() {
      await start();
    },
    async bounce() {
      // pg_ctl restart keeps the options the server was started with (postmaster.opts); the
      // log file too, or the new server would hold pg_ctl's output pipe open.
      await asPostgres(pgCtl, [
        "restart",
        "--pgdata",
        data,
        "--mode",
        "fast",
        "--wait",
        "--timeout",
        "60",
        "--log",
        path.join(dir, "server.log"),
      ]);
    },
    async stop() {
      await asPostgres(pgCtl, ["stop", "--pgdata", data, "--mode", "immediate", "--wait"]).catch(
        () => undefined,
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ScratchPostgresDatabase = { url: string; drop(): Promise<void> };

/** A new, empty database on the cluster; drop() removes it, closing what is still connected. */
export async function createScratchPostgresDatabase(adminUrl: string): Promise<ScratchPostgresDatabase> {
  const name = `site_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
