import { STAFF_API } from "#shared/staff-paths.ts";
import { NOT_COUNTED_LABEL, OTHER_LABEL, type InsightsCell, type InsightsTable } from "#shared/insights.ts";
import { insightsHref } from "./insights-query";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";

type Row = Record<string, InsightsCell>;

/** A cell as read: a change with its sign and %, a rate with %, nothing as a dash. */
function show(key: string, value: InsightsCell): string {
  if (value === null) return "–";
  if (key === "change" && typeof value === "number") return value > 0 ? `+${value} %` : `${value} %`;
  if (key === "conversion") return `${value} %`;
  return String(value);
}

/** The CSV of a table for the period on show: the API's address with the page's own query. */
export function csvHref(table: InsightsTable, query: string): string {
  return `${STAFF_API}/insights/${table.name}.csv${query ? `?${query}` : ""}`;
}

/**
 * One of the dashboard's tables, its CSV to download beside it. Its caption names the
 * period too: the section it sits in has the table's title, and two landmarks may not
 * share a name.
 */
export function InsightsTableView({
  table,
  period,
  query,
  id,
  empty,
}: {
  table: InsightsTable;
  period: { from: string; to: string };
  query: string;
  id?: string;
  empty: string;
}) {
  const { filter } = table;
  /** The first cell: a link that filters the page by the row, where the row can be one. */
  const first = (row: Row) => {
    const text = show("label", row[table.columns[0]?.key ?? "label"] ?? null);
    const value = filter ? row[filter.key] : null;
    if (
      !filter ||
      typeof value !== "string" ||
      value === "" ||
      text === OTHER_LABEL ||
      text === NOT_COUNTED_LABEL
    )
      return text;
    return (
      <a href={insightsHref(query, filter.name, value)} className="text-brand underline">
        {text}
      </a>
    );
  };
  const columns: TableColumn<Row>[] = table.columns.map((column, index) => ({
    header: column.label,
    card: index === 0 ? "title" : "meta",
    className: column.numeric ? "text-right tabular-nums whitespace-nowrap" : "wrap-anywhere",
    cell: (row) => (index === 0 ? first(row) : show(column.key, row[column.key] ?? null)),
  }));
  const firstKey = table.columns[0]?.key ?? "label";
  return (
    <div id={id} className="space-y-3">
      {table.note ? (
        <p className="text-ink-soft">{table.note}</p>
      ) : table.rows.length === 0 ? (
        <p className="text-ink-soft">{empty}</p>
      ) : (
        <DataTable
          caption={`${table.title}, ${period.from} to ${period.to}`}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => String(row[firstKey])}
          rowName={(row) => String(row[firstKey])}
        />
      )}
      <a href={csvHref(table, query)} download className="inline-block font-medium text-brand underline">
        Download “{table.title}” as CSV
      </a>
    </div>
  );
}
