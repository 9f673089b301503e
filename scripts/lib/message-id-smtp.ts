import { SMTPServer } from "smtp-server";

/** How much of a message is read for its Message-ID: the headers come first. */
const HEAD_BYTES = 8192;

/**
 * A plain SMTP server for benchmarks (no TLS, no AUTH) that hands `onMessage` each message's
 * Message-ID, read from its head, and the callback that answers the sender (with an error
 * carrying `responseCode`, a refusal).
 */
export function createMessageIdSmtp(
  onMessage: (messageId: string | undefined, answer: (refusal?: Error) => void) => void,
): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < HEAD_BYTES) head += chunk.toString("latin1");
      });
      stream.on("end", () =>
        onMessage(/^message-id:\s*(\S+)/im.exec(head)?.[1], (refusal) => callback(refusal)),
      );
    },
  });
}
