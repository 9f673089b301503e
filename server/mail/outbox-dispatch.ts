import type { Db } from "#server/db/database.ts";
import { claimDueOutboxMessages, nextOutboxAttemptAt } from "#server/db/outbox.ts";
import type { OutboxRow } from "#server/db/schema.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { SendOutcome } from "./outbox-delivery";
import { describeOutboxError as describe } from "./outbox-error-text";
import type { LeaseRenewer } from "./outbox-lease";
import type { OutboxWorkerOptions } from "./outbox-options";

export type OutboxRunResult = { sent: number; failed: number };

/** A claimed row, waiting for a free slot or being sent. */
export type Job = {
  row: OutboxRow;
  /** Set on a probe: the retry time the row had, kept if the probe fails. */
  probeRetryAt?: string;
  outcome: Promise<SendOutcome>;
  settle(outcome: SendOutcome): void;
};

export function toJob(row: OutboxRow, probeRetryAt?: string): Job {
  let settle!: (outcome: SendOutcome) => void;
  const outcome = new Promise<SendOutcome>((resolve) => (settle = resolve));
  return { row, probeRetryAt, outcome, settle };
}

/** Waits for the worker to go idle; `reject` (drain's) also hears of a failed claim. */
type Waiter = { resolve(): void; reject?(error: unknown): void };

/** Those waiting for the worker to go idle (a drain, a stop). */
function createIdleWaiters(isIdle: () => boolean) {
  let waiters: Waiter[] = [];
  function settleIfIdle(): void {
    if (!isIdle()) return;
    const settling = waiters;
    waiters = [];
    for (const waiter of settling) waiter.resolve();
  }
  return {
    whenIdle(options: { failOnError: boolean }): Promise<void> {
      return new Promise((resolve, reject) => {
        waiters.push({ resolve, reject: options.failOnError ? reject : undefined });
        settleIfIdle();
      });
    },
    settleIfIdle,
    reject(error: unknown): void {
      const failing = waiters.filter((waiter) => waiter.reject);
      waiters = waiters.filter((waiter) => !waiter.reject);
      for (const waiter of failing) waiter.reject?.(error);
    },
  };
}

/** The one timer of the background loop: it keeps the earliest time asked for. */
function createLookTimer(isRunning: () => boolean, lookNow: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = Infinity;
  let lookScheduled = false;
  return {
    /** Runs `look` once in the next turn of the event loop, however often asked in this one. */
    soon(look: () => void): void {
      if (lookScheduled) return;
      lookScheduled = true;
      setImmediate(() => {
        lookScheduled = false;
        look();
      });
    },
    /** Makes the background loop look for due rows no later than `at` (epoch ms). */
    lookBy(at: number): void {
      if (!isRunning() || at >= timerDueAt) return;
      clearTimeout(timer);
      timerDueAt = at;
      timer = setTimeout(
        () => {
          timer = undefined;
          timerDueAt = Infinity;
          lookNow();
        },
        Math.max(0, at - Date.now()),
      );
      // A pending retry must not keep a finished process (a script, a test) alive.
      timer.unref();
    },
    isSet: () => timer !== undefined,
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
      timerDueAt = Infinity;
    },
  };
}

/** Claims due rows under the worker's lease, one batch at a time. */
function createBatchClaimer(deps: {
  db: Db;
  owner: string;
  options: OutboxWorkerOptions;
  leases: LeaseRenewer;
}) {
  const { db, owner, options, leases } = deps;
  let claimChain: Promise<unknown> = Promise.resolve();
  /** How long until a claim the database refused is tried again; doubles while it keeps refusing. */
  let claimRetryMs = options.databaseRetryMs;
  return {
    /** One statement claims the next batch; claims never overlap, so a batch is never larger than planned. */
    claimBatch(): Promise<Job[]> {
      const result = claimChain.then(async () => {
        const now = new Date();
        const leaseUntil = new Date(now.getTime() + options.leaseMs);
        const rows = await claimDueOutboxMessages(db, { owner, now, leaseUntil, limit: options.concurrency });
        claimRetryMs = options.databaseRetryMs;
        for (const row of rows) leases.hold(row.id);
        return rows.map((row) => toJob(row));
      });
      claimChain = result.catch(() => undefined);
      return result;
    },

    /** A database back from a restart is used within seconds, not after the idle poll. */
    nextClaimRetryMs(): number {
      const delayMs = claimRetryMs;
      claimRetryMs = Math.min(claimRetryMs * 2, options.idlePollMs);
      return delayMs;
    },
    /** Settles when the claim under way, if any, has ended. */
    claimsSettled: () => claimChain,
  };
}

/** Sends a job's row; a send that could not be recorded counts as failed. */
function sendJob(
  job: Job,
  deps: { logger: Logger; send(row: OutboxRow, probeRetryAt?: string): Promise<SendOutcome> },
): Promise<SendOutcome> {
  return deps.send(job.row, job.probeRetryAt).catch((error: unknown): SendOutcome => {
    // The row keeps its lease until that expires, then it is tried again.
    deps.logger.error({ outboxId: job.row.id, error: describe(error) }, "outbox send could not be recorded");
    return "failed";
  });
}

function countOutcomes(outcomes: SendOutcome[]): OutboxRunResult {
  return {
    sent: outcomes.filter((outcome) => outcome === "sent").length,
    failed: outcomes.filter((outcome) => outcome === "failed").length,
  };
}

