import type { Db } from "#server/db/database.ts";
import { countLeadSources, type LeadSourceCount } from "#server/db/lead-sources.ts";
import {
  sumCountsBy,
  sumCountsByHour,
  type CountColumn,
  type HourRange,
} from "#server/db/page-view-counts.ts";
import { addDays, agencyDate, agencyMidnight } from "#server/operations/agency-time.ts";
import { refuse, succeeded, type Outcome } from "#server/operations/outcome.ts";
import {
  DEFAULT_INSIGHTS_DAYS,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_TOP_ROWS,
  OTHER_LABEL,
  insightsPeriods,
  percentChange,
  type Insights,
  type InsightsCell,
  type InsightsTable,
} from "#shared/insights.ts";

/**
 * The insights dashboard (docs/decisions/044-first-party-counting.md): page views and
 * visits of a period of the agency's days against the period before, the pages,
 * referrers, campaigns and devices they came by, and the leads of the period by the page
 * they were sent from, their source and their campaign, with the rate each converted at.
 * The workspace and `site-admin insights` show the same.
 */

export type InsightsRequest = { days?: unknown; from?: unknown; to?: unknown };
type Period = { from: string; to: string; days: number };

const DIRECT = "(direct)";
const NOT_RECORDED = "(not recorded)";
const DAY_MS = 86_400_000;

/** The period asked for: `days` (7, 30 or 90) ending today, or `from` and `to`, agency days. */
export function parsePeriod(input: InsightsRequest, now: Date): Outcome<Period> {
  // One sentence for the CLI and for the field the workspace's form shows it under.
  const refuseAs = (field: string, message: string) => refuse(message, { [field]: message });
  const today = agencyDate(now);
  if (input.from !== undefined || input.to !== undefined) {
    const from = typeof input.from === "string" ? input.from : "";
    const to = typeof input.to === "string" && input.to !== "" ? input.to : today;
    if (!agencyMidnight(from))
      return refuseAs("from", "Give the first day as YYYY-MM-DD, for example 2026-11-01.");
    if (!agencyMidnight(to))
      return refuseAs("to", "Give the last day as YYYY-MM-DD, for example 2026-11-30.");
    if (from > to) return refuseAs("from", "The first day must not be after the last.");
    const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    if (days > INSIGHTS_MAX_DAYS)
      return refuseAs("from", `Choose a period of at most ${INSIGHTS_MAX_DAYS} days.`);
    return succeeded({ from, to, days });
  }
  const days = input.days === undefined || input.days === "" ? DEFAULT_INSIGHTS_DAYS : Number(input.days);
  if (!(insightsPeriods as readonly number[]).includes(days)) {
    return refuseAs("days", `Choose ${insightsPeriods.join(", ")} days, or give the first and last day.`);
  }
  return succeeded({ from: addDays(today, 1 - days), to: today, days });
}

/** The instants a period of agency days covers, as an ISO range and as UTC hours. */
function boundsOf(period: { from: string; to: string }): {
  iso: { from: string; to: string };
  hours: HourRange;
} {
  // Both are days parsePeriod checked or made.
  const start = agencyMidnight(period.from)?.toISOString() ?? "";
  const end = agencyMidnight(addDays(period.to, 1))?.toISOString() ?? "";
  return { iso: { from: start, to: end }, hours: { from: start.slice(0, 13), to: end.slice(0, 13) } };
}

const sourceOf = (utmSource: string | null, referrerHost: string | null) =>
  utmSource || referrerHost || DIRECT;
const campaignOf = (source: string | null, medium: string | null, campaign: string | null) =>
  [source || DIRECT, medium || "–", campaign || "–"].join(" / ");

/** Adds to a tally by label. */
function tally<K extends string>(
  into: Map<string, Record<K, number>>,
  label: string,
  add: Record<K, number>,
): void {
  const held = into.get(label);
  if (!held) return void into.set(label, { ...add });
  for (const key of Object.keys(add) as K[]) held[key] += add[key];
}

/** Leads ÷ the visits or views they came from, in per cent to one decimal; null without any. */
function rate(leads: number, of: number): number | null {
  return of > 0 ? Math.round((leads / of) * 1000) / 10 : null;
}

async function countsBy(db: Db, columns: CountColumn[], hours: HourRange, label: (key: string[]) => string) {
  const merged = new Map<string, { views: number; visits: number }>();
  for (const row of await sumCountsBy(db, columns, hours)) {
    tally(merged, label(row.key), { views: row.views, visits: row.visits });
  }
  return merged;
}

