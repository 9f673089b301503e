import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, openDatabase, type Db } from "#server/db/database.ts";
import { listJobRuns } from "#server/db/job-runs.ts";
import {
  createLeasedJob,
  JOB_LEASE_MAX_AHEAD_MS,
  JOB_LEASE_MS,
  type LeasedJob,
} from "#server/jobs/leased-job.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createScratchDatabase, type ScratchDatabase } from "#tests/support/test-database.ts";
import { until } from "#tests/support/wait.ts";

/**
 * A leased job (docs/decisions/056-short-leases.md) on each engine: its lease is seconds
 * long however rarely the job runs, and when the job last ran is kept apart from it, so a
 * daily job whose holder died runs again a day after its last run, on the next holder, and
 * not at the change of hands. The jobs' clock is injected; the beats are real but short,
 * and every wait is for a state, never for a time.
 */

const DAY_MS = 86_400_000;
const name = "daily-test";
let scratch: ScratchDatabase;
let db: Db;
let clock = new Date("2031-03-02T01:00:00.000Z");
const jobs: LeasedJob<unknown>[] = [];
const handles: Db[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = await openDatabase(scratch.location);
});
afterAll(async () => {
  for (const job of jobs) await job.stop();
  for (const handle of handles) await handle.destroy().catch(() => undefined);
  await db.destroy();
  await scratch.drop();
});

/** A daily job on a database handle of its own, so a test can cut it off as a kill would. */
function dailyJob(runs: Date[]): { job: LeasedJob<void>; handle: Db } {
  const handle = createDatabase(scratch.location);
  handles.push(handle);
  const job = createLeasedJob({
    db: handle,
    name,
    everyMs: DAY_MS,
    beatMs: 20,
    logger: createLogger("silent"),
    failure: "daily test job failed",
    now: () => clock,
    async work(at) {
      runs.push(at);
    },
  });
  jobs.push(job);
  return { job, handle };
}

const lease = () => db.selectFrom("scheduler_leases").selectAll().where("name", "=", name).executeTakeFirst();

describe("a daily leased job", () => {
  const firstRuns: Date[] = [];
  const secondRuns: Date[] = [];

  it("runs at its holder's start and holds a lease of seconds, not of a day", async () => {
    const { job } = dailyJob(firstRuns);
    job.start();
    await until(() => firstRuns.length === 1, 10_000, "the first run");
    const row = await lease();
    const ahead = Date.parse(row?.lease_until ?? "") - clock.getTime();
    expect(ahead).toBe(JOB_LEASE_MS);
    expect(ahead).toBeLessThanOrEqual(JOB_LEASE_MAX_AHEAD_MS);
    expect(await listJobRuns(db)).toEqual([
      { name, lastRunAt: clock.toISOString(), nextRunAt: new Date(clock.getTime() + DAY_MS).toISOString() },
    ]);
  });

  it("passes to another instance once its holder is gone, which does not run it again that day", async () => {
    const first = handles[0]!;
    const firstOwner = (await lease())?.owner;
    // The holder is cut off from the database, as a killed process is; its lease runs out.
    await first.destroy();
    clock = new Date(clock.getTime() + JOB_LEASE_MS + 1_000);
    dailyJob(secondRuns).job.start();
    await until(
      async () => ((await lease())?.owner ?? firstOwner) !== firstOwner,
      10_000,
      "the second holder",
    );
    // A renewal by the new clock is a beat after the one that took the lease, and checked the run.
    clock = new Date(clock.getTime() + 1_000);
    await until(
      async () => (await lease())?.lease_until === new Date(clock.getTime() + JOB_LEASE_MS).toISOString(),
      10_000,
      "a renewal",
    );
    expect(secondRuns).toEqual([]);
    expect(firstRuns).toHaveLength(1);
  });

  it("runs on the new holder a day after its last run", async () => {
    const lastRun = firstRuns[0]!;
    clock = new Date(lastRun.getTime() + DAY_MS);
    await until(() => secondRuns.length === 1, 10_000, "the next day's run");
    expect(secondRuns[0]).toEqual(clock);
    expect(firstRuns).toHaveLength(1);
  });
});
