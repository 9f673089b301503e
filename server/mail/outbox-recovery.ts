import type { Db } from "#server/db/database.ts";
import { claimOutboxProbe, makeOutboxRetriesDue } from "#server/db/outbox.ts";
import type { OutboxRow } from "#server/db/schema.ts";
import type { Logger } from "#server/platform/logger.ts";
import { describeOutboxError as describe } from "./outbox-error-text";
import type { OutboxWorkerOptions } from "./outbox-options";

/** Rows a worker remembers having made due after a recovery, or having probed (see below). */
export const maxRememberedRows = 1_000;

/** When a message was handed to the mail server, and whether the server was refusing then. */
export type Handover = { handedAt: number; duringOutage: boolean };

export type MailServerRecovery = ReturnType<typeof createMailServerRecovery>;

/**
 * Noticing that the mail server refuses e-mails and that it takes them again: probes the
 * oldest waiting e-mail during an outage, and makes the waiting retries due once a
 * message is accepted.
 */
export function createMailServerRecovery(deps: {
  db: Db;
  owner: string;
  logger: Logger;
  options: Pick<OutboxWorkerOptions, "leaseMs" | "recoveryProbeMs">;
  /** Running and not stopped. */
  isActive(): boolean;
  /** A send in flight or a claim under way. */
  isBusy(): boolean;
  /** Sends a claimed probe (its lease held), keeping its retry time if it fails. */
  launchProbe(row: OutboxRow, retryAt: string): void;
  lookNow(): void;
}) {
  const { db, owner, logger, options } = deps;
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
        deps.lookNow();
      })
      .catch((error: unknown) => {
        // The next accepted message tries again.
        mailServerFailing = true;
        logger.warn({ error: describe(error) }, "e-mails waiting for a retry not made due");
      });
  }

  /**
   * While the mail server refuses e-mails and nothing is being sent, the e-mail that has
   * waited longest is tried every recoveryProbeMs without counting as an attempt, so a
   * recovery is noticed within seconds even when every retry is minutes away.
   */
  function scheduleProbe(): void {
    if (probeTimer || !deps.isActive()) return;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      void probe();
    }, options.recoveryProbeMs);
    probeTimer.unref();
  }

  async function probe(): Promise<void> {
    if (!mailServerFailing || !deps.isActive()) return;
    // A send in flight will tell whether the server takes e-mails again.
    if (deps.isBusy()) return scheduleProbe();
    try {
      const now = new Date();
      const leaseUntil = new Date(now.getTime() + options.leaseMs);
      const claimed = await claimOutboxProbe(db, { owner, now, leaseUntil, exceptIds: [...probed] });
      if (!claimed) return;
      deps.launchProbe(claimed.row, claimed.retryAt);
    } catch (error) {
      logger.warn({ error: describe(error) }, "could not take an e-mail to try the mail server with");
      scheduleProbe();
    }
  }

  return {
    /** Called as a message is handed over. */
    handOver(): Handover {
      const handedAt = Date.now();
      return { handedAt, duringOutage: mailServerFailing };
    },
    /**
     * The server refused the message. Handed over during an outage and refused while another
     * message was taken: the server came back meanwhile, and the recovery's wake-up could not
     * include this row (it was still leased). Once per outage, so a message refused on its own
     * keeps its backoff. Answers whether it recovered meanwhile.
     */
    refused(handover: Handover): boolean {
      const recoveredMeanwhile = handover.duringOutage && lastAcceptedAt >= handover.handedAt;
      if (!recoveredMeanwhile) {
        mailServerFailing = true;
        scheduleProbe();
      }
      return recoveredMeanwhile;
    },
    /** A refused probe: the row is not probed again this outage. */
    probeRefused(id: number): void {
      // Past the bound, a long outage starts a new round of probes from the oldest.
      if (probed.size >= maxRememberedRows) probed.clear();
      probed.add(id);
    },
    /** A message refused in its own right (not as a probe). */
    attemptRefused(id: number): void {
      probed.delete(id);
    },
    accepted(): void {
      lastAcceptedAt = Date.now();
    },
    /** After an accepted message's write has started: a recovery makes the waiting retries due. */
    afterAccepted(): void {
      if (mailServerFailing) makeRetriesDueAfterRecovery();
    },
    recorded(id: number): void {
      wokenByRecovery.delete(id);
    },
    stop(): void {
      clearTimeout(probeTimer);
    },
  };
}
