import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mime";

export type ReceivedMail = ParsedMail & { raw: string; from: string; to: string[] };

export type SmtpSink = {
  port: number;
  /** For SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** While true, every message is refused with a temporary (451) error. */
  refuse: boolean;
  /** Messages whose DATA has begun, whether or not they were (yet) accepted. */
  dataStarted: number;
  /** Resolves once `count` messages have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export type SinkBehaviour = {
  /** Holds the reply to DATA this long: a slow mail server. */
  replyDelayMs?: number;
  /** Never replies to DATA: a server that hangs mid-message (close() still ends). */
  stallReplies?: boolean;
  /**
   * Awaited before the reply to the n-th message's DATA (1-based, in the order DATA
   * ended): a fault can be set up between "received" and "accepted".
   */
  beforeReply?: (n: number) => Promise<void> | void;
};

/**
 * A real SMTP server on loopback that keeps what it receives. Pass a port to come back
 * up where an earlier sink was (the "mail server returns" tests).
 */
export async function startSmtpSink(port = 0, behaviour: SinkBehaviour = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const sink = { refuse: false, dataStarted: 0 } as SmtpSink;
  let dataEnded = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      sink.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (behaviour.stallReplies) return;
        if (behaviour.replyDelayMs)
          await new Promise((resolve) => setTimeout(resolve, behaviour.replyDelayMs));
        await behaviour.beforeReply?.(++dataEnded);
        if (sink.refuse) {
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = session.envelope;
        messages.push({
          ...parseMail(raw),
          raw,
          from: envelope.mailFrom ? envelope.mailFrom.address : "",
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  // A client that vanishes mid-message (a server killed while sending) resets its
  // connection; that is the scenario under test, not a failure of the sink.
  server.on("error", () => {});
  const listening = await new Promise<number>((resolve, reject) => {
    const net = server.listen(port, "127.0.0.1", () => {
      const address = net.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
    net.once("error", reject);
  });
  return Object.assign(sink, {
    port: listening,
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    async waitForMessages(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A loopback port nothing listens on (yet): for "the mail server is down". */
export { freePort } from "#scripts/lib/built-server.ts";
