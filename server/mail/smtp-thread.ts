/**
 * The SMTP pool's own thread (see createSmtpTransport): nodemailer takes a dozen turns of
 * the event loop per message (stream hops, the SMTP replies), and on the server's loop
 * each turn waits behind every HTTP request in the queue. Here the turns are instant.
 */
import { parentPort, workerData } from "node:worker_threads";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";

export type SmtpThreadData = { options: SMTPPool.Options };

export type ToSmtpThread =
  { type: "send"; id: number; message: SendMailOptions } | { type: "close"; force: boolean };

/** What of a nodemailer error crosses back: enough to log it and tell temporary from permanent. */
export type SmtpFailure = { message: string; code?: string; responseCode?: number; command?: string };

export type FromSmtpThread =
  { type: "sent"; id: number } | { type: "failed"; id: number; failure: SmtpFailure } | { type: "closed" };

function toFailure(error: unknown): SmtpFailure {
  const fields = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
  return {
    message: error instanceof Error ? error.message : String(error),
    code: typeof fields.code === "string" ? fields.code : undefined,
    responseCode: typeof fields.responseCode === "number" ? fields.responseCode : undefined,
    command: typeof fields.command === "string" ? fields.command : undefined,
  };
}

function serve(port: NonNullable<typeof parentPort>, data: SmtpThreadData): void {
  const transporter = nodemailer.createTransport(data.options);
  const reply = (message: FromSmtpThread) => port.postMessage(message);
  port.on("message", (message: ToSmtpThread) => {
    if (message.type === "send") {
      transporter.sendMail(message.message).then(
        () => reply({ type: "sent", id: message.id }),
        (error: unknown) => reply({ type: "failed", id: message.id, failure: toFailure(error) }),
      );
      return;
    }
    transporter.close({ force: message.force });
    reply({ type: "closed" });
  });
}

if (parentPort) serve(parentPort, workerData as SmtpThreadData);
