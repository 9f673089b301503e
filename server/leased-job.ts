import type { Db } from "./db/database";
import { acquireSchedulerLease, releaseSchedulerLease } from "./db/scheduler-leases";
import type { Logger } from "./logger";
import { formatLeaseOwner, newLeaseOwner, type LeaseOwner } from "./mail/outbox-lease";
import { errorText, redactSensitive } from "../shared/error-catalogue";

/**
 * A periodic job one instance at a time runs (the follow-up reminder, the alert check):
 * every instance runs it on an unref'd timer, and a lease in `scheduler_leases` lets the
 * holder do the work. The lease is held across three runs and renewed by each, so the
 * holder keeps it, and passes on that long after a holder dies; stop() gives it up.
 */
export type LeasedJob<T> = {
  /** Runs at once, then every `everyMs`. */
  start(): void;
  /** One run, if this instance holds (or takes) the lease; undefined when another holds it. */
  runOnce(): Promise<T | undefined>;
  /** Stops the timer, waits for a run in flight and gives the lease up. */
  stop(): Promise<void>;
};

export function createLeasedJob<T>(deps: {
  db: Db;
  /** The lease's name in scheduler_leases. */
  name: string;
  everyMs: number;
  run(at: Date): Promise<T>;
  logger: Logger;
  /** What the log says when a run fails (it is tried again at the next). */
  failure: string;
  now?: () => Date;
  identity?: LeaseOwner;
}): LeasedJob<T> {
  const { db, name, everyMs, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const owner = formatLeaseOwner(deps.identity ?? newLeaseOwner());
  const leaseMs = Math.max(3 * everyMs, 10_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T | undefined> | undefined;
  let stopped = false;
  let held = false;

  async function run(): Promise<T | undefined> {
    const at = now();
    held = await acquireSchedulerLease(db, { name, owner, now: at, until: new Date(at.getTime() + leaseMs) });
    return held ? deps.run(at) : undefined;
  }

  function runOnce(): Promise<T | undefined> {
    running ??= run().finally(() => (running = undefined));
    return running;
  }

  function tick(): void {
    if (stopped) return;
    runOnce()
      .catch((error: unknown) =>
        logger.warn({ error: redactSensitive(errorText(error) || "unknown error") }, deps.failure),
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
