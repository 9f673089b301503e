import type { Db } from "#server/db/database.ts";
import {
  countLeadArrivals,
  selectLeadSourceValues,
  type DayBounds,
  type LeadFilter,
  type LeadGroup,
} from "#server/db/lead-sources.ts";
import {
  sumCountsGrouped,
  unsourcedKey,
  type CountFilter,
  type HourRange,
  type SourceValues,
} from "#server/db/page-view-counts.ts";
import { addDays, agencyDate, agencyMidnight } from "#server/operations/agency-time.ts";
import { refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import {
  DEFAULT_INSIGHTS_DAYS,
  INSIGHTS_FILTER_MAX,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_TOP_ROWS,
  NOT_COUNTED_LABEL,
  OTHER_LABEL,
  insightsFilterLabels,
  insightsFilterNames,
  insightsPeriods,
  percentChange,
  type Insights,
  type InsightsCell,
  type InsightsFilters,
  type InsightsSummary,
  type InsightsTable,
} from "#shared/insights.ts";
import { DIRECT, cachedSourceName, campaignLabel } from "./source-names";

/**
 * The insights dashboard (docs/decisions/044-first-party-counting.md): page views and
 * visits of a period of the agency's days against the period before, the pages,
 * referrers, campaigns and devices they came by, and the leads of the period by the page
 * they were sent from, their source and their campaign, with the rate each converted at.
 * The workspace and `site-admin insights` show the same.
 */

export type InsightsRequest = {
  days?: unknown;
  from?: unknown;
  to?: unknown;
  source?: unknown;
  campaign?: unknown;
  page?: unknown;
  device?: unknown;
};
type Period = { from: string; to: string; days: number };

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
export function boundsOf(period: { from: string; to: string }): {
  iso: { from: string; to: string };
  hours: HourRange;
} {
  // Both are days parsePeriod checked or made.
  const start = agencyMidnight(period.from)?.toISOString() ?? "";
  const end = agencyMidnight(addDays(period.to, 1))?.toISOString() ?? "";
  return { iso: { from: start, to: end }, hours: { from: start.slice(0, 13), to: end.slice(0, 13) } };
}

/** Whether text holds a control character (a line break among them). */
const hasControlCharacters = (text: string) => [...text].some((char) => char < " " || char === "\u007f");

/** The filters asked for, each a single line of text; an unknown name is ignored. */
export function parseFilters(input: InsightsRequest): Outcome<InsightsFilters> {
  const filters: InsightsFilters = {};
  for (const name of insightsFilterNames) {
    const value = input[name];
    if (value === undefined || value === "") continue;
    const label = insightsFilterLabels[name];
    if (typeof value !== "string" || value.length > INSIGHTS_FILTER_MAX || hasControlCharacters(value)) {
      const message = `Give the ${label.toLowerCase()} to filter by as one line of at most ${INSIGHTS_FILTER_MAX} characters.`;
      return refuse(message, { [name]: message });
    }
    filters[name] = value;
  }
  return succeeded(filters);
}

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
  return of > 0 ? Math.round((Math.min(leads, of) / of) * 1000) / 10 : null;
}

type Counts = { views: number; visits: number };
type Figures = Counts & { leads: number; notCounted: number; mediums?: Set<string>; campaign?: string };
const zero = (): Figures => ({ views: 0, visits: 0, leads: 0, notCounted: 0 });

/** Adds to one label's figures, creating them. */
function add(into: Map<string, Figures>, label: string, part: Partial<Figures>): Figures {
  let held = into.get(label);
  if (!held) into.set(label, (held = zero()));
  held.views += part.views ?? 0;
  held.visits += part.visits ?? 0;
  held.leads += part.leads ?? 0;
  held.notCounted += part.notCounted ?? 0;
  return held;
}

/** A group of counts' source by name. */
const partsSource = (row: SourceParts) =>
  cachedSourceName({
    utmSource: row.utm_source,
    referrerHost: row.referrer_host,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    clickIdKind: row.click_id_kind,
  });
