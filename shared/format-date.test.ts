import { describe, expect, it } from "vitest";
import { formatIsoDate } from "./format-date";

describe("formatIsoDate", () => {
  it("writes the day, month name and year", () => {
    expect(formatIsoDate("2025-03-12")).toBe("12 March 2025");
  });
  it("does not shift the date across time zones", () => {
    expect(formatIsoDate("2025-01-01")).toBe("1 January 2025");
    expect(formatIsoDate("2025-12-31")).toBe("31 December 2025");
  });
});
