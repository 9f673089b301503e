import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import {
  claimOutboxMessages,
  listDueOutboxMessages,
  markOutboxFailed,
  markOutboxSent,
  nextOutboxAttemptAt,
} from "../db/outbox";
import type { OutboxRow } from "../db/schema";
import type { Logger } from "../logger";
import { redactSensitive, errorText } from "../../shared/error-catalogue";
import { renderOutboxMessage } from "./messages";
import type { MailTransport } from "./transport";

export type OutboxWorkerOptions = {
  /** First retry delay; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts a message is marked dead and left for a person. */
  maxAttempts: number;
  /** How long a claimed message stays invisible to other senders. */
  leaseMs: number;
  batchSize: number;
  /** Even with nothing due the worker looks again this often (rows queued by other processes). */
  idlePollMs: number;
  /** On stop, sends in flight get this long before their connections are cut. */
  stopGraceMs: number;
};

export const defaultOutboxWorkerOptions: OutboxWorkerOptions = {
  baseDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  // About a day of retries at the 15-minute cap: long enough to ride out a mail outage.
  maxAttempts: 100,
  leaseMs: 2 * 60_000,
  batchSize: 20,
  idlePollMs: 30_000,
  stopGraceMs: 5_000,
};

export type OutboxRunResult = { sent: number; failed: number };

export type OutboxWorker = {
  /** Starts the background loop; `wake` makes it look at once. */
  start(): void;
  wake(): void;
  /** Sends every message due now, once; resolves with what happened. */
  runOnce(): Promise<OutboxRunResult>;
  /** Repeats runOnce until no message is due now (messages waiting on backoff stay queued). */
  drain(): Promise<OutboxRunResult>;
  /** Stops the loop, waits for sends in flight and closes the transport. */
  stop(): Promise<void>;
};

export function retryDelayMs(
  failedAttempts: number,
  options: Pick<OutboxWorkerOptions, "baseDelayMs" | "maxDelayMs">,
) {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1), options.maxDelayMs);
}

export function createOutboxWorker(deps: {
  db: Db;
  transport: MailTransport;
  config: Pick<AppConfig, "mail" | "settings">;
  logger: Logger;
  options?: Partial<OutboxWorkerOptions>;
}): OutboxWorker {
  const { db, transport, config, logger } = deps;
  const options = { ...defaultOutboxWorkerOptions, ...deps.options };
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Set by wake(); a run that was already past its last query must not schedule over it.
  let wakeRequested = false;
  // Runs are chained so that drain(), wake() and the timer never overlap each other.
  let chain: Promise<unknown> = Promise.resolve();

  async function send(row: OutboxRow): Promise<boolean> {
    const attempts = row.attempts + 1;
    const log = logger.child({ outboxId: row.id, kind: row.kind, attempts });
    let message;
    try {
      message = renderOutboxMessage(row.kind, row.payload, config);
    } catch (error) {
      // Retrying cannot fix stored data that does not render.
      await markOutboxFailed(db, row.id, { attempts, error: describe(error), retryAt: undefined });
      log.error({ error: describe(error) }, "outbox message cannot be rendered; marked dead");
      return false;
    }
    try {
      await transport.deliver(message, `outbox-${row.id}-${row.kind}`);
    } catch (error) {
      const retryAt =
        attempts < options.maxAttempts ? new Date(Date.now() + retryDelayMs(attempts, options)) : undefined;
      await markOutboxFailed(db, row.id, { attempts, error: describe(error), retryAt });
      if (retryAt) log.warn({ error: describe(error), retryAt }, "e-mail not sent; will retry");
      else log.error({ error: describe(error) }, "e-mail not sent after the last attempt; marked dead");
      return false;
    }
    await markOutboxSent(db, row.id, attempts, new Date());
    log.info("e-mail sent");
    return true;
  }

  async function processDue(): Promise<OutboxRunResult & { claimed: number }> {
    if (stopped) return { sent: 0, failed: 0, claimed: 0 };
    const now = new Date();
    const due = await listDueOutboxMessages(db, now, options.batchSize);
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    const ids = await claimOutboxMessages(
      db,
      due.map((row) => row.id),
      now,
      leaseUntil,
    );
    const claimed = due.filter((row) => ids.has(row.id));
    const outcomes = await Promise.all(claimed.map(send));
    const sent = outcomes.filter(Boolean).length;
    return { sent, failed: outcomes.length - sent, claimed: claimed.length };
  }

  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const result = chain.then(task);
    chain = result.catch(() => undefined);
    return result;
  }

  async function drainDue(): Promise<OutboxRunResult> {
    const total = { sent: 0, failed: 0 };
    for (;;) {
      const { sent, failed, claimed } = await processDue();
      total.sent += sent;
      total.failed += failed;
      if (claimed < options.batchSize) return total;
    }
  }

  async function delayUntilNextDue(): Promise<number> {
    const next = await nextOutboxAttemptAt(db);
    if (!next) return options.idlePollMs;
    return Math.min(Math.max(0, Date.parse(next) - Date.now()), options.idlePollMs);
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // A pending retry must not keep a finished process (a script, a test) alive.
    timer.unref();
  }

  function tick() {
    timer = undefined;
    wakeRequested = false;
    serialized(async () => {
      await drainDue();
      return delayUntilNextDue();
    }).then(
      (delay) => schedule(wakeRequested ? 0 : delay),
      (error: unknown) => {
        logger.error({ error: describe(error) }, "outbox worker run failed");
        schedule(options.idlePollMs);
      },
    );
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      wakeRequested = true;
      schedule(0);
    },
    runOnce: () =>
      serialized(async () => {
        const { sent, failed } = await processDue();
        return { sent, failed };
      }),
    drain: () => serialized(drainDue),
    async stop() {
      running = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      let grace: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        chain.then(() => true),
        new Promise<false>((resolve) => (grace = setTimeout(() => resolve(false), options.stopGraceMs))),
      ]);
      clearTimeout(grace);
      if (!finished) await transport.close({ force: true });
      await chain;
      await transport.close();
    },
  };
}

function describe(error: unknown): string {
  return redactSensitive(errorText(error) || "unknown error").slice(0, 500);
}