const leadSource = (lead: Omit<LeadGroup, "counted" | "leads" | "sourcePage">) =>
  cachedSourceName({
    utmSource: lead.utmSource,
    referrerHost: lead.referrerHost,
    utmMedium: lead.utmMedium,
    utmCampaign: lead.utmCampaign,
    clickIdKind: lead.clickIdKind,
  });
const isCampaign = (source: string, medium: string, campaign: string) =>
  Boolean(source || medium || campaign);

/** The columns a source's name is read from: the counts are summed per combination of them. */
const sourceColumns = ["utm_source", "referrer_host", "utm_medium", "utm_campaign", "click_id_kind"] as const;
type SourceParts = Record<(typeof sourceColumns)[number], string>;

/**
 * The values the groups of one source name were read from, for SQL to match: a name is
 * read from `utm_source` when there is one, else the referring host, else the rest.
 */
function sourceValuesOf(groups: readonly SourceParts[]): SourceValues {
  const utmSources = new Set<string>();
  const referrerHosts = new Set<string>();
  const unsourced = new Map<string, readonly [string, string, string]>();
  for (const row of groups) {
    if (row.utm_source) utmSources.add(row.utm_source);
    else if (row.referrer_host) referrerHosts.add(row.referrer_host);
    else {
      const values = [row.click_id_kind, row.utm_medium, row.utm_campaign] as const;
      unsourced.set(unsourcedKey(values), values);
    }
  }
  return {
    utmSources: [...utmSources],
    referrerHosts: [...referrerHosts],
    unsourced: [...unsourced.values()],
  };
}

/**
 * The counts of a period, summed by the database per source's values and device, per
 * page and (for the period shown day by day) per hour, and tallied here by each table's
 * label (a source's name is not a column), after the filters. Each is one scan of the
 * period's rows: grouping pages or hours by source too would return nearly every row.
 */
async function loadCounts(
  db: Db,
  hours: HourRange,
  sqlFilter: CountFilter,
  filters: InsightsFilters,
  byHour: boolean,
) {
  const sources = new Map<string, Figures>();
  const referrers = new Map<string, Figures>();
  /** Per referring host, the views of each source name its rows had. */
  const referrerSources = new Map<string, Map<string, number>>();
  const campaigns = new Map<string, Figures>();
  const total = { views: 0, visits: 0 };
  const devices = new Map<string, Figures>();
  const groups = (await sumCountsGrouped(db, hours, [...sourceColumns, "device"], sqlFilter))
    .map((row) => ({ ...row, source: partsSource(row) }))
    .filter((row) => filters.source === undefined || row.source === filters.source);
  for (const row of groups) {
    const { source } = row;
    const counts = { views: row.views, visits: row.visits };
    total.views += row.views;
    total.visits += row.visits;
    add(sources, source, counts);
    add(devices, row.device, counts);
    const campaignTraffic = isCampaign(row.utm_source, row.utm_medium, row.utm_campaign) || row.click_id_kind;
    const host = row.referrer_host || (campaignTraffic ? "(no referring site)" : DIRECT);
    add(referrers, host, counts);
    if (row.referrer_host) {
      let named = referrerSources.get(host);
      if (!named) referrerSources.set(host, (named = new Map()));
      named.set(source, (named.get(source) ?? 0) + row.views);
    }
    if (isCampaign(row.utm_source, row.utm_medium, row.utm_campaign)) {
      // A row folded past the day's cap says nothing of its campaign.
      const folded = row.utm_source === OTHER_LABEL && row.utm_campaign === OTHER_LABEL;
      const label = folded ? OTHER_LABEL : campaignLabel(source, row.utm_campaign);
      const held = add(campaigns, label, counts);
      held.campaign = folded ? "" : row.utm_campaign;
      (held.mediums ??= new Set()).add(row.utm_medium);
    }
  }
  // A referring site's source is the name most of its views came under (ties by name).
  for (const [host, named] of referrerSources) {
    const [top] = [...named].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    (referrers.get(host) as Figures & { source?: string }).source = top?.[0] ?? "";
  }
  const hourly = new Map<string, Counts>();
  const pages = new Map<string, Figures>();
  // A source asked for is matched by the values its name was read from; none, no rows.
  if (filters.source === undefined || groups.length > 0) {
    const narrowed: CountFilter =
      filters.source === undefined ? sqlFilter : { ...sqlFilter, source: sourceValuesOf(groups) };
    const [perHour, perPath] = await Promise.all([
      byHour ? sumCountsGrouped(db, hours, ["hour"], narrowed) : [],
      sumCountsGrouped(db, hours, ["path"], narrowed),
    ]);
    for (const row of perHour) hourly.set(row.hour, { views: row.views, visits: row.visits });
    for (const row of perPath) add(pages, row.path, row);
  }
  return { hourly, sources, pages, referrers, campaigns, devices, total };
}

