import { existsSync } from "node:fs";
import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { SendMailOptions, Transporter } from "nodemailer";
import type StreamTransport from "nodemailer/lib/stream-transport";
import type { AppConfig } from "#server/platform/config.ts";
import { defaultOutboxWorkerOptions } from "./outbox-options";
import type { FromSmtpThread, SmtpFailure, SmtpThreadData, ToSmtpThread } from "./smtp-thread";

/** Hands a finished message to its next hop; resolves only once that hop has taken it. */
export type MailTransport = {
  /** `key` names the message stably across retries (the .eml file name). */
  deliver(message: SendMailOptions, key: string): Promise<void>;
  /** `force` also cuts deliveries in flight; they fail and are retried later. */
  close(options?: { force?: boolean }): Promise<void>;
};

export type SmtpPoolOptions = {
  /** Match the worker's concurrency: one connection per send in flight. */
  maxConnections?: number;
};

/** SMTP when configured; otherwise .eml files under the outbox folder (the embedded default). */
export function createMailTransport(mail: AppConfig["mail"], pool: SmtpPoolOptions = {}): MailTransport {
  return mail.smtpUrl ? createSmtpTransport(mail.smtpUrl, pool) : createFileTransport(mail.outboxDir);
}

/**
 * Pooled SMTP connections, driven from a thread of their own (smtp-thread.ts) so a busy
 * server still sends at pace; deliver resolves after the server's 250 reply to DATA.
 */
export function createSmtpTransport(smtpUrl: string, pool: SmtpPoolOptions = {}): MailTransport {
  const thread = createSmtpThread({
    options: {
      url: smtpUrl,
      pool: true,
      maxConnections: pool.maxConnections ?? defaultOutboxWorkerOptions.concurrency,
      // A connection is kept for as long as the server allows, not redialled every 100 messages.
      maxMessages: Infinity,
      // A dead or stalled server frees the worker's slot after this long (its lease is renewed meanwhile).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
  });
  return {
    deliver: (message) => thread.send(message),
    close: (options) => thread.close(options?.force ?? false),
  };
}

/** The built thread beside the server bundle, or from source (tests, tsx) its .ts file through tsx. */
function smtpThreadEntry(): URL {
  const built = new URL("./smtp-thread.js", import.meta.url);
  return existsSync(built) ? built : new URL("./smtp-thread-from-source.mjs", import.meta.url);
}

type Pending = { resolve(): void; reject(error: Error): void };

/**
 * Starts the thread at once, so the first e-mail does not wait for it, and again after
 * it died (its sends fail and are retried). It keeps the process alive only while a
 * send is pending.
 */
function createSmtpThread(data: SmtpThreadData) {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let worker: Worker | undefined;
  let closed: (() => void) | undefined;

  function settleAll(error: Error): void {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
    closed?.();
  }

  function onMessage(message: FromSmtpThread): void {
    if (message.type === "closed") return closed?.();
    const entry = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker?.unref();
    if (message.type === "sent") entry?.resolve();
    else entry?.reject(toError(message.failure));
  }

  function start(): Worker {
    const started = new Worker(smtpThreadEntry(), { workerData: data });
    started.on("message", onMessage);
    started.on("error", (error) => settleAll(error));
    started.on("exit", () => {
      if (worker === started) worker = undefined;
      settleAll(new Error("the SMTP thread stopped"));
    });
    started.unref();
    return started;
  }

  function post(message: ToSmtpThread): void {
    worker ??= start();
    worker.postMessage(message);
  }

  worker = start();

  return {
    async send(message: SendMailOptions): Promise<void> {
      const id = nextId++;
      const sent = new Promise<void>((resolve, reject) => pending.set(id, { resolve, reject }));
      try {
        post({ type: "send", id, message });
      } catch (error) {
        // A message that cannot be copied to the thread never reaches it.
        pending.delete(id);
        throw error;
      }
      worker?.ref();
      return sent;
    },
    /** `force` also cuts the sends in flight (they fail); without it the thread ends once closed. */
    async close(force: boolean): Promise<void> {
      const running = worker;
      if (!running) return;
      await new Promise<void>((resolve) => {
        closed = resolve;
        running.postMessage({ type: "close", force } satisfies ToSmtpThread);
      });
      closed = undefined;
      if (!force) {
        worker = undefined;
        await running.terminate();
      }
    },
  };
}

function toError(failure: SmtpFailure): Error {
  return Object.assign(new Error(failure.message), failure);
}

/**
 * Writes each message as `<key>.eml`: to a temporary name first, flushed, then renamed,
 * so the folder only ever holds complete messages and a retry overwrites the same file.
 */
export function createFileTransport(outboxDir: string): MailTransport {
  // nodemailer is loaded with the first message, not with the server (decision 023).
  let transporter: Promise<Transporter<StreamTransport.SentMessageInfo>> | undefined;
  const streamTransport = () =>
    import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    );
  return {
    async deliver(message, key) {
      transporter ??= streamTransport();
      const info = await (await transporter).sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error("stream transport did not return a buffer");
      await mkdir(outboxDir, { recursive: true });
      const target = path.join(outboxDir, `${key}.eml`);
      const temporary = `${target}.tmp`;
      const file = await open(temporary, "w");
      try {
        await file.writeFile(info.message);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
    },
    async close() {
      (await transporter)?.close();
    },
  };
}
