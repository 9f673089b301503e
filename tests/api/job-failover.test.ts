import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobLeases, killTheHolder, type KillHolderResult } from "#scripts/lib/kill-holder.ts";
import { createDatabase, type Db } from "#server/db/database.ts";
import { JOB_LEASE_MAX_AHEAD_MS } from "#server/jobs/leased-job.ts";
import { RETENTION_LEASE } from "#server/operations/privacy/retention-sweep.ts";
import { VISITOR_DAYS_LEASE } from "#server/operations/insights/visitor-days.ts";
import { FOLLOW_UP_LEASE } from "#server/operations/leads/follow-up-reminder.ts";
import { WEEKLY_REPORT_LEASE } from "#server/operations/insights/weekly-report.ts";
import { createScratchPostgresDatabase, testPostgresAdminUrl } from "#tests/support/postgres.ts";
import { testTotpKey } from "#tests/support/totp-key.ts";

/**
 * The instance that holds the scheduled jobs is killed (docs/decisions/056-short-leases.md):
 * two built servers on one PostgreSQL database, the first holding every job's lease; a
 * news post falls due the moment the first is killed (SIGKILL). The second publishes it
 * within the 20 s the README promises and takes every job, and runs no job early: the
 * daily sweep that ran at the first's start does not run again. No lease is ever more than
 * two minutes ahead. The `postgres` test project only (vitest.config.ts).
 */

let db: Db;
let drop: () => Promise<void>;
let result: KillHolderResult;

beforeAll(async () => {
  const adminUrl = testPostgresAdminUrl();
  if (!adminUrl) throw new Error("job-failover runs on the postgres test project: vitest --project postgres");
  const database = await createScratchPostgresDatabase(adminUrl);
  drop = database.drop;
  db = createDatabase(database.url);
  // The wait is long so a slow machine fails below on the figure, not on a timeout here.
  result = await killTheHolder({
    db,
    databaseUrl: database.url,
    env: { TOTP_KEY: testTotpKey },
    waitMs: 60_000,
  });
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const maxAheadSeconds = JOB_LEASE_MAX_AHEAD_MS / 1000;

describe("killing the instance that holds the jobs", () => {
  it("leaves no lease more than two minutes ahead, the holder's or the next's", () => {
    expect(result.leasesBefore.map((lease) => lease.name).sort()).toEqual([...jobLeases].sort());
    for (const lease of [...result.leasesBefore, ...result.leasesAfter])
      expect(lease.aheadSeconds, lease.name).toBeLessThanOrEqual(maxAheadSeconds);
    expect(result.leasesBefore.every((lease) => lease.pid === result.holderPid)).toBe(true);
  });

  it("has the other instance publish a post that fell due at the kill within 20 s", () => {
    expect(result.publishedAfterSeconds).toBeDefined();
    expect(result.publishedAfterSeconds).toBeLessThan(20);
  });

  it("has the other instance take every job's lease", () => {
    expect(result.allTakenAfterSeconds).toBeDefined();
    expect(result.leasesAfter.every((lease) => lease.pid === result.secondPid)).toBe(true);
  });

  it("runs no job again before it is due: the daily sweep ran once, at the first's start", () => {
    const lastRun = (runs: KillHolderResult["runsBefore"], name: string) =>
      runs?.find((run) => run.name === name)?.last_run_at;
    for (const name of [RETENTION_LEASE, VISITOR_DAYS_LEASE, FOLLOW_UP_LEASE, WEEKLY_REPORT_LEASE]) {
      expect(lastRun(result.runsBefore, name), name).toBeDefined();
      expect(lastRun(result.runsAfter, name), name).toBe(lastRun(result.runsBefore, name));
    }
  });
});
