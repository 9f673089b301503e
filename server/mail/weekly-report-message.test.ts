import { describe, expect, it } from "vitest";
import { reportWeekAt } from "#server/operations/insights/weekly-report.ts";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import type { MailContext } from "./mail-context";
import {
  formatWeek,
  insightsWeekUrl,
  weeklyReportText,
  type WeeklyReportFigures,
} from "./weekly-report-message";

describe("the weekly e-mail's week", () => {
  it("is named in words within a month, across months and across years", () => {
    expect(formatWeek({ from: "2026-11-16", to: "2026-11-22" })).toBe("16 to 22 November 2026");
    expect(formatWeek({ from: "2026-11-30", to: "2026-12-06" })).toBe("30 November to 6 December 2026");
    expect(formatWeek({ from: "2026-12-28", to: "2027-01-03" })).toBe("28 December 2026 to 3 January 2027");
  });

  it("is the agency's last full week, due from 07:00 on its Monday in Johannesburg", () => {
    // 01:30 on Monday 4 January 2027 in Johannesburg (23:30 UTC on the 3rd): the new week, not yet due.
    expect(reportWeekAt(new Date("2027-01-03T23:30:00.000Z"))).toEqual({
      from: "2026-12-28",
      to: "2027-01-03",
      dueAt: new Date("2027-01-04T05:00:00.000Z"),
    });
    // 23:59 on Sunday 3 January there: still the week whose report was due on 28 December.
    expect(reportWeekAt(new Date("2027-01-03T21:59:00.000Z"))).toMatchObject({
      from: "2026-12-21",
      to: "2026-12-27",
    });
  });

  it("links to the week in Insights, whatever the site's address ends with", () => {
    const week = { from: "2026-11-16", to: "2026-11-22" };
    const link = "https://www.agency.test/admin/insights?from=2026-11-16&to=2026-11-22";
    expect(insightsWeekUrl("https://www.agency.test", week)).toBe(link);
    expect(insightsWeekUrl("https://www.agency.test/", week)).toBe(link);
  });
});

describe("the weekly e-mail's words", () => {
  const ctx = {
    settings: { ...defaultSiteSettings, siteUrl: "https://www.agency.test" },
    mail: { from: "Site <site@agency.test>", to: "leads@agency.test" },
  } as MailContext;
  const quiet: WeeklyReportFigures = {
    week: { from: "2026-11-16", to: "2026-11-22" },
    visits: { label: "Visits", value: 3, previous: 0, change: null },
    leads: { label: "Leads", value: 0, previous: 0, change: null },
    sources: [],
    campaigns: [],
  };

  it("say plainly that a quiet week had no leads, without a change in per cent from nothing", () => {
    const text = weeklyReportText(quiet, ctx);
    expect(text).toContain("Visits: 3 (the week before: 0)\nLeads: 0 (the week before: 0)\n");
    expect(text).toContain("Sources that brought the most leads:\nNo leads this week.\n");
    expect(text).toContain("Campaigns that brought the most leads:\nNo leads from a campaign this week.\n");
  });

  it("count one lead as one", () => {
    const text = weeklyReportText(
      {
        ...quiet,
        leads: { label: "Leads", value: 1, previous: 2, change: -50 },
        sources: [{ name: "Direct (no referring site)", leads: 1 }],
      },
      ctx,
    );
    expect(text).toContain("Leads: 1 (the week before: 2, −50 %)");
    expect(text).toContain("1. Direct (no referring site): 1 lead\n");
  });
});