/**
 * The INSIGHTS_TOP_ROWS labels with the most `by`, and the rest added up as one row
 * labelled "(other)", last (docs/decisions/049-bounded-counting.md): a table's size does
 * not depend on what visitors' browsers sent. Answers the labels folded into "(other)".
 */
function topAndOther<K extends string, T extends Record<K, number>>(
  tallies: Map<string, T>,
  by: K,
): { rows: Array<[string, T]>; folded: Set<string> } {
  const sorted = [...tallies]
    .filter(([label]) => label !== OTHER_LABEL)
    .sort(([a, x], [b, y]) => y[by] - x[by] || a.localeCompare(b));
  const rows = sorted.slice(0, INSIGHTS_TOP_ROWS);
  const rest = sorted.slice(INSIGHTS_TOP_ROWS);
  const counted = tallies.get(OTHER_LABEL);
  if (counted) rest.push([OTHER_LABEL, counted]);
  const folded = new Set(rest.map(([label]) => label));
  const [first, ...others] = rest;
  if (first) {
    const other: Record<string, number> = { ...first[1] };
    for (const [, add] of others) {
      for (const key of Object.keys(add) as K[]) other[key] = (other[key] ?? 0) + add[key];
    }
    // The same keys as every tally's, each added up.
    rows.push([OTHER_LABEL, other as T]);
  }
  return { rows, folded };
}

/** What `per` adds up to over the labels folded into "(other)", or one label's. */
function baseOf(
  base: Map<string, { views: number; visits: number }>,
  label: string,
  folded: Set<string>,
  per: "views" | "visits",
): number {
  if (label !== OTHER_LABEL) return base.get(label)?.[per] ?? 0;
  let sum = 0;
  for (const [key, counts] of base) if (folded.has(key)) sum += counts[per];
  return sum;
}

/** A table of views and visits per label, with the change in views from the period before. */
function viewsTable(
  name: InsightsTable["name"],
  title: string,
  label: string,
  now: Map<string, { views: number; visits: number }>,
  before: Map<string, { views: number; visits: number }>,
): InsightsTable {
  const top = topAndOther(now, "views");
  // "(other)" is compared with what the period before had beyond the labels shown now.
  const shown = new Set(top.rows.map(([key]) => key));
  const beforeOther = new Set([...before.keys()].filter((key) => !shown.has(key) || key === OTHER_LABEL));
  const rows = top.rows.map(([key, counts]) => ({
    label: key,
    views: counts.views,
    visits: counts.visits,
    change: percentChange(counts.views, baseOf(before, key, beforeOther, "views")),
  }));
  return {
    name,
    title,
    columns: [
      { key: "label", label },
      { key: "views", label: "Page views", numeric: true },
      { key: "visits", label: "Visits", numeric: true },
      { key: "change", label: "Views change (%)", numeric: true },
    ],
    rows,
  };
}

/** A table of leads per label with their conversion from `base` (visits or views). */
function leadsTable(
  name: InsightsTable["name"],
  title: string,
  label: string,
  leads: Map<string, { leads: number }>,
  base: Map<string, { views: number; visits: number }>,
  per: "visits" | "views",
): InsightsTable {
  const top = topAndOther(leads, "leads");
  const rows: Array<Record<string, InsightsCell>> = top.rows.map(([key, { leads: count }]) => {
    const of = baseOf(base, key, top.folded, per);
    return { label: key, leads: count, [per]: of, conversion: rate(count, of) };
  });
  return {
    name,
    title,
    columns: [
      { key: "label", label },
      { key: "leads", label: "Leads", numeric: true },
      { key: per, label: per === "visits" ? "Visits" : "Page views", numeric: true },
      { key: "conversion", label: `Conversion (leads ÷ ${per}, %)`, numeric: true },
    ],
    rows,
  };
}

function leadTallies(rows: LeadSourceCount[]) {
  const byPage = new Map<string, { leads: number }>();
  const bySource = new Map<string, { leads: number }>();
  const byCampaign = new Map<string, { leads: number }>();
  for (const row of rows) {
    tally(byPage, row.sourcePage || NOT_RECORDED, { leads: row.leads });
    tally(bySource, sourceOf(row.utmSource, row.referrerHost), { leads: row.leads });
    if (row.utmSource || row.utmMedium || row.utmCampaign) {
      tally(byCampaign, campaignOf(row.utmSource, row.utmMedium, row.utmCampaign), { leads: row.leads });
    }
  }
  return { byPage, bySource, byCampaign };
}

