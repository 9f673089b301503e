import type { Db } from "#server/db/database.ts";
import { claimDueRun, recordRun } from "#server/db/job-runs.ts";
import { acquireSchedulerLease, releaseSchedulerLease } from "#server/db/scheduler-leases.ts";
import type { Logger } from "#server/platform/logger.ts";
import { formatLeaseOwner, newLeaseOwner, type LeaseOwner } from "#server/mail/outbox-lease.ts";
import { errorText, redactSensitive } from "#shared/error-catalogue.ts";

/**
 * How long a job's lease holds without renewal (docs/decisions/056-short-leases.md). Its
 * holder renews it every beat, so a holder that dies hands its jobs on within a lease and
 * a beat; a holder stalled for three beats in a row loses it, which costs a change of hands,
 * never a double run (job_runs says when a job is due).
 */
export const JOB_LEASE_MS = 10_000;
/** How often the holder renews its lease and the others try to take it. */
export const JOB_BEAT_MS = 3_000;
/** No lease is ever given further ahead than this. */
export const JOB_LEASE_MAX_AHEAD_MS = 120_000;

/**
 * A periodic job that every instance runs on a timer and one at a time does: scheduled
 * publishing, the follow-up reminder, the retention sweep, forgetting visitor days, the
 * alert check. A short lease in the database (scheduler_leases) picks the instance; when
 * the job last ran and next is due is kept apart (job_runs), so a new holder runs what is
 * due and nothing that is not, however the lease changed hands.
 */
export type LeasedJob<T> = {
  /** Beats at once, then every JOB_BEAT_MS; runs the job when it is due (every `everyMs`). */
  start(): void;
  /** One run now, due or not, if this instance holds (or takes) the lease; undefined when another does. */
  runOnce(): Promise<T | undefined>;
  /** Stops the timer, waits for a run in flight and gives the lease up. */
  stop(): Promise<void>;
};

export function createLeasedJob<T>(deps: {
  db: Db;
  /** The lease's name, one per job. */
  name: string;
  everyMs: number;
  logger: Logger;
  /** What a failed run logs, before "trying again at the next one". */
  failure: string;
  work(at: Date): Promise<T>;
  now: () => Date;
  identity?: LeaseOwner;
  /** Shorter in tests only. */
  leaseMs?: number;
  beatMs?: number;
}): LeasedJob<T> {
  const { db, name, everyMs, logger, now } = deps;
  const owner = formatLeaseOwner(deps.identity ?? newLeaseOwner());
  const leaseMs = Math.min(deps.leaseMs ?? JOB_LEASE_MS, JOB_LEASE_MAX_AHEAD_MS);
  const beatMs = deps.beatMs ?? JOB_BEAT_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T | undefined> | undefined;
  let stopped = false;
  let held = false;

  async function takeLease(at: Date): Promise<boolean> {
    const was = held;
    held = await acquireSchedulerLease(db, { name, owner, now: at, until: new Date(at.getTime() + leaseMs) });
    if (was && !held) logger.warn({ lease: name }, "lease lost to another instance; it runs the job now");
    return held;
  }

  function track(run: Promise<T | undefined>): Promise<T | undefined> {
    running = run.finally(() => (running = undefined));
    return running;
  }

  function logFailure(error: unknown): void {
    logger.warn(
      { error: redactSensitive(errorText(error) || "unknown error") },
      `${deps.failure}; trying again at the next one`,
    );
  }

  /** Renews (or tries to take) the lease; starts the job if it is due and not running. */
  async function beat(): Promise<void> {
    const at = now();
    if (!(await takeLease(at)) || running) return;
    if (!(await claimDueRun(db, { name, now: at, next: new Date(at.getTime() + everyMs) }))) return;
    // Not awaited: the beats go on renewing the lease while a long run works.
    track(deps.work(at)).catch(logFailure);
  }

  function tick(): void {
    if (stopped) return;
    beat()
      .catch(logFailure)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, beatMs);
        // Never what keeps a finished process alive.
        timer.unref();
      });
  }

  function runOnce(): Promise<T | undefined> {
    if (running) return running;
    return track(
      (async () => {
        const at = now();
        if (!(await takeLease(at))) return undefined;
        await recordRun(db, { name, now: at, next: new Date(at.getTime() + everyMs) });
        return deps.work(at);
      })(),
    );
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      if (!held) return;
      await releaseSchedulerLease(db, name, owner).catch((error: unknown) =>
        logger.warn({ error: errorText(error), lease: name }, "lease not released; it expires by itself"),
      );
    },
  };
}