/** The agency days of a period, each with the instants it covers. */
function daysOf(period: { from: string; to: string }): DayBounds[] {
  const days: DayBounds[] = [];
  let start = agencyMidnight(period.from)?.toISOString() ?? "";
  for (let day = period.from; day <= period.to;) {
    const next = addDays(day, 1);
    const end = agencyMidnight(next)?.toISOString() ?? "";
    days.push({ day, from: start, to: end });
    [day, start] = [next, end];
  }
  return days;
}

/** The day of `days` (in order) an ISO instant falls on, looked up rather than converted per hour. */
function dayAt(days: readonly DayBounds[], instant: string): string | undefined {
  let [low, high] = [0, days.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = days[middle];
    if (!day) break;
    if (instant < day.from) high = middle - 1;
    else if (instant >= day.to) low = middle + 1;
    else return day.day;
  }
  return undefined;
}

/**
 * The leads of a period after the filters, counted by the database, a person's repeat
 * enquiry of an agency day counted once (their first). A lead is counted against its
 * source's visits when its visit was counted (or was stored before that was checked);
 * otherwise it is "not counted": in the lead totals, never in a rate.
 */
async function loadLeads(db: Db, days: DayBounds[], filters: InsightsFilters) {
  const filter: LeadFilter = {
    ...(filters.campaign !== undefined ? { campaign: filters.campaign } : {}),
    ...(filters.page !== undefined ? { page: filters.page } : {}),
  };
  if (filters.source !== undefined) {
    // A source's name is not a column: the values that make it are looked up first.
    const range = { from: days[0]?.from ?? "", to: days.at(-1)?.to ?? "" };
    const named = (await selectLeadSourceValues(db, range)).filter(
      (values) => leadSource(values) === filters.source,
    );
    const values = sourceValuesOf(
      named.map((lead) => ({
        utm_source: lead.utmSource,
        referrer_host: lead.referrerHost,
        utm_medium: lead.utmMedium,
        utm_campaign: lead.utmCampaign,
        click_id_kind: lead.clickIdKind,
      })),
    );
    filter.source = { ...values, unsourced: values.unsourced.map(unsourcedKey) };
  }
  const groups = await countLeadArrivals(db, days, filter);
  return groups.map((group) => ({ ...group, source: leadSource(group) }));
}

/** Leads of counted visits past a label's visits are its visits' at most: the rest are not counted. */
function settle(figures: Figures, per: "visits" | "views"): void {
  const over = Math.max(0, figures.leads - figures[per]);
  figures.leads -= over;
  figures.notCounted += over;
}

/**
 * The INSIGHTS_TOP_ROWS labels first by `order`, and the rest added up as one row
 * labelled "(other)", last (docs/decisions/049-bounded-counting.md): a table's size does
 * not depend on what visitors' browsers sent.
 */
function topAndOther<T extends Figures>(
  tallies: Map<string, T>,
  order: (a: T, b: T) => number,
): Array<[string, T]> {
  const sorted = [...tallies]
    .filter(([label]) => label !== OTHER_LABEL)
    .sort(([a, x], [b, y]) => order(x, y) || a.localeCompare(b));
  const rows = sorted.slice(0, INSIGHTS_TOP_ROWS);
  const rest = sorted.slice(INSIGHTS_TOP_ROWS);
  const counted = tallies.get(OTHER_LABEL);
  if (counted) rest.push([OTHER_LABEL, counted]);
  if (rest.length > 0) {
    const other = zero() as T;
    for (const [, figures] of rest) add(new Map([["", other]]), "", figures);
    rows.push([OTHER_LABEL, other]);
  }
  return rows;
}

