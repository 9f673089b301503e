/**
 * HTTP requests at a fixed rate (pacer.ts) over kept-alive connections, with each answer's
 * status and latency: the fixed-rate load of `npm run bench:events -- --rate`.
 */
import { Agent, request as httpRequest } from "node:http";
import { latencyFigures, sendPaced } from "./pacer";

export type PacedRequest = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/** What a paced run got: JSON-safe, as the bench's client processes print it. */
export type PacedResult = {
  sent: number;
  /** Requests started a second over the run: the rate achieved, not the rate asked for. */
  perSecond: number;
  /**
   * Answers a second, from the first start to the last answer: below `perSecond` when the
   * server falls behind and the requests queue.
   */
  answeredPerSecond: number;
  maxLagMs: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  non2xx: number;
  /** Requests that got no answer (refused, reset, timed out). */
  errors: number;
  /** Those by error code, so a failure says what it was. */
  errorCodes: Record<string, number>;
};

/**
 * Sends `request(n)` to `origin` at `rate` a second for `seconds`, over at most
 * `connections` sockets (more wait in the agent's queue, and that wait counts in their
 * latency), and resolves once every request is answered or failed.
 */
export async function runPacedRequests(options: {
  origin: string;
  rate: number;
  seconds: number;
  connections: number;
  request: (n: number) => PacedRequest;
}): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const { hostname, port } = new URL(options.origin);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const errorCodes: Record<string, number> = {};
  const answers: Array<Promise<void>> = [];
  let lastAnswerAt = 0;

  function send(n: number): void {
    const { method, path, headers, body } = options.request(n);
    const started = performance.now();
    answers.push(
      new Promise<void>((resolve) => {
        const req = httpRequest({ agent, hostname, port, method, path, headers, timeout: 30_000 }, (res) => {
          res.resume();
          res.on("end", () => {
            lastAnswerAt = performance.now();
            latencies.push(lastAnswerAt - started);
            const status = String(res.statusCode ?? 0);
            statuses[status] = (statuses[status] ?? 0) + 1;
            resolve();
          });
        });
        req.on("timeout", () => req.destroy(new Error("timed out")));
        req.on("error", (error: NodeJS.ErrnoException) => {
          errors += 1;
          const code = error.code ?? error.message;
          errorCodes[code] = (errorCodes[code] ?? 0) + 1;
          resolve();
        });
        req.end(body);
      }),
    );
  }

  const started = performance.now();
  const run = await sendPaced({ rate: options.rate, seconds: options.seconds, send });
  await Promise.all(answers);
  agent.destroy();
  const non2xx = Object.entries(statuses)
    .filter(([status]) => !status.startsWith("2"))
    .reduce((sum, [, count]) => sum + count, 0);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const figures = latencyFigures(latencies);
  return {
    sent: run.sent,
    // Over the span from the first start to the last, plus the one interval it leaves out.
    perSecond: Math.round(run.sent / (run.spanMs / 1000 + 1 / options.rate)),
    answeredPerSecond: Math.round(latencies.length / ((lastAnswerAt - started) / 1000)),
    maxLagMs: round(run.maxLagMs),
    p50: round(figures.p50),
    p90: round(figures.p90),
    p99: round(figures.p99),
    max: round(figures.max),
    statuses,
    non2xx,
    errors,
    errorCodes,
  };
}
