import type { AppConfig } from "#server/platform/config.ts";
import { mailFileKey } from "./mail-files";
import type { Db } from "#server/db/database.ts";
import {
  claimDueOutboxMessages,
  claimOutboxProbe,
  listOutboxLeaseOwners,
  makeOutboxRetriesDue,
  markOutboxFailed,
  markOutboxSent,
  nextOutboxAttemptAt,
  type OutboxFailure,
  releaseOutboxLeases,
  renewOutboxLeases,
} from "#server/db/outbox.ts";
import type { OutboxRow } from "#server/db/schema.ts";
import type { Logger } from "#server/platform/logger.ts";
import { redactSensitive, errorText } from "#shared/error-catalogue.ts";
import type { MailContext } from "./mail-context";
import { renderOutboxMessage } from "./outbox-messages";
import { withWholeTextLines } from "./plain-text-part";
import { redactSentPayload } from "./sent-payload";
import {
  createLeaseRenewer,
  formatLeaseOwner,
  isAbandonedLease,
  isProcessRunning,
  newLeaseOwner,
  type LeaseOwner,
} from "./outbox-lease";
import type { MailTransport } from "./transport";
import { defaultOutboxWorkerOptions, type OutboxWorkerOptions } from "./outbox-options";

export { defaultOutboxWorkerOptions, type OutboxWorkerOptions };

export type OutboxRunResult = { sent: number; failed: number };

export type OutboxWorker = {
  /** Takes back a dead predecessor's leases, then runs in the background; `wake` makes it look at once. */
  start(): void;
  wake(): void;
  /** Claims what is due now, up to `concurrency` messages, and sends them; resolves with what happened. */
  runOnce(): Promise<OutboxRunResult>;
  /** Sends until no message is due now (messages waiting on backoff stay queued). */
  drain(): Promise<OutboxRunResult>;
  /** Stops claiming, waits for sends in flight (cut after the grace period) and closes the transport. */
  stop(): Promise<void>;
};

/** Rows a worker remembers having made due after a recovery, or having probed (see below). */
const maxRememberedRows = 1_000;

/** Owners of the workers running in this process: their rows are never taken back. */
const liveOwners = new Set<string>();

export function retryDelayMs(
  failedAttempts: number,
  options: Pick<OutboxWorkerOptions, "baseDelayMs" | "maxDelayMs">,
) {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1), options.maxDelayMs);
}

type Outcome = "sent" | "failed" | "released";

/** A claimed row, waiting for a free slot or being sent. */
type Job = {
  row: OutboxRow;
  /** Set on a probe: the retry time the row had, kept if the probe fails. */
  probeRetryAt?: string;
  outcome: Promise<Outcome>;
  settle(outcome: Outcome): void;
};

function toJob(row: OutboxRow, probeRetryAt?: string): Job {
  let settle!: (outcome: Outcome) => void;
  const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
  return { row, probeRetryAt, outcome, settle };
}

/** Waits for the worker to go idle; `reject` (drain's) also hears of a failed claim. */
type Waiter = { resolve(): void; reject?(error: unknown): void };