/**
 * Claiming due messages under the worker's lease and keeping `concurrency` sends going:
 * claimed a batch at a time (one statement), sent `concurrency` at a time.
 */
export function createOutboxDispatcher(deps: {
  db: Db;
  owner: string;
  logger: Logger;
  options: OutboxWorkerOptions;
  leases: LeaseRenewer;
  send(row: OutboxRow, probeRetryAt?: string): Promise<SendOutcome>;
  isRunning(): boolean;
  isStopped(): boolean;
}) {
  const { db, logger, options, leases } = deps;
  const ready: Job[] = [];
  const inFlight = new Set<Job>();
  const totals: OutboxRunResult = { sent: 0, failed: 0 };
  // Whether the last look may have left due rows behind; cleared before each claim, so a
  // wake() during the claim is never lost.
  let dueMayRemain = false;
  let claiming: Promise<void> | undefined;
  const { claimBatch, nextClaimRetryMs, claimsSettled } = createBatchClaimer(deps);
  const waiters = createIdleWaiters(isIdle);
  const look = createLookTimer(deps.isRunning, lookNow);

  function launch(job: Job): void {
    inFlight.add(job);
    void sendJob(job, deps).then((outcome) => {
      totals[outcome === "sent" ? "sent" : "failed"]++;
      inFlight.delete(job);
      leases.release(job.row.id);
      job.settle(outcome);
      pump();
    });
  }

  function launchReady(): void {
    while (!deps.isStopped() && inFlight.size < options.concurrency) {
      const job = ready.shift();
      if (!job) return;
      launch(job);
    }
  }

  async function fillSlots(): Promise<void> {
    while (!deps.isStopped() && inFlight.size < options.concurrency && dueMayRemain) {
      dueMayRemain = false;
      const jobs = await claimBatch();
      if (jobs.length === options.concurrency) dueMayRemain = true;
      ready.push(...jobs);
      launchReady();
      if (ready.length > 0) return;
    }
    if (!dueMayRemain && ready.length === 0) await lookAgainWhenNextDue();
  }

  /** Keeps `concurrency` sends going while due rows remain; every finished send calls it again. */
  function pump(): void {
    launchReady();
    const slotFree = inFlight.size < options.concurrency;
    const stopped = deps.isStopped();
    if (!claiming && slotFree && ready.length === 0 && dueMayRemain && !stopped) {
      claiming = fillSlots()
        .catch((error: unknown) => {
          logger.error({ error: describe(error) }, "outbox worker run failed");
          waiters.reject(error);
          look.lookBy(Date.now() + nextClaimRetryMs());
        })
        .finally(() => {
          claiming = undefined;
          pump();
        });
    } else if (
      !claiming &&
      !look.isSet() &&
      deps.isRunning() &&
      !stopped &&
      ready.length === 0 &&
      inFlight.size === 0
    ) {
      // Idle with nothing scheduled: a retry time asked for while an earlier look was
      // pending was dropped (lookBy keeps the earliest), so ask the database when next.
      claiming = lookAgainWhenNextDue()
        .catch((error: unknown) => {
          logger.error({ error: describe(error) }, "outbox worker could not schedule its next look");
          look.lookBy(Date.now() + nextClaimRetryMs());
        })
        .finally(() => {
          claiming = undefined;
          // A look asked for while this one read the next due time (a recovery that made
          // the waiting messages due) found it busy: it runs now, not at the idle poll.
          if (dueMayRemain) pump();
          else waiters.settleIfIdle();
        });
    }
    waiters.settleIfIdle();
  }

  function isIdle(): boolean {
    if (claiming || inFlight.size > 0) return false;
    return deps.isStopped() || (ready.length === 0 && !dueMayRemain);
  }

  async function lookAgainWhenNextDue(): Promise<void> {
    if (!deps.isRunning()) return;
    const next = await nextOutboxAttemptAt(db);
    const dueAt = next ? Date.parse(next) : Infinity;
    look.lookBy(Math.min(dueAt, Date.now() + options.idlePollMs));
  }

  function lookNow(): void {
    dueMayRemain = true;
    pump();
  }

  return {
    launch,
    lookNow,
    lookBy: look.lookBy,
    /** Stops the background loop's timer (a stop). */
    cancelLook: look.cancel,
    whenIdle: waiters.whenIdle,
    /** A send in flight or a claim under way. */
    isBusy: () => inFlight.size > 0 || claiming !== undefined,
    /** Settles when the claim under way, if any, has ended. */
    claimsSettled,
    /** Rows claimed but never started: out of the queue, to be released. */
    takeUnstarted: () => ready.splice(0),
    /**
     * wake() comes once per stored submission; the wakes of one turn of the event loop
     * share a claim (an fsync'd write) instead of claiming one row each.
     */
    lookSoon(): void {
      dueMayRemain = true;
      look.soon(pump);
    },
    async runOnce(): Promise<OutboxRunResult> {
      if (deps.isStopped()) return { sent: 0, failed: 0 };
      const jobs = await claimBatch();
      ready.push(...jobs);
      pump();
      return countOutcomes(await Promise.all(jobs.map((job) => job.outcome)));
    },
    async drain(): Promise<OutboxRunResult> {
      const before = { ...totals };
      dueMayRemain = true;
      const idle = waiters.whenIdle({ failOnError: true });
      pump();
      await idle;
      return { sent: totals.sent - before.sent, failed: totals.failed - before.failed };
    },
  };
}