const byViews = (a: Figures, b: Figures) => b.views - a.views;
const byLeads = (a: Figures, b: Figures) =>
  b.leads + b.notCounted - (a.leads + a.notCounted) || b.visits - a.visits;

/** A table of views and visits per label, with the change in views from the period before. */
function viewsTable(
  name: InsightsTable["name"],
  title: string,
  label: string,
  now: Map<string, Figures>,
  before: Map<string, Figures>,
  options: {
    filter?: InsightsTable["filter"];
    extra?: InsightsTable["columns"];
    cells?: (figures: Figures) => Record<string, InsightsCell>;
  } = {},
): InsightsTable {
  const top = topAndOther(now, byViews);
  // "(other)" is compared with what the period before had beyond the labels shown now.
  const shown = new Set(top.map(([key]) => key));
  const beforeOther = [...before].filter(([key]) => !shown.has(key) || key === OTHER_LABEL);
  const previousOf = (key: string) =>
    key === OTHER_LABEL
      ? beforeOther.reduce((sum, [, figures]) => sum + figures.views, 0)
      : (before.get(key)?.views ?? 0);
  const rows = top.map(([key, figures]) => ({
    label: key,
    ...(options.cells?.(figures) ?? {}),
    views: figures.views,
    visits: figures.visits,
    change: percentChange(figures.views, previousOf(key)),
  }));
  return {
    name,
    title,
    columns: [
      { key: "label", label },
      ...(options.extra ?? []),
      { key: "views", label: "Page views", numeric: true },
      { key: "visits", label: "Visits", numeric: true },
      { key: "change", label: "Views change (%)", numeric: true },
    ],
    rows,
    ...(options.filter ? { filter: options.filter } : {}),
  };
}

/**
 * A table of leads per label with their conversion from `per` (visits or views): only
 * leads of counted visits, at most as many as the label's visits; the rest are one row
 * of their own, "Not counted", in no rate.
 */
function leadsTable(
  name: InsightsTable["name"],
  title: string,
  label: string,
  figures: Map<string, Figures>,
  per: "visits" | "views",
  options: {
    filter?: InsightsTable["filter"];
    extra?: InsightsTable["columns"];
    cells?: (figures: Figures) => Record<string, InsightsCell>;
    note?: string;
  } = {},
): InsightsTable {
  const columns = [
    { key: "label", label },
    ...(options.extra ?? []),
    { key: per, label: per === "visits" ? "Visits" : "Page views", numeric: true },
    { key: "leads", label: "Leads", numeric: true },
    { key: "conversion", label: `Conversion (leads ÷ ${per}, %)`, numeric: true },
  ];
  const base = { name, title, columns, ...(options.filter ? { filter: options.filter } : {}) };
  if (options.note) return { ...base, rows: [], note: options.note };
  let notCounted = 0;
  for (const held of figures.values()) {
    settle(held, per);
    notCounted += held.notCounted;
  }
  const rows: Array<Record<string, InsightsCell>> = topAndOther(figures, byLeads)
    .filter(([, held]) => held.leads > 0 || held[per] > 0)
    .map(([key, held]) => ({
      label: key,
      ...(options.cells?.(held) ?? {}),
      [per]: held[per],
      leads: held.leads,
      conversion: rate(held.leads, held[per]),
    }));
  if (notCounted > 0) {
    const blank = Object.fromEntries((options.extra ?? []).map((column) => [column.key, null]));
    rows.push({ label: NOT_COUNTED_LABEL, ...blank, [per]: null, leads: notCounted, conversion: null });
  }
  return { ...base, rows };
}

const mediumCell = (figures: Figures): Record<string, InsightsCell> => ({
  medium: [...(figures.mediums ?? [])].filter(Boolean).sort().join(", ") || "–",
  campaign: figures.campaign ?? "",
});

function total(label: string, value: number, previous: number, unit?: string) {
  return { label, value, previous, change: percentChange(value, previous), ...(unit ? { unit } : {}) };
}

const DEVICE_NOTE =
  "Leads do not record the visitor's device, so lead figures are given for every device together, not for one.";

