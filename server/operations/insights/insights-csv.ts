import { toCsv, type CsvValue } from "#server/operations/export/csv.ts";
import type { Insights, InsightsTable } from "#shared/insights.ts";

/** One of the dashboard's tables by name, or undefined for a name it has not. */
export function findInsightsTable(insights: Insights, name: string): InsightsTable | undefined {
  return insights.tables.find((table) => table.name === name);
}

/** A table as spreadsheet-safe CSV, headed by its columns' labels. */
export function insightsTableCsv(table: InsightsTable): string {
  const labels = table.columns.map((column) => column.label);
  const rows = table.rows.map(
    (row) =>
      Object.fromEntries(table.columns.map((column) => [column.label, row[column.key] ?? null])) as Record<
        string,
        CsvValue
      >,
  );
  return toCsv(labels, rows);
}

/** The CSV's file name: the table and its period, "pages-2026-10-28-to-2026-11-26.csv". */
export function insightsCsvName(insights: Insights, table: InsightsTable): string {
  return `${table.name}-${insights.period.from}-to-${insights.period.to}.csv`;
}