async function dimensionCounts(db: Db, hours: HourRange) {
  const [pages, referrers, sources, campaigns, devices] = await Promise.all([
    countsBy(db, ["path"], hours, ([path]) => path ?? ""),
    countsBy(db, ["referrer_host"], hours, ([host]) => host || DIRECT),
    countsBy(db, ["utm_source", "referrer_host"], hours, ([source, host]) =>
      sourceOf(source ?? "", host ?? ""),
    ),
    countsBy(db, ["utm_source", "utm_medium", "utm_campaign"], hours, ([s, m, c]) => {
      // A row folded past the day's cap says nothing of its campaign.
      if (s === OTHER_LABEL && m === OTHER_LABEL && c === OTHER_LABEL) return OTHER_LABEL;
      return s || m || c ? campaignOf(s ?? "", m ?? "", c ?? "") : "";
    }),
    countsBy(db, ["device"], hours, ([device]) => device ?? ""),
  ]);
  // Views that came with no campaign are not a campaign's.
  campaigns.delete("");
  return { pages, referrers, sources, campaigns, devices };
}

function total(label: string, value: number, previous: number, unit?: string) {
  return { label, value, previous, change: percentChange(value, previous), ...(unit ? { unit } : {}) };
}

/** The figures for a period asked for as `input`, against the period of as many days before it. */
export async function loadInsights(db: Db, input: InsightsRequest, now: Date): Promise<Outcome<Insights>> {
  const parsed = parsePeriod(input, now);
  if (!parsed.ok) return parsed;
  const period = parsed.value;
  const previous = { from: addDays(period.from, -period.days), to: addDays(period.from, -1) };
  const current = boundsOf(period);
  const before = boundsOf(previous);
  const [hourly, previousHourly, counts, previousCounts, leadRows, previousLeadRows] = await Promise.all([
    sumCountsByHour(db, current.hours),
    sumCountsByHour(db, before.hours),
    dimensionCounts(db, current.hours),
    dimensionCounts(db, before.hours),
    countLeadSources(db, current.iso),
    countLeadSources(db, before.iso),
  ]);
  const daily = new Map<string, { views: number; visits: number }>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1))
    daily.set(day, { views: 0, visits: 0 });
  for (const row of hourly) {
    tally(daily, agencyDate(new Date(`${row.hour}:00:00.000Z`)), { views: row.views, visits: row.visits });
  }
  const sum = (rows: Array<{ views: number; visits: number }>, key: "views" | "visits") =>
    rows.reduce((all, row) => all + row[key], 0);
  const sumLeads = (rows: LeadSourceCount[]) => rows.reduce((all, row) => all + row.leads, 0);
  const [views, visits, leads] = [sum(hourly, "views"), sum(hourly, "visits"), sumLeads(leadRows)];
  const [viewsBefore, visitsBefore, leadsBefore] = [
    sum(previousHourly, "views"),
    sum(previousHourly, "visits"),
    sumLeads(previousLeadRows),
  ];
  const leadsNow = leadTallies(leadRows);
  const dailyRows = [...daily].map(([date, counts]) => ({ date, ...counts }));
  return succeeded({
    period,
    previous,
    totals: [
      total("Page views", views, viewsBefore),
      total("Visits", visits, visitsBefore),
      total("Leads", leads, leadsBefore),
      total(
        "Conversion (leads ÷ visits)",
        rate(leads, visits) ?? 0,
        rate(leadsBefore, visitsBefore) ?? 0,
        "%",
      ),
    ],
    daily: dailyRows,
    tables: [
      {
        name: "days",
        title: "Page views and visits per day",
        columns: [
          { key: "date", label: "Day" },
          { key: "views", label: "Page views", numeric: true },
          { key: "visits", label: "Visits", numeric: true },
        ],
        rows: dailyRows,
      },
      viewsTable("pages", "Top pages", "Page", counts.pages, previousCounts.pages),
      viewsTable("referrers", "Top referrers", "Referring site", counts.referrers, previousCounts.referrers),
      viewsTable(
        "campaigns",
        "Campaigns",
        "Source / medium / campaign",
        counts.campaigns,
        previousCounts.campaigns,
      ),
      viewsTable("devices", "Devices", "Device", counts.devices, previousCounts.devices),
      leadsTable("lead-pages", "Leads per page", "Sent from page", leadsNow.byPage, counts.pages, "views"),
      leadsTable("lead-sources", "Leads per source", "Source", leadsNow.bySource, counts.sources, "visits"),
      leadsTable(
        "lead-campaigns",
        "Leads per campaign",
        "Source / medium / campaign",
        leadsNow.byCampaign,
        counts.campaigns,
        "visits",
      ),
    ],
  });
}
