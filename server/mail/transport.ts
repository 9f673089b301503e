import { mkdir, open, rename } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { AppConfig } from "../config";

/** Hands a finished message to its next hop; resolves only once that hop has taken it. */
export type MailTransport = {
  /** `key` names the message stably across retries (the .eml file name). */
  deliver(message: SendMailOptions, key: string): Promise<void>;
  /** `force` also cuts deliveries in flight; they fail and are retried later. */
  close(options?: { force?: boolean }): Promise<void>;
};

/** SMTP when configured; otherwise .eml files under the outbox folder (the embedded default). */
export function createMailTransport(mail: AppConfig["mail"]): MailTransport {
  return mail.smtpUrl ? createSmtpTransport(mail.smtpUrl) : createFileTransport(mail.outboxDir);
}

/** A pooled SMTP connection; sendMail resolves after the server's 250 reply to DATA. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    // Short enough that a dead server fails an attempt well inside the worker's lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(message) {
      await transporter.sendMail(message);
    },
    async close(options) {
      transporter.close(options);
    },
  };
}

/**
 * Writes each message as `<key>.eml`: to a temporary name first, flushed, then renamed,
 * so the folder only ever holds complete messages and a retry overwrites the same file.
 */
export function createFileTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async deliver(message, key) {
      const info = await transporter.sendMail(message);
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
      transporter.close();
    },
  };
}
