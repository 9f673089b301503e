/**
 * Sends requests at a fixed rate, open loop: the n-th is due `n / rate` seconds after the
 * start whether or not earlier ones were answered, as visitors arrive independently of one
 * another. A load generator that waits for answers before sending more lowers its own rate
 * as the server slows, and so hides the slowdown it should measure.
 */

/** How many of `total` requests are due `elapsedMs` after the start at `rate` a second (the first at once). */
export function requestsDue(elapsedMs: number, rate: number, total: number): number {
  if (elapsedMs < 0) return 0;
  return Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1);
}

export type PacedRun = {
  /** Requests started. */
  sent: number;
  /** Milliseconds from the first start to the last. */
  spanMs: number;
  /** The furthest any request started behind its due time, in ms: a busy sender shows here. */
  maxLagMs: number;
};

/**
 * Calls `send(n)` for n = 0 … rate × seconds − 1, each at its due time (timers fire late by
 * a millisecond or more, so every tick starts all that have come due). Resolves once the
 * last has been started; the answers are the caller's to await.
 */
export async function sendPaced(options: {
  rate: number;
  seconds: number;
  send: (n: number) => void;
  now?: () => number;
  wait?: () => Promise<void>;
}): Promise<PacedRun> {
  const now = options.now ?? (() => performance.now());
  const wait = options.wait ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 1)));
  const total = Math.round(options.rate * options.seconds);
  const started = now();
  let sent = 0;
  let maxLagMs = 0;
  let lastAt = started;
  while (sent < total) {
    const at = now();
    const due = requestsDue(at - started, options.rate, total);
    if (due > sent) {
      // The oldest of those due now was due at this time: how late the sender is.
      maxLagMs = Math.max(maxLagMs, at - started - (sent * 1000) / options.rate);
      for (; sent < due; sent++) options.send(sent);
      lastAt = at;
    }
    if (sent < total) await wait();
  }
  return { sent, spanMs: lastAt - started, maxLagMs };
}

/** p50, p90, p99 and max of latencies in ms (nearest rank), or zeros for none. */
export function latencyFigures(samples: readonly number[]): {
  p50: number;
  p90: number;
  p99: number;
  max: number;
} {
  if (samples.length === 0) return { p50: 0, p90: 0, p99: 0, max: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50: rank(50), p90: rank(90), p99: rank(99), max: sorted.at(-1) ?? 0 };
}
