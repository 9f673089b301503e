import { describe, expect, it } from "vitest";
import { describePublishState, formatPublishTime, pickerTime } from "./publish-time";

describe("publish times as the agency reads them", () => {
  it("names the day, date and time in South African time", () => {
    expect(formatPublishTime("2026-11-30T06:00:00.000Z")).toBe("Mon 30 Nov 2026, 08:00");
    expect(formatPublishTime("2026-12-31T22:30:00.000Z")).toBe("Fri 1 Jan 2027, 00:30");
  });

  it("describes an item's state: published, a draft, or scheduled", () => {
    expect(describePublishState({ status: "published", publishAt: null })).toBe("Published");
    expect(describePublishState({ status: "draft", publishAt: null })).toBe("Draft");
    expect(describePublishState({ status: "draft", publishAt: "2026-11-30T06:00:00.000Z" })).toBe(
      "Scheduled for Mon 30 Nov 2026, 08:00",
    );
  });

  it("gives a date and time picker its value on the agency's clock", () => {
    expect(pickerTime(new Date("2026-11-30T06:00:00.000Z"))).toBe("2026-11-30T08:00");
    expect(pickerTime(new Date("2026-12-31T22:30:00.000Z"))).toBe("2027-01-01T00:30");
  });
});
