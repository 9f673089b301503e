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
};

export const insightsTableNames = [
  "days",
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
