import { describe, expect, it } from "vitest";
import { parseId, parseIds, parsePosition, parseSince } from "./input";

describe("admin input", () => {
  it("reads ids as whole numbers from 1, each once", () => {
    expect(parseIds(["3", "1", "3"], "appointment")).toEqual({ ok: true, value: [3, 1] });
    expect(parseId("0", "appointment")).toEqual({
      ok: false,
      message: 'invalid appointment id "0": expected a number',
    });
    expect(parseId("1.5", "x").ok).toBe(false);
    expect(parseId("wd-1", "x").ok).toBe(false);
  });

  it("reads --since as the agency's midnight, or explains the format", () => {
    expect(parseSince(undefined)).toEqual({ ok: true, value: undefined });
    expect(parseSince("2026-11-23")).toEqual({ ok: true, value: "2026-11-22T22:00:00.000Z" });
    expect(parseSince("2026-11-31")).toEqual({
      ok: false,
      message: 'invalid date "2026-11-31": expected YYYY-MM-DD, e.g. 2026-11-23',
    });
  });

  it("accepts positions from 1 to the cap", () => {
    expect(parsePosition("1")).toEqual({ ok: true, value: 1 });
    expect(parsePosition("20")).toEqual({ ok: true, value: 20 });
    for (const text of ["0", "21", "-1", "2.5", "two", ""]) expect(parsePosition(text).ok, text).toBe(false);
  });
});