export function createOutboxWorker(deps: {
  db: Db;
  transport: MailTransport;
  config: Pick<AppConfig, "mail" | "settings">;
  /** The settings as they are when a message is built (mail-context.ts); without it, `config`'s. */
  mailContext?: () => Promise<MailContext>;
  logger: Logger;
  options?: Partial<OutboxWorkerOptions>;
  /** Tests pose as a given worker (a restart's successor); normally this host, pid and a fresh nonce. */
  identity?: LeaseOwner;
}): OutboxWorker {
  const { db, transport, config, logger } = deps;
  const options = { ...defaultOutboxWorkerOptions, ...deps.options };
  const identity = deps.identity ?? newLeaseOwner();
  const owner = formatLeaseOwner(identity);
  liveOwners.add(owner);

  /** Claimed a batch at a time (one statement), sent `concurrency` at a time. */
  const ready: Job[] = [];
  const inFlight = new Set<Job>();
  const leases = createLeaseRenewer({
    leaseMs: options.leaseMs,
    renew: (ids, leaseUntil) => renewOutboxLeases(db, owner, ids, leaseUntil),
    onLost: (ids) =>
      logger.warn(
        { outboxIds: ids },
        "lease on e-mails being sent was lost; another worker may send them too",
      ),
    onError: (error) => logger.warn({ error: describe(error) }, "outbox leases not renewed; trying again"),
  });
  const totals: OutboxRunResult = { sent: 0, failed: 0 };
  let running = false;
  let stopped = false;
  // Whether the last look may have left due rows behind; cleared before each claim, so a
  // wake() during the claim is never lost.
  let dueMayRemain = false;
  let claiming: Promise<void> | undefined;
  let claimChain: Promise<unknown> = Promise.resolve();
  let idleWaiters: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = Infinity;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let lookScheduled = false;
  /** How long until a claim the database refused is tried again; doubles while it keeps refusing. */
  let claimRetryMs = options.databaseRetryMs;
  /** Whether the mail server refused the last message this worker handed over. */
  let mailServerFailing = false;
  /** When the mail server last took a message (epoch ms): a refusal older than that is stale. */
  let lastAcceptedAt = 0;
  /**
   * Rows a recovery made due: a later recovery leaves them to their backoff, so a message
   * that fails on its own is not retried at every success of the others. Bounded.
   */
  const wokenByRecovery = new Set<number>();
  /** Rows probed since the mail server last took a message: each is probed once (bounded). */
  const probed = new Set<number>();
  let probeTimer: NodeJS.Timeout | undefined;
  /** Set once a stop has waited its grace: accepted sends not yet recorded stop retrying. */
  let recordingAbandoned = false;
  const recordingPauses = new Set<() => void>();

  async function send(row: OutboxRow, probeRetryAt?: string): Promise<Outcome> {
    const attempts = row.attempts + 1;
    const log = logger.child({ outboxId: row.id, kind: row.kind, attempts });
    // Outside the try below: only the row's own data may mark it dead.
    const context = deps.mailContext ? await deps.mailContext() : config;
    let message;
    let sentPayload;
    try {
      message = renderOutboxMessage(row.kind, row.payload, context);
      // Worked out before the hand-over: once the server accepted the message, nothing
      // stands between its reply and the write that records it.
      sentPayload = redactSentPayload(row.kind, row.payload);
    } catch (error) {
      // Retrying cannot fix stored data that does not render.
      await recordFailure(
        row.id,
        { attempts, error: describe(error), retryAt: undefined, at: new Date() },
        log,
      );
      log.error({ error: describe(error) }, "outbox message cannot be rendered; marked dead");
      return "failed";
    }
    const handedAt = Date.now();
    const duringOutage = mailServerFailing;
    try {
      await transport.deliver(withWholeTextLines(message), mailFileKey(row));
    } catch (error) {
      // Handed over during an outage and refused while another message was taken: the
      // server came back meanwhile, and the recovery's wake-up could not include this row
      // (it was still leased). Once per outage, so a message refused on its own keeps its backoff.
      const recoveredMeanwhile = duringOutage && lastAcceptedAt >= handedAt;
      if (!recoveredMeanwhile) {
        mailServerFailing = true;
        scheduleProbe();
      }
      if (probeRetryAt !== undefined) {
        // A refused probe costs the message nothing: its attempts and retry time stay.
        // Past the bound, a long outage starts a new round of probes from the oldest.
        if (probed.size >= maxRememberedRows) probed.clear();
        probed.add(row.id);
        const failure = { attempts: row.attempts, error: describe(error), at: new Date() };
        const retryAt = recoveredMeanwhile ? new Date() : new Date(probeRetryAt);
        await recordFailure(row.id, { ...failure, retryAt }, log);
        if (recoveredMeanwhile) lookNow();
        log.info({ error: describe(error) }, "the mail server still refuses e-mails");
        return "failed";
      }
      probed.delete(row.id);
      const retryAt =
        attempts >= options.maxAttempts
          ? undefined
          : new Date(recoveredMeanwhile ? Date.now() : Date.now() + retryDelayMs(attempts, options));
      await recordFailure(row.id, { attempts, error: describe(error), retryAt, at: new Date() }, log);
      if (retryAt) {
        lookBy(retryAt.getTime());
        log.warn({ error: describe(error), retryAt }, "e-mail not sent; will retry");
      } else log.error({ error: describe(error) }, "e-mail not sent after the last attempt; marked dead");
      return "failed";
    }
    lastAcceptedAt = Date.now();
    // The write starts in this turn of the event loop, before anything else is asked of the database.
    const recorded = recordSent(row.id, sentPayload, new Date(), log);
    if (mailServerFailing) makeRetriesDueAfterRecovery();
    return recorded;
  }

  /**
   * The mail server accepted the message: records it, and while the database refuses the
   * write (a restart, a failover) keeps the row's lease renewed and tries again with
   * backoff, so neither another sender nor a later look sends it again. Only a stop that
   * outlasted its grace gives up; the message is then sent again after the lease (same
   * Message-ID).
   */
  async function recordSent(
    id: number,
    payload: string | undefined,
    acceptedAt: Date,
    log: Logger,
  ): Promise<Outcome> {
    for (
      let delayMs = options.databaseRetryMs;
      ;
      delayMs = Math.min(delayMs * 2, options.databaseRetryMaxMs)
    ) {
      leases.release(id);
      try {
        const kept = await markOutboxSent(db, owner, { id, payload }, acceptedAt);
        wokenByRecovery.delete(id);
        if (kept) log.info("e-mail sent");
        else log.warn("e-mail sent, but its lease had expired: another worker may send it again");
        return "sent";
      } catch (error) {
        if (recordingAbandoned) {
          log.error(
            { error: describe(error) },
            "e-mail sent but not recorded before the stop; it will be sent again once its lease expires",
          );
          return "sent";
        }
        leases.hold(id);
        log.warn(
          { error: describe(error), retryInMs: delayMs },
          "e-mail sent but not yet recorded; keeping it and trying again",
        );
        await pauseRecording(delayMs);
      }
    }
  }

  /** Waits `ms`, or less if a stop gives up recording. Keeps the process alive: the write matters. */
  function pauseRecording(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timeout);
        recordingPauses.delete(done);
        resolve();
      };
      const timeout = setTimeout(done, ms);
      recordingPauses.add(done);
    });
  }

  function abandonRecording(): void {
    recordingAbandoned = true;
    for (const done of [...recordingPauses]) done();
  }

  /**
   * The mail server took a message after refusing one: the messages waiting for a retry
   * become due now (claimed `concurrency` at a time), instead of each waiting out its
   * own backoff, up to 15 minutes after a long outage.
   */
  function makeRetriesDueAfterRecovery(): void {
    mailServerFailing = false;
    probed.clear();
    makeOutboxRetriesDue(db, new Date(), [...wokenByRecovery])
      .then((ids) => {
        for (const id of ids) wokenByRecovery.add(id);
        // Oldest first out: only a recent recovery's rows matter.
        for (const id of wokenByRecovery) {
          if (wokenByRecovery.size <= maxRememberedRows) break;
          wokenByRecovery.delete(id);
        }
        if (ids.length === 0) return;
        logger.info({ count: ids.length }, "the mail server takes e-mails again; those waiting are due now");
        lookNow();
      })
      .catch((error: unknown) => {
        // The next accepted message tries again.
        mailServerFailing = true;
        logger.warn({ error: describe(error) }, "e-mails waiting for a retry not made due");
      });
  }

  async function recordFailure(id: number, failure: OutboxFailure, log: Logger): Promise<void> {
    leases.release(id);
    if (!(await markOutboxFailed(db, owner, id, failure)))
      log.warn("lease had expired before the failure was recorded; another worker has the message");
  }

  /**
   * While the mail server refuses e-mails and nothing is being sent, the e-mail that has
   * waited longest is tried every recoveryProbeMs without counting as an attempt, so a
   * recovery is noticed within seconds even when every retry is minutes away.
   */
  function scheduleProbe(): void {
    if (probeTimer || !running || stopped) return;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      void probe();
    }, options.recoveryProbeMs);
    probeTimer.unref();
  }

  async function probe(): Promise<void> {
    if (!mailServerFailing || !running || stopped) return;
    // A send in flight will tell whether the server takes e-mails again.
    if (inFlight.size > 0 || claiming) return scheduleProbe();
    try {
      const now = new Date();
      const leaseUntil = new Date(now.getTime() + options.leaseMs);
      const claimed = await claimOutboxProbe(db, { owner, now, leaseUntil, exceptIds: [...probed] });
      if (!claimed) return;
      leases.hold(claimed.row.id);
      launch(toJob(claimed.row, claimed.retryAt));
    } catch (error) {
      logger.warn({ error: describe(error) }, "could not take an e-mail to try the mail server with");
      scheduleProbe();
    }
  }

  function launch(job: Job): void {
    inFlight.add(job);
    send(job.row, job.probeRetryAt)
      .catch((error: unknown): Outcome => {
        // The row keeps its lease until that expires, then it is tried again.
        logger.error({ outboxId: job.row.id, error: describe(error) }, "outbox send could not be recorded");
        return "failed";
      })
      .then((outcome) => {
        totals[outcome === "sent" ? "sent" : "failed"]++;
        inFlight.delete(job);
        leases.release(job.row.id);
        job.settle(outcome);
        pump();
      });
  }

  function launchReady(): void {
    while (!stopped && inFlight.size < options.concurrency) {
      const job = ready.shift();
      if (!job) return;
      launch(job);
    }
  }

  /** One statement claims the next batch; claims never overlap, so a batch is never larger than planned. */
  function claimBatch(): Promise<Job[]> {
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
  }

  async function fillSlots(): Promise<void> {
    while (!stopped && inFlight.size < options.concurrency && dueMayRemain) {
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
    if (!claiming && slotFree && ready.length === 0 && dueMayRemain && !stopped) {
      claiming = fillSlots()
        .catch((error: unknown) => {
          logger.error({ error: describe(error) }, "outbox worker run failed");
          rejectWaiters(error);
          lookBy(Date.now() + nextClaimRetryMs());
        })
        .finally(() => {
          claiming = undefined;
          pump();
        });
    } else if (!claiming && !timer && running && !stopped && ready.length === 0 && inFlight.size === 0) {
      // Idle with nothing scheduled: a retry time asked for while an earlier look was
      // pending was dropped (lookBy keeps the earliest), so ask the database when next.
      claiming = lookAgainWhenNextDue()
        .catch((error: unknown) => {
          logger.error({ error: describe(error) }, "outbox worker could not schedule its next look");
          lookBy(Date.now() + nextClaimRetryMs());
        })
        .finally(() => {
          claiming = undefined;
          // A look asked for while this one read the next due time (a recovery that made
          // the waiting messages due) found it busy: it runs now, not at the idle poll.
          if (dueMayRemain) pump();
          else settleWaitersIfIdle();
        });
    }
    settleWaitersIfIdle();
  }

  /** A database back from a restart is used within seconds, not after the idle poll. */
  function nextClaimRetryMs(): number {
    const delayMs = claimRetryMs;
    claimRetryMs = Math.min(claimRetryMs * 2, options.idlePollMs);
    return delayMs;
  }

  function isIdle(): boolean {
    if (claiming || inFlight.size > 0) return false;
    return stopped || (ready.length === 0 && !dueMayRemain);
  }

  function whenIdle(options: { failOnError: boolean }): Promise<void> {
    return new Promise((resolve, reject) => {
      idleWaiters.push({ resolve, reject: options.failOnError ? reject : undefined });
      settleWaitersIfIdle();
    });
  }

  function settleWaitersIfIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const waiter of waiters) waiter.resolve();
  }

  function rejectWaiters(error: unknown): void {
    const failing = idleWaiters.filter((waiter) => waiter.reject);
    idleWaiters = idleWaiters.filter((waiter) => !waiter.reject);
    for (const waiter of failing) waiter.reject?.(error);
  }

  async function lookAgainWhenNextDue(): Promise<void> {
    if (!running) return;
    const next = await nextOutboxAttemptAt(db);
    const dueAt = next ? Date.parse(next) : Infinity;
    lookBy(Math.min(dueAt, Date.now() + options.idlePollMs));
  }

  /** Makes the background loop look for due rows no later than `at` (epoch ms). */
  function lookBy(at: number): void {
    if (!running || at >= timerDueAt) return;
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
  }

  function lookNow(): void {
    dueMayRemain = true;
    pump();
  }

  /**
   * wake() comes once per stored submission; the wakes of one turn of the event loop
   * share a claim (an fsync'd write) instead of claiming one row each.
   */
  function lookSoon(): void {
    dueMayRemain = true;
    if (lookScheduled) return;
    lookScheduled = true;
    setImmediate(() => {
      lookScheduled = false;
      pump();
    });
  }

  /**
   * A worker that died mid-send on this host left rows leased to it; they are due again
   * at once. Resolves with how many rows were taken back.
   */
  async function takeBackAbandonedLeases(): Promise<number> {
    const context = { self: identity, liveInProcess: liveOwners, isProcessRunning };
    const abandoned = (await listOutboxLeaseOwners(db)).filter((other) => isAbandonedLease(other, context));
    let taken = 0;
    const now = new Date();
    for (const other of abandoned) taken += await releaseOutboxLeases(db, other, now);
    if (taken > 0)
      logger.warn({ count: taken, owners: abandoned }, "took back e-mails a stopped worker was sending");
    return taken;
  }

  /** While running, a sibling on this host that dies is noticed within takeoverCheckMs. */
  let takeoverTimer: NodeJS.Timeout | undefined;
  let checkingTakeover = false;
  function watchForAbandonedLeases(): void {
    takeoverTimer = setInterval(() => {
      if (checkingTakeover || !running) return;
      checkingTakeover = true;
      takeBackAbandonedLeases()
        .then((taken) => {
          if (taken > 0) lookNow();
        })
        .catch((error: unknown) =>
          logger.warn({ error: describe(error) }, "could not look for a stopped worker's e-mails"),
        )
        .finally(() => (checkingTakeover = false));
    }, options.takeoverCheckMs);
    // Never what keeps a finished process alive.
    takeoverTimer.unref();
  }

  /** Rows claimed but never started go back to the queue, due now, for whichever worker runs next. */
  async function releaseUnsent(): Promise<void> {
    for (const job of ready.splice(0)) job.settle("released");
    try {
      await releaseOutboxLeases(db, owner, new Date());
    } catch (error) {
      logger.warn(
        { error: describe(error) },
        "claimed e-mails not released; they wait for their lease to expire",
      );
    }
  }

  async function shutDown(): Promise<void> {
    running = false;
    stopped = true;
    clearInterval(takeoverTimer);
    clearTimeout(probeTimer);
    clearTimeout(timer);
    timer = undefined;
    timerDueAt = Infinity;
    await starting;
    await waitForSendsInFlight();
    await claimChain;
    await releaseUnsent();
    leases.stop();
    liveOwners.delete(owner);
    await transport.close();
  }

  async function waitForSendsInFlight(): Promise<void> {
    const idle = whenIdle({ failOnError: false });
    let grace: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      idle.then(() => true),
      new Promise<false>((resolve) => (grace = setTimeout(() => resolve(false), options.stopGraceMs))),
    ]);
    clearTimeout(grace);
    // Cut deliveries still going: they fail, and are retried by the next worker.
    if (!finished) {
      abandonRecording();
      await transport.close({ force: true });
    }
    await idle;
  }

  return {
    start() {
      if (running || stopped) return;
      running = true;
      starting = takeBackAbandonedLeases()
        .then(() => undefined)
        .catch((error: unknown) =>
          logger.error({ error: describe(error) }, "could not take back a stopped worker's e-mails"),
        )
        .finally(() => {
          lookNow();
          if (running) watchForAbandonedLeases();
        });
    },
    wake() {
      if (running) lookSoon();
    },
    async runOnce() {
      if (stopped) return { sent: 0, failed: 0 };
      const jobs = await claimBatch();
      ready.push(...jobs);
      pump();
      const outcomes = await Promise.all(jobs.map((job) => job.outcome));
      return {
        sent: outcomes.filter((outcome) => outcome === "sent").length,
        failed: outcomes.filter((outcome) => outcome === "failed").length,
      };
    },
    async drain() {
      const before = { ...totals };
      dueMayRemain = true;
      const idle = whenIdle({ failOnError: true });
      pump();
      await idle;
      return { sent: totals.sent - before.sent, failed: totals.failed - before.failed };
    },
    stop() {
      stopping ??= shutDown();
      return stopping;
    },
  };
}

function describe(error: unknown): string {
  return redactSensitive(errorText(error) || "unknown error").slice(0, 500);
}
