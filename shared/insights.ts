/**
 * The insights dashboard's figures (docs/decisions/044-first-party-counting.md): shared
 * by the workspace's page, its API and `site-admin insights`.
 */

/** The periods offered, in the agency's days, ending today. */
export const insightsPeriods = [7, 30, 90] as const;
export const DEFAULT_INSIGHTS_DAYS = 30;
/** The longest period dates may name. */
export const INSIGHTS_MAX_DAYS = 366;

/**
 * What values beyond a bound are counted and shown under: the counts keep a capped number
 * of values apart per day, and each table shows its most viewed rows and this one for the
 * rest (docs/decisions/049-bounded-counting.md).
 */
export const OTHER_LABEL = "(other)";
/** Rows a table shows before the rest are summed under OTHER_LABEL. */
export const INSIGHTS_TOP_ROWS = 50;

export type InsightsCell = string | number | null;

/** One table: its columns in order and its rows, each cell by column key. */
export type InsightsTable = {
  /** Its name in the CSV's address and file name, and in the CLI's JSON. */
  name: InsightsTableName;
  title: string;
  columns: Array<{ key: string; label: string; numeric?: boolean }>;
  rows: Array<Record<string, InsightsCell>>;
  /** Which filter a row's `key` cell chooses, when a row can be chosen (opened) as one. */
  filter?: { name: InsightsFilterName; key: string };
  /** Said instead of the rows when they cannot be given (a device's leads). */
  note?: string;
};

/** What the dashboard can be narrowed to: a source by its name, a campaign, a page, a device. */
export const insightsFilterNames = ["source", "campaign", "page", "device"] as const;
export type InsightsFilterName = (typeof insightsFilterNames)[number];
export type InsightsFilters = Partial<Record<InsightsFilterName, string>>;
export const insightsFilterLabels: Record<InsightsFilterName, string> = {
  source: "Source",
  campaign: "Campaign",
  page: "Page",
  device: "Device",
};
/** The longest filter value taken: sources, campaigns and paths are shorter when stored. */
export const INSIGHTS_FILTER_MAX = 300;

/** The label of the row of leads whose visit was not counted (never in a rate). */
export const NOT_COUNTED_LABEL = "Not counted";

/** A figure now and in the period before. */
export type InsightsFigure = { value: number; previous: number; change: number | null };

/**
 * The first screen's answer (docs/decisions/058-one-name-per-source.md): visitors, leads
 * and conversion, now and before. Leads count a person's enquiries once a day; those
 * whose visit was not counted are in `leads` and `notCounted`, never in `conversion`,
 * which is leads of counted visits ÷ visitors in per cent, 0 to 100, or null without
 * visitors. `leads` and `conversion` are null under a device filter: leads do not
 * record a device.
 */
export type InsightsSummary = {
  visitors: InsightsFigure;
  leads: (InsightsFigure & { notCounted: number; notCountedBefore: number }) | null;
  conversion: { value: number | null; previous: number | null } | null;
};

export const insightsTableNames = [
  "days",
  "sources",
  "pages",
  "referrers",
  "campaigns",
  "devices",
  "lead-pages",
  "lead-sources",
  "lead-campaigns",
] as const;
export type InsightsTableName = (typeof insightsTableNames)[number];

export type InsightsTotal = {
  label: string;
  value: number;
  previous: number;
  /** Change from the period before in per cent, rounded; null when that period had none. */
  change: number | null;
  /** "%" for a rate. */
  unit?: string;
};

export type Insights = {
  /** Agency days, inclusive. */
  period: { from: string; to: string; days: number };
  previous: { from: string; to: string };
  totals: InsightsTotal[];
  /** Views and visits per day, every day of the period (the chart's data). */
  daily: Array<{ date: string; views: number; visits: number }>;
  tables: InsightsTable[];
  /** The filters applied to every figure and table (none: {}). */
  filters: InsightsFilters;
  summary: InsightsSummary;
  /** Why some figures are not given under the filters chosen, when they are not. */
  note?: string;
};

/** Change in per cent from `previous` to `value`, rounded; null when there was nothing before. */
export function percentChange(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 100);
}

/** "+12 %", "−5 %", "0 %", or "new" when the period before had none. */
export function formatChange(change: number | null, value: number): string {
  if (change === null) return value > 0 ? "new" : "–";
  if (change > 0) return `+${change} %`;
  if (change < 0) return `−${Math.abs(change)} %`;
  return "0 %";
}
