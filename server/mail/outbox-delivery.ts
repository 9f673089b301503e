import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { markOutboxFailed, markOutboxSent, type OutboxFailure } from "#server/db/outbox.ts";
import type { OutboxRow } from "#server/db/schema.ts";
import type { Logger } from "#server/platform/logger.ts";
import { mailFileKey } from "./mail-files";
import type { MailContext } from "./mail-context";
import { describeOutboxError as describe } from "./outbox-error-text";
import type { LeaseRenewer } from "./outbox-lease";
import { renderOutboxMessage } from "./outbox-messages";
import type { OutboxWorkerOptions } from "./outbox-options";
import type { MailServerRecovery } from "./outbox-recovery";
import { withWholeTextLines } from "./plain-text-part";
import { redactSentPayload } from "./sent-payload";
import type { MailTransport } from "./transport";

/** How one claimed message ended: sent, failed (for now or for good), or put back unsent. */
export type SendOutcome = "sent" | "failed" | "released";

export function retryDelayMs(
  failedAttempts: number,
  options: Pick<OutboxWorkerOptions, "baseDelayMs" | "maxDelayMs">,
) {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1), options.maxDelayMs);
}

/** The pauses between tries to record an accepted message, which a stop past its grace cuts short. */
function createRecordingPauses() {
  /** Set once a stop has waited its grace: accepted sends not yet recorded stop retrying. */
  let recordingAbandoned = false;
  const recordingPauses = new Set<() => void>();
  return {
    abandoned: () => recordingAbandoned,
    /** Waits `ms`, or less if a stop gives up recording. Keeps the process alive: the write matters. */
    pause(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timeout);
          recordingPauses.delete(done);
          resolve();
        };
        const timeout = setTimeout(done, ms);
        recordingPauses.add(done);
      });
    },
    abandon(): void {
      recordingAbandoned = true;
      for (const done of [...recordingPauses]) done();
    },
  };
}

/**
 * Sending one claimed message: render it, hand it to the mail server, and record what
 * happened under the worker's lease (sent, a retry with backoff, or dead).
 */
export function createOutboxDelivery(deps: {
  db: Db;
  transport: MailTransport;
  config: Pick<AppConfig, "mail" | "settings">;
  mailContext?: () => Promise<MailContext>;
  logger: Logger;
  options: OutboxWorkerOptions;
  owner: string;
  leases: LeaseRenewer;
  recovery: MailServerRecovery;
  lookNow(): void;
  lookBy(at: number): void;
}) {
  const { db, transport, config, logger, options, owner, leases, recovery } = deps;
  const recording = createRecordingPauses();

  async function send(row: OutboxRow, probeRetryAt?: string): Promise<SendOutcome> {
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
    const handover = recovery.handOver();
    try {
      await transport.deliver(withWholeTextLines(message), mailFileKey(row));
    } catch (error) {
      return recordRefusal(row, recovery.refused(handover), error, log, probeRetryAt);
    }
    recovery.accepted();
    // The write starts in this turn of the event loop, before anything else is asked of the database.
    const recorded = recordSent(row.id, sentPayload, new Date(), log);
    recovery.afterAccepted();
    return recorded;
  }

  /** The mail server refused the message: a probe keeps its place, an attempt backs off or dies. */
  async function recordRefusal(
    row: OutboxRow,
    recoveredMeanwhile: boolean,
    error: unknown,
    log: Logger,
    probeRetryAt: string | undefined,
  ): Promise<SendOutcome> {
    const attempts = row.attempts + 1;
    if (probeRetryAt !== undefined) {
      // A refused probe costs the message nothing: its attempts and retry time stay.
      recovery.probeRefused(row.id);
      const failure = { attempts: row.attempts, error: describe(error), at: new Date() };
      const retryAt = recoveredMeanwhile ? new Date() : new Date(probeRetryAt);
      await recordFailure(row.id, { ...failure, retryAt }, log);
      if (recoveredMeanwhile) deps.lookNow();
      log.info({ error: describe(error) }, "the mail server still refuses e-mails");
      return "failed";
    }
    recovery.attemptRefused(row.id);
    const retryAt =
      attempts >= options.maxAttempts
        ? undefined
        : new Date(recoveredMeanwhile ? Date.now() : Date.now() + retryDelayMs(attempts, options));
    await recordFailure(row.id, { attempts, error: describe(error), retryAt, at: new Date() }, log);
    if (retryAt) {
      deps.lookBy(retryAt.getTime());
      log.warn({ error: describe(error), retryAt }, "e-mail not sent; will retry");
    } else log.error({ error: describe(error) }, "e-mail not sent after the last attempt; marked dead");
    return "failed";
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
  ): Promise<SendOutcome> {
    for (
      let delayMs = options.databaseRetryMs;
      ;
      delayMs = Math.min(delayMs * 2, options.databaseRetryMaxMs)
    ) {
      leases.release(id);
      try {
        const kept = await markOutboxSent(db, owner, { id, payload }, acceptedAt);
        recovery.recorded(id);
        if (kept) log.info("e-mail sent");
        else log.warn("e-mail sent, but its lease had expired: another worker may send it again");
        return "sent";
      } catch (error) {
        if (recording.abandoned()) {
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
        await recording.pause(delayMs);
      }
    }
  }

  async function recordFailure(id: number, failure: OutboxFailure, log: Logger): Promise<void> {
    leases.release(id);
    if (!(await markOutboxFailed(db, owner, id, failure)))
      log.warn("lease had expired before the failure was recorded; another worker has the message");
  }

  return {
    send,
    /** A stop outlasted its grace: accepted sends not yet recorded stop retrying. */
    abandonRecording: recording.abandon,
  };
}
