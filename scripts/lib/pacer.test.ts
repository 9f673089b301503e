import { describe, expect, it } from "vitest";
import { latencyFigures, requestsDue, sendPaced } from "./pacer";

describe("requestsDue", () => {
  it("has the first request due at once and one more every 1/rate seconds", () => {
    expect(requestsDue(0, 2_000, 100)).toBe(1);
    expect(requestsDue(0.49, 2_000, 100)).toBe(1);
    expect(requestsDue(0.5, 2_000, 100)).toBe(2);
    expect(requestsDue(10, 2_000, 100)).toBe(21);
  });

  it("never has more due than the total, nor any before the start", () => {
    expect(requestsDue(60_000, 2_000, 100)).toBe(100);
    expect(requestsDue(-5, 2_000, 100)).toBe(0);
  });
});

describe("sendPaced", () => {
  /** A clock that moves only when the pacer waits, by `stepMs` each time. */
  function steppedClock(stepMs: number) {
    let time = 1_000;
    return { now: () => time, wait: async () => void (time += stepMs) };
  }

  it("sends rate × seconds requests in order, spread over the run", async () => {
    const clock = steppedClock(1);
    const sentAt: Array<[number, number]> = [];
    const run = await sendPaced({
      rate: 2_000,
      seconds: 0.5,
      send: (n) => sentAt.push([n, clock.now()]),
      ...clock,
    });
    expect(run.sent).toBe(1_000);
    expect(sentAt.map(([n]) => n)).toEqual([...Array(1_000).keys()]);
    // Two a millisecond: the 1,000th is started at 499.5 ms, on the tick at 500.
    expect(run.spanMs).toBe(500);
    expect(sentAt.filter(([, at]) => at === 1_100)).toHaveLength(2);
    expect(run.maxLagMs).toBeLessThan(1);
  });

  it("catches up after a late tick and reports how late it was", async () => {
    let time = 0;
    let waits = 0;
    // The third wait stalls for 50 ms, as a busy process would.
    const wait = async () => void (time += ++waits === 3 ? 50 : 1);
    const sent: number[] = [];
    const run = await sendPaced({
      rate: 1_000,
      seconds: 0.1,
      send: (n) => sent.push(n),
      now: () => time,
      wait,
    });
    expect(sent).toHaveLength(100);
    expect(run.maxLagMs).toBe(49);
    expect(run.spanMs).toBe(99);
  });
});

describe("latencyFigures", () => {
  it("gives nearest-rank percentiles and the maximum", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencyFigures(samples)).toEqual({ p50: 50, p90: 90, p99: 99, max: 100 });
  });

  it("gives zeros when nothing was answered", () => {
    expect(latencyFigures([])).toEqual({ p50: 0, p90: 0, p99: 0, max: 0 });
  });
});
