import { describe, expect, it } from "vitest";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import { cell, formatDetails, formatTable, printable } from "./format";
import { agencyMidnight, formatLocalDateTime } from "#server/operations/agency-time.ts";
import { answerLabel } from "#shared/forms/rules.ts";

describe("dates in the agency's time zone", () => {
  it("formats ISO timestamps as Cape Town wall-clock time", () => {
    expect(formatLocalDateTime("2026-11-23T12:05:00.000Z")).toBe("2026-11-23 14:05");
    expect(formatLocalDateTime("2026-12-31T22:30:00.000Z")).toBe("2027-01-01 00:30");
    expect(formatLocalDateTime(null)).toBe("");
    expect(formatLocalDateTime("garbage")).toBe("garbage");
  });

  it("turns YYYY-MM-DD into that day's local midnight", () => {
    expect(agencyMidnight("2026-11-23")?.toISOString()).toBe("2026-11-22T22:00:00.000Z");
    expect(agencyMidnight("2024-02-29")?.toISOString()).toBe("2024-02-28T22:00:00.000Z");
  });

  it("refuses anything but a real YYYY-MM-DD day", () => {
    for (const text of ["2026-02-29", "2026-13-01", "2026-11-23T00:00", "23-11-2026", "2026-1-5", ""]) {
      expect(agencyMidnight(text), text).toBeUndefined();
    }
  });
});

describe("tables and details", () => {
  it("aligns columns by characters, not bytes, without trailing spaces", () => {
    const table = formatTable(
      [
        { header: "", value: (row: { unread: boolean; name: string; n: number }) => (row.unread ? "●" : "") },
        { header: "NAME", value: (row) => row.name },
        { header: "N", value: (row) => row.n },
      ],
      [
        { unread: true, name: "Zoë", n: 1 },
        { unread: false, name: "Sipho Dlamini", n: 22 },
      ],
    );
    expect(table.split("\n")).toEqual(["   NAME           N", "●  Zoë            1", "   Sipho Dlamini  22"]);
  });

  it("keeps visitor text from steering the terminal", () => {
    expect(printable("ok\u001b[2J\u009bred\u0007")).toBe("ok\uFFFD[2J\uFFFDred\uFFFD");
    expect(cell("line one\nline two\tend")).toBe("line one line two end");
  });

  it("lines up details and indents continuation lines", () => {
    expect(
      formatDetails([
        ["Name", "Jane"],
        ["Details", "one\ntwo"],
        ["Company", null],
      ]),
    ).toBe("Name:    Jane\nDetails: one\n         two\nCompany: -");
  });
});

describe("answers as the form labels them", () => {
  it("shows an option's label, a code no option has as stored, and nothing as nothing", () => {
    expect(answerLabel(serviceTypeOptions, "ui-ux")).toBe("UI/UX Design");
    expect(answerLabel(serviceTypeOptions, "retired-service")).toBe("retired-service");
    expect(answerLabel(serviceTypeOptions, null)).toBeNull();
  });
});
