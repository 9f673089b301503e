import { describe, expect, it } from "vitest";
import { formatIsoDate, formatWeekday } from "./format-date";

describe("formatIsoDate", () => {
  it("writes the day, short month name and year, as the workspace does", () => {
    expect(formatIsoDate("2025-03-12")).toBe("12 Mar 2025");
  });
  it("does not shift the date across time zones", () => {
    expect(formatIsoDate("2025-01-01")).toBe("1 Jan 2025");
    expect(formatIsoDate("2025-12-31")).toBe("31 Dec 2025");
  });
});

describe("formatWeekday", () => {
  it("names the day of the week in words, with its date and no ISO form", () => {
    expect(formatWeekday("2026-11-23")).toBe("Monday 23 Nov");
    expect(formatWeekday("2026-11-16")).toBe("Monday 16 Nov");
    expect(formatWeekday("2027-01-03")).toBe("Sunday 3 Jan");
  });
});
