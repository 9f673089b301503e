import { describe, expect, it } from "vitest";
import { createLogSampler } from "#server/platform/log-sampler.ts";

describe("log sampler", () => {
  it("logs the first lines of each window per key, then reports how many it left out", () => {
    let now = 0;
    const sampler = createLogSampler({ perWindow: 3, windowMs: 1_000, now: () => now });
    const reports: [number, string][] = [];
    const report = (count: number, key: string) => reports.push([count, key]);

    const admitted = Array.from({ length: 10_000 }, () => sampler.admit("429", report)).filter(Boolean);
    expect(admitted).toHaveLength(3);
    expect(sampler.admit("404", report)).toBe(true);
    expect(reports).toEqual([]);

    now = 1_000;
    expect(sampler.admit("429", report)).toBe(true);
    expect(reports).toEqual([[9_997, "429"]]);
    now = 5_000;
    expect(sampler.admit("429", report)).toBe(true);
    expect(reports).toHaveLength(1);
  });
});
