/**
 * What the workspace API benches share: the built server on a fresh database (SQLite, or
 * a throwaway PostgreSQL), an admin's session, and one GET timed over many runs after a
 * warm-up. Each bench seeds its own data and prints its own figures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import request from "supertest";
import { createApp } from "#server/app.ts";
import { createSession } from "#server/auth/sessions.ts";
import { loadConfig, projectRoot } from "#server/platform/config.ts";
import { createLogger } from "#server/platform/logger.ts";
import { testTotpKey } from "#tests/support/totp-key.ts";
import {
  createScratchPostgresDatabase,
  startPostgresCluster,
  type PostgresCluster,
} from "./postgres-cluster";

type BenchSite = Awaited<ReturnType<typeof createApp>>;

/** Runs `bench` against the built server on a fresh database, and removes everything after. */
export async function withBenchSite(
  name: string,
  options: { postgres: boolean },
  bench: (site: BenchSite) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  let cluster: PostgresCluster | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  try {
    const env: Record<string, string> = { NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir };
    if (options.postgres) {
      cluster = await startPostgresCluster({ durable: true });
      const database = await createScratchPostgresDatabase(cluster.adminUrl);
      env.DATABASE_URL = database.url;
      env.TOTP_KEY = testTotpKey;
      dropDatabase = database.drop;
    }
    const build = (await import(
      pathToFileURL(path.join(projectRoot, "build", "server", "index.js")).href
    )) as ServerBuild;
    const site = await createApp({
      config: loadConfig(env),
      logger: createLogger("silent"),
      build,
      outbox: { autoStart: false },
      followUp: { autoStart: false },
    });
    try {
      await bench(site);
    } finally {
      await site.close();
    }
  } finally {
    await dropDatabase?.();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Times `GET address` as a new admin: 5 warm-up requests (they compile and fill the
 * database's caches), then `runs` counted ones. Answers the percentiles and the last body.
 */
export async function timeWorkspaceGet(site: BenchSite, address: string, runs: number) {
  const admin = await site.db
    .insertInto("staff_users")
    .values({ email: "admin@agency.test", role: "admin", created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  const session = await createSession(site.db, admin.id, { ip: "127.0.0.1" });
  const ask = async () => {
    const started = process.hrtime.bigint();
    const response = await request(site.app).get(address).set("Cookie", `staff_session=${session.token}`);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
    return { ms, body: response.body as unknown };
  };
  for (let n = 0; n < 5; n++) await ask();
  const times: number[] = [];
  let last: unknown;
  for (let n = 0; n < runs; n++) {
    const answer = await ask();
    times.push(answer.ms);
    last = answer.body;
  }
  return { ...percentiles(times), last };
}

/** p50, p95 and the largest of some timings. */
export function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

export const formatPercentiles = ({ p50, p95, max }: ReturnType<typeof percentiles>) =>
  `p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${max.toFixed(1)} ms`;
