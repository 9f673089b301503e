import { describe, expect, it } from "vitest";
import { createBotVerdicts } from "./bot-verdicts";
import { createViewLimiter } from "./view-limiter";

describe("the page-view beacon's limit per address", () => {
  it("admits an address's first requests in its window, refuses the rest, and admits again in the next", () => {
    let at = 1_000;
    const limiter = createViewLimiter({ limit: 3, windowMs: 60_000, now: () => at });
    expect([1, 2, 3, 4].map(() => limiter.admit("192.0.2.1"))).toEqual([true, true, true, false]);
    expect(limiter.admit("192.0.2.2")).toBe(true);
    at += 59_999;
    expect(limiter.admit("192.0.2.1")).toBe(false);
    at += 1;
    expect(limiter.admit("192.0.2.1")).toBe(true);
  });

  it("starts each address's window at its own first request", () => {
    let at = 0;
    const limiter = createViewLimiter({ limit: 1, windowMs: 60_000, now: () => at });
    limiter.admit("192.0.2.1");
    at = 30_000;
    expect(limiter.admit("192.0.2.2")).toBe(true);
    at = 60_000;
    // The first address's window is over; the second's is not.
    expect(limiter.admit("192.0.2.1")).toBe(true);
    expect(limiter.admit("192.0.2.2")).toBe(false);
  });
});

describe("bot verdicts per user agent", () => {
  it("answers as isbot does, the first time and from memory, with more user agents than it keeps", () => {
    const isBot = createBotVerdicts(2);
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const browser = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
    for (let round = 0; round < 2; round += 1) {
      expect(isBot(bot)).toBe(true);
      expect(isBot(browser)).toBe(false);
      expect(isBot("HeadlessChrome/142.0.0.0")).toBe(true);
    }
  });
});
