import type { Db } from "./db/database";
import { acquireSchedulerLease, releaseSchedulerLease } from "./db/scheduler-leases";
import type { Logger } from "./logger";
import { formatLeaseOwner, newLeaseOwner, type LeaseOwner } from "./mail/outbox-lease";
import { errorText, redactSensitive } from "#shared/error-catalogue.ts";

/**
 * A periodic job that every instance runs on a timer and one at a time does: the
 * follow-up reminder, the retention sweep. A lease in the database (scheduler_leases)
 * picks the instance; its holder keeps it by renewing at each run, and a dead holder's
 * lease passes on when it expires.
 */
export type LeasedJob<T> = {
  /** Runs at once, then every `everyMs`. */
  start(): void;
  /** One run, if this instance holds (or takes) the lease; undefined when another does. */
  runOnce(): Promise<T | undefined>;
  /** Stops the timer, waits for a run in flight and gives the lease up. */
  stop(): Promise<void>;
};

export function createLeasedJob<T>(deps: {
  db: Db;
  /** The lease's name, one per job. */
  name: string;
  everyMs: number;
  /** How long a holder keeps the lease without renewing: a few runs by default. */
  leaseMs?: number;
  logger: Logger;
  /** What a failed run logs, before "trying again at the next one". */
  failure: string;
  work(at: Date): Promise<T>;
  now?: () => Date;
  identity?: LeaseOwner;
}): LeasedJob<T> {
  const { db, name, everyMs, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const owner = formatLeaseOwner(deps.identity ?? newLeaseOwner());
  const leaseMs = deps.leaseMs ?? Math.max(3 * everyMs, 10_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T | undefined> | undefined;
  let stopped = false;
  let held = false;

  async function run(): Promise<T | undefined> {
    const at = now();
    held = await acquireSchedulerLease(db, { name, owner, now: at, until: new Date(at.getTime() + leaseMs) });
    return held ? deps.work(at) : undefined;
  }

  function runOnce(): Promise<T | undefined> {
    running ??= run().finally(() => (running = undefined));
    return running;
  }

  function tick(): void {
    if (stopped) return;
    runOnce()
      .catch((error: unknown) =>
        logger.warn(
          { error: redactSensitive(errorText(error) || "unknown error") },
          `${deps.failure}; trying again at the next one`,
        ),
      )
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, everyMs);
        // Never what keeps a finished process alive.
        timer.unref();
      });
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