/** The counts and leads of one period after the filters. */
async function loadPeriod(
  db: Db,
  period: { from: string; to: string },
  filters: InsightsFilters,
  byHour: boolean,
) {
  const bounds = boundsOf(period);
  const sqlFilter: CountFilter = {
    ...(filters.page !== undefined ? { path: filters.page } : {}),
    ...(filters.device !== undefined ? { device: filters.device } : {}),
    ...(filters.campaign !== undefined ? { utmCampaign: filters.campaign } : {}),
  };
  const days = daysOf(period);
  const [counts, leads] = await Promise.all([
    loadCounts(db, bounds.hours, sqlFilter, filters, byHour),
    filters.device === undefined ? loadLeads(db, days, filters) : [],
  ]);
  return { counts, leads, days };
}

/** Visits ÷ leads of counted visits of a period, per source settled so no source's leads pass its visits. */
function summaryOf(
  counts: Awaited<ReturnType<typeof loadCounts>>,
  leads: Awaited<ReturnType<typeof loadLeads>>,
) {
  const bySource = new Map<string, Figures>();
  for (const [source, figures] of counts.sources) add(bySource, source, { visits: figures.visits });
  for (const lead of leads)
    add(bySource, lead.source, lead.counted ? { leads: lead.leads } : { notCounted: lead.leads });
  let counted = 0;
  let notCounted = 0;
  for (const figures of bySource.values()) {
    settle(figures, "visits");
    counted += figures.leads;
    notCounted += figures.notCounted;
  }
  return { visitors: counts.total.visits, counted, notCounted, leads: counted + notCounted };
}

/** Page views and visits per day of the period, every day listed, from the hourly counts. */
function dailyRowsOf(period: Period, current: LoadedPeriod) {
  const daily = new Map<string, Counts>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1))
    daily.set(day, { views: 0, visits: 0 });
  for (const [hour, counts] of current.counts.hourly) {
    const day = dayAt(current.days, `${hour}:00:00.000Z`);
    if (day !== undefined) tally(daily, day, counts);
  }
  const dailyRows = [...daily].map(([date, counts]) => ({ date, ...counts }));
  return dailyRows;
}

/** The summary's visitors, leads and conversion against the period before (no leads by device). */
function comparedSummary(
  summaryNow: ReturnType<typeof summaryOf>,
  summaryBefore: ReturnType<typeof summaryOf>,
  byDevice: boolean,
): InsightsSummary {
  const conversionNow = rate(summaryNow.counted, summaryNow.visitors);
  const conversionBefore = rate(summaryBefore.counted, summaryBefore.visitors);
  return {
    visitors: {
      value: summaryNow.visitors,
      previous: summaryBefore.visitors,
      change: percentChange(summaryNow.visitors, summaryBefore.visitors),
    },
    leads: byDevice
      ? null
      : {
          value: summaryNow.leads,
          previous: summaryBefore.leads,
          change: percentChange(summaryNow.leads, summaryBefore.leads),
          notCounted: summaryNow.notCounted,
          notCountedBefore: summaryBefore.notCounted,
        },
    conversion: byDevice ? null : { value: conversionNow, previous: conversionBefore },
  };
}

/** Leads per label, from the leads kept: each table settles its own against its base. */
function leadFiguresOf(current: LoadedPeriod) {
  const leadPages = new Map<string, Figures>();
  const leadSources = new Map<string, Figures>();
  const leadCampaigns = new Map<string, Figures>();
  for (const [path, figures] of current.counts.pages) add(leadPages, path, { views: figures.views });
  for (const [source, figures] of current.counts.sources)
    add(leadSources, source, { visits: figures.visits });
  for (const [label, figures] of current.counts.campaigns) {
    const held = add(leadCampaigns, label, { visits: figures.visits });
    held.campaign = figures.campaign;
    held.mediums = new Set(figures.mediums);
  }
  for (const lead of current.leads) {
    const part = lead.counted ? { leads: lead.leads } : { notCounted: lead.leads };
    add(leadPages, lead.sourcePage || NOT_RECORDED, part);
    add(leadSources, lead.source, part);
    if (isCampaign(lead.utmSource, lead.utmMedium, lead.utmCampaign)) {
      const held = add(leadCampaigns, campaignLabel(lead.source, lead.utmCampaign), part);
      held.campaign ??= lead.utmCampaign;
      (held.mediums ??= new Set()).add(lead.utmMedium);
    }
  }
  return { leadPages, leadSources, leadCampaigns };
}

