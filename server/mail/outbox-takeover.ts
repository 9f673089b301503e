import type { Db } from "#server/db/database.ts";
import { listOutboxLeaseOwners, releaseOutboxLeases } from "#server/db/outbox.ts";
import type { Logger } from "#server/platform/logger.ts";
import { describeOutboxError as describe } from "./outbox-error-text";
import { isAbandonedLease, isProcessRunning, type LeaseOwner } from "./outbox-lease";

/** Owners of the workers running in this process: their rows are never taken back. */
export const liveOwners = new Set<string>();

/**
 * A worker that died mid-send on this host left rows leased to it; they are due again
 * at once. Resolves with how many rows were taken back.
 */
export async function takeBackAbandonedLeases(db: Db, identity: LeaseOwner, logger: Logger): Promise<number> {
  const context = { self: identity, liveInProcess: liveOwners, isProcessRunning };
  const abandoned = (await listOutboxLeaseOwners(db)).filter((other) => isAbandonedLease(other, context));
  let taken = 0;
  const now = new Date();
  for (const other of abandoned) taken += await releaseOutboxLeases(db, other, now);
  if (taken > 0)
    logger.warn({ count: taken, owners: abandoned }, "took back e-mails a stopped worker was sending");
  return taken;
}

/**
 * While running, a sibling on this host that dies is noticed within `everyMs`; `onTaken`
 * hears when rows were taken back. Returns the timer, for the stop to clear.
 */
export function watchForAbandonedLeases(deps: {
  db: Db;
  identity: LeaseOwner;
  logger: Logger;
  everyMs: number;
  isRunning(): boolean;
  onTaken(): void;
}): NodeJS.Timeout {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || !deps.isRunning()) return;
    checking = true;
    takeBackAbandonedLeases(deps.db, deps.identity, deps.logger)
      .then((taken) => {
        if (taken > 0) deps.onTaken();
      })
      .catch((error: unknown) =>
        deps.logger.warn({ error: describe(error) }, "could not look for a stopped worker's e-mails"),
      )
      .finally(() => (checking = false));
  }, deps.everyMs);
  // Never what keeps a finished process alive.
  timer.unref();
  return timer;
}
