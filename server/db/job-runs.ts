import type { Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * Claims a job's run when it is due (never run, or its next run's time has come) and
 * moves its next run to `next`, in one upsert; answers whether this caller runs it. Two
 * callers at once: one wins, as with the leases (scheduler-leases.ts), so a job never runs
 * twice for one due time, whoever holds its lease.
 */
export async function claimDueRun(db: Db, run: { name: string; now: Date; next: Date }): Promise<boolean> {
  const now = run.now.toISOString();
  const row = await db
    .insertInto("job_runs")
    .values({ name: run.name, last_run_at: now, next_run_at: run.next.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet((eb) => ({
          last_run_at: eb.ref("excluded.last_run_at"),
          next_run_at: eb.ref("excluded.next_run_at"),
        }))
        .where("job_runs.next_run_at", "<=", now),
    )
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a run made out of turn (by hand, or a test's), due or not. */
export async function recordRun(db: Db, run: { name: string; now: Date; next: Date }): Promise<void> {
  const values = { name: run.name, last_run_at: run.now.toISOString(), next_run_at: run.next.toISOString() };
  await db
    .insertInto("job_runs")
    .values(values)
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet({ last_run_at: values.last_run_at, next_run_at: values.next_run_at }),
    )
    .execute();
}

export type JobRun = { name: string; lastRunAt: string; nextRunAt: string };

export async function listJobRuns(db: Db): Promise<JobRun[]> {
  const rows = await db.selectFrom("job_runs").selectAll().orderBy("name").execute();
  return rows.map((row) => ({ name: row.name, lastRunAt: row.last_run_at, nextRunAt: row.next_run_at }));
}