type LoadedPeriod = Awaited<ReturnType<typeof loadPeriod>>;

/**
 * The figures for a period asked for as `input`, against the period of as many days
 * before it, narrowed by the filters it names (source, campaign, page, device).
 */
export async function loadInsights(db: Db, input: InsightsRequest, now: Date): Promise<Outcome<Insights>> {
  const parsed = parsePeriod(input, now);
  if (!parsed.ok) return parsed;
  const chosen = parseFilters(input);
  if (!chosen.ok) return chosen;
  const filters = chosen.value;
  const period = parsed.value;
  const previous = { from: addDays(period.from, -period.days), to: addDays(period.from, -1) };
  const [current, before] = await Promise.all([
    loadPeriod(db, period, filters, true),
    // The period before is compared by its totals, not day by day.
    loadPeriod(db, previous, filters, false),
  ]);
  const byDevice = filters.device !== undefined;
  const dailyRows = dailyRowsOf(period, current);
  const summaryNow = summaryOf(current.counts, current.leads);
  const summaryBefore = summaryOf(before.counts, before.leads);
  const conversionNow = rate(summaryNow.counted, summaryNow.visitors);
  const conversionBefore = rate(summaryBefore.counted, summaryBefore.visitors);
  const summary = comparedSummary(summaryNow, summaryBefore, byDevice);

  const { leadPages, leadSources, leadCampaigns } = leadFiguresOf(current);
  const note = byDevice ? DEVICE_NOTE : undefined;
  const medium = [{ key: "medium", label: "Medium" }];
  const campaignFilter = { name: "campaign" as const, key: "campaign" };
  return succeeded({
    period,
    previous,
    totals: [
      total("Page views", current.counts.total.views, before.counts.total.views),
      total("Visits", summaryNow.visitors, summaryBefore.visitors),
      ...(byDevice
        ? []
        : [
            total("Leads", summaryNow.leads, summaryBefore.leads),
            total("Conversion (leads ÷ visits)", conversionNow ?? 0, conversionBefore ?? 0, "%"),
          ]),
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
      leadsTable("lead-sources", "Visitors and leads by source", "Source", leadSources, "visits", {
        filter: { name: "source", key: "label" },
        note,
      }),
      leadsTable(
        "lead-campaigns",
        "Visitors and leads by campaign",
        "Source / campaign",
        leadCampaigns,
        "visits",
        {
          filter: campaignFilter,
          extra: medium,
          cells: mediumCell,
          note,
        },
      ),
      viewsTable("sources", "Sources", "Source", current.counts.sources, before.counts.sources, {
        filter: { name: "source", key: "label" },
      }),
      viewsTable("pages", "Top pages", "Page", current.counts.pages, before.counts.pages, {
        filter: { name: "page", key: "label" },
      }),
      viewsTable(
        "referrers",
        "Referring sites",
        "Referring site",
        current.counts.referrers,
        before.counts.referrers,
        {
          extra: [{ key: "source", label: "Source" }],
          cells: (figures) => ({ source: (figures as Figures & { source?: string }).source || "–" }),
        },
      ),
      viewsTable(
        "campaigns",
        "Campaigns",
        "Source / campaign",
        current.counts.campaigns,
        before.counts.campaigns,
        {
          filter: campaignFilter,
          extra: medium,
          cells: mediumCell,
        },
      ),
      viewsTable("devices", "Devices", "Device", current.counts.devices, before.counts.devices, {
        filter: { name: "device", key: "label" },
      }),
      leadsTable("lead-pages", "Leads per page", "Sent from page", leadPages, "views", {
        filter: { name: "page", key: "label" },
        note,
      }),
    ],
    filters,
    summary,
    ...(note ? { note } : {}),
  });
}
