import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { releaseOutboxLeases, renewOutboxLeases } from "#server/db/outbox.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { MailContext } from "./mail-context";
import { createOutboxDelivery, retryDelayMs } from "./outbox-delivery";
import { createOutboxDispatcher, toJob, type OutboxRunResult } from "./outbox-dispatch";
import { describeOutboxError as describe } from "./outbox-error-text";
import { createLeaseRenewer, formatLeaseOwner, newLeaseOwner, type LeaseOwner } from "./outbox-lease";
import { defaultOutboxWorkerOptions, type OutboxWorkerOptions } from "./outbox-options";
import { createMailServerRecovery } from "./outbox-recovery";
import { liveOwners, takeBackAbandonedLeases, watchForAbandonedLeases } from "./outbox-takeover";
import type { MailTransport } from "./transport";

export { defaultOutboxWorkerOptions, retryDelayMs, type OutboxRunResult, type OutboxWorkerOptions };

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

/**
 * The outbox worker's life: it wires the dispatcher (claiming and keeping sends going),
 * the delivery of one message, the mail server's recovery and the takeover of a dead
 * sibling's leases, then starts and stops them together.
 */
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
  const { db, transport, logger } = deps;
  const options = { ...defaultOutboxWorkerOptions, ...deps.options };
  const identity = deps.identity ?? newLeaseOwner();
  const owner = formatLeaseOwner(identity);
  liveOwners.add(owner);

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
  let running = false;
  let stopped = false;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let takeoverTimer: NodeJS.Timeout | undefined;

  const dispatcher = createOutboxDispatcher({
    db,
    owner,
    logger,
    options,
    leases,
    send: (row, probeRetryAt) => delivery.send(row, probeRetryAt),
    isRunning: () => running,
    isStopped: () => stopped,
  });
  const recovery = createMailServerRecovery({
    db,
    owner,
    logger,
    options,
    isActive: () => running && !stopped,
    isBusy: dispatcher.isBusy,
    launchProbe(row, retryAt) {
      leases.hold(row.id);
      dispatcher.launch(toJob(row, retryAt));
    },
    lookNow: dispatcher.lookNow,
  });
  const delivery = createOutboxDelivery({
    ...deps,
    options,
    owner,
    leases,
    recovery,
    lookNow: dispatcher.lookNow,
    lookBy: dispatcher.lookBy,
  });

  /** Rows claimed but never started go back to the queue, due now, for whichever worker runs next. */
  async function releaseUnsent(): Promise<void> {
    for (const job of dispatcher.takeUnstarted()) job.settle("released");
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
    recovery.stop();
    dispatcher.cancelLook();
    await starting;
    await waitForSendsInFlight();
    await dispatcher.claimsSettled();
    await releaseUnsent();
    leases.stop();
    liveOwners.delete(owner);
    await transport.close();
  }

  async function waitForSendsInFlight(): Promise<void> {
    const idle = dispatcher.whenIdle({ failOnError: false });
    let grace: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      idle.then(() => true),
      new Promise<false>((resolve) => (grace = setTimeout(() => resolve(false), options.stopGraceMs))),
    ]);
    clearTimeout(grace);
    // Cut deliveries still going: they fail, and are retried by the next worker.
    if (!finished) {
      delivery.abandonRecording();
      await transport.close({ force: true });
    }
    await idle;
  }

  return {
    start() {
      if (running || stopped) return;
      running = true;
      starting = takeBackAbandonedLeases(db, identity, logger)
        .then(() => undefined)
        .catch((error: unknown) =>
          logger.error({ error: describe(error) }, "could not take back a stopped worker's e-mails"),
        )
        .finally(() => {
          dispatcher.lookNow();
          if (running)
            takeoverTimer = watchForAbandonedLeases({
              db,
              identity,
              logger,
              everyMs: options.takeoverCheckMs,
              isRunning: () => running,
              onTaken: dispatcher.lookNow,
            });
        });
    },
    wake() {
      if (running) dispatcher.lookSoon();
    },
    runOnce: dispatcher.runOnce,
    drain: dispatcher.drain,
    stop() {
      stopping ??= shutDown();
      return stopping;
    },
  };
}
