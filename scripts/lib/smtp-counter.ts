/**
 * A real SMTP server on loopback for benchmarks that only notes when each message arrived
 * and its Message-ID. It runs in a child process of its own, like a real mail server:
 * inside the benchmark's process the load generator would starve it and slow every
 * delivery down.
 */
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { createMessageIdSmtp } from "./message-id-smtp";

export type SmtpCounterReport = {
  /** Arrival time (epoch ms) of each accepted message, in order. */
  arrivals: number[];
  distinctMessageIds: number;
};

export type SmtpCounter = {
  /** For SMTP_URL. */
  url: string;
  report(): Promise<SmtpCounterReport>;
  close(): Promise<void>;
};

type FromCounter = { type: "listening"; port: number } | ({ type: "report" } & SmtpCounterReport);
type ToCounter = { type: "report" } | { type: "close" };

const SERVE_FLAG = "--serve-smtp-counter";

export async function startSmtpCounter(): Promise<SmtpCounter> {
  const child = fork(fileURLToPath(import.meta.url), [SERVE_FLAG], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [listening] = (await once(child, "message")) as [FromCounter];
  if (listening.type !== "listening") throw new Error("the SMTP counter did not start");
  return {
    url: `smtp://127.0.0.1:${listening.port}`,
    report: () => requestReport(child),
    async close() {
      const exited = once(child, "exit");
      child.send({ type: "close" } satisfies ToCounter);
      await exited;
    },
  };
}

async function requestReport(child: ChildProcess): Promise<SmtpCounterReport> {
  const answer = new Promise<SmtpCounterReport>((resolve) => {
    const onMessage = (message: FromCounter) => {
      if (message.type !== "report") return;
      child.off("message", onMessage);
      resolve({ arrivals: message.arrivals, distinctMessageIds: message.distinctMessageIds });
    };
    child.on("message", onMessage);
  });
  child.send({ type: "report" } satisfies ToCounter);
  return answer;
}

/** The child process: an SMTP server that answers the parent's requests for its counts. */
function serve(): void {
  const arrivals: number[] = [];
  const messageIds = new Set<string>();
  const server = createMessageIdSmtp((id, answer) => {
    arrivals.push(Date.now());
    if (id) messageIds.add(id);
    answer();
  });
  const send = (message: FromCounter) => process.send?.(message);
  const net = server.listen(0, "127.0.0.1", () => {
    const address = net.address();
    send({ type: "listening", port: typeof address === "object" && address ? address.port : 0 });
  });
  process.on("message", (message: ToCounter) => {
    if (message.type === "report") send({ type: "report", arrivals, distinctMessageIds: messageIds.size });
    else server.close(() => process.exit(0));
  });
  // Never outlive the benchmark.
  process.on("disconnect", () => process.exit(0));
}

if (process.argv.includes(SERVE_FLAG)) serve();
