import {
  NOT_COUNTED_LABEL,
  OTHER_LABEL,
  formatChange,
  type Insights,
  type InsightsCell,
  type InsightsTable,
} from "#shared/insights.ts";
import { insightsHref } from "./insights-query";

/**
 * The page's first screen (docs/decisions/058-one-name-per-source.md): visitors, leads
 * and conversion against the period before, a small trend of visits, then the sources
 * and campaigns that brought leads, each a link that filters the page by it. Fits a
 * phone's screen (360 × 740) and a laptop's (1280 × 800) without scrolling; the full
 * tables are further down.
 */
const compactTables = [
  {
    id: "first-sources",
    title: "Leads by source",
    name: "lead-sources",
    first: "Source",
    base: true,
    shown: 5,
    phone: 3,
  },
  {
    id: "first-campaigns",
    title: "Top campaigns",
    name: "lead-campaigns",
    first: "Campaign",
    base: false,
    shown: 3,
    phone: 2,
  },
] as const;

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <li className="min-w-0 rounded-card border border-line bg-surface p-2 sm:p-3">
      <span className="block text-2xl font-extrabold text-ink tabular-nums sm:text-3xl">{value}</span>
      <span className="block text-[13px] font-semibold text-ink sm:text-sm">{label}</span>
      <span className="block text-xs text-ink-soft sm:text-sm">{detail}</span>
    </li>
  );
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : `${value} %`;

/** Visits per day as a line: a picture of the trend; the figures are the table further down. */
function Trend({ daily }: { daily: Insights["daily"] }) {
  const width = 320;
  const height = 40;
  const top = Math.max(1, ...daily.map((day) => day.visits));
  const step = width / Math.max(1, daily.length - 1);
  const points = daily
    .map(
      (day, index) =>
        `${(index * step).toFixed(1)},${(height - 2 - (day.visits / top) * (height - 4)).toFixed(1)}`,
    )
    .join(" ");
  const first = daily[0]?.date ?? "";
  const last = daily.at(-1)?.date ?? "";
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className="h-10 w-full"
      role="img"
      aria-label={`Visits per day from ${first} to ${last}, at most ${top} a day; the figures per day are further down.`}
    >
      <polyline
        points={points}
        fill="none"
        className="stroke-ocean"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

type Row = Record<string, InsightsCell>;

/** A row that can be opened as a filter: not "(other)", not the leads not counted. */
const opens = (row: Row) => row.label !== OTHER_LABEL && row.label !== NOT_COUNTED_LABEL;

function CompactTable({
  id,
  title,
  table,
  shown,
  phone,
  query,
  first,
  base,
}: {
  id: string;
  title: string;
  table: InsightsTable | undefined;
  shown: number;
  /** On a phone, fewer: the rows are tap targets of 44 px. */
  phone: number;
  query: string;
  first: string;
  base: boolean;
}) {
  if (!table) return null;
  if (table.note) return null;
  const rows = table.rows.filter((row) => row.label !== NOT_COUNTED_LABEL).slice(0, shown);
  const notCounted = table.rows.find((row) => row.label === NOT_COUNTED_LABEL)?.leads;
  const filter = table.filter;
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0">
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-soft">None in this period.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">
            {title}, the first {rows.length}; every row is in the table further down.
          </caption>
          <thead>
            <tr className="border-b border-line text-left text-ink-soft">
              <th scope="col" className="w-1/2 py-1 font-semibold">
                {first}
              </th>
              {base ? (
                <th scope="col" className="py-1 text-right font-semibold">
                  Visitors
                </th>
              ) : null}
              <th scope="col" className="py-1 text-right font-semibold">
                Leads
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                <abbr title="Conversion" className="no-underline">
                  Conv.
                </abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const value = filter ? row[filter.key] : null;
              const label = String(row.label);
              return (
                <tr
                  key={label}
                  className={`border-b border-line last:border-0 ${index >= phone ? "max-sm:hidden" : ""}`}
                >
                  <th scope="row" className="py-0 text-left font-medium wrap-anywhere">
                    {filter && opens(row) && typeof value === "string" && value !== "" ? (
                      <a
                        href={insightsHref(query, filter.name, value)}
                        className="flex min-h-11 items-center text-brand underline"
                      >
                        {label}
                      </a>
                    ) : (
                      <span className="flex min-h-11 items-center">{label}</span>
                    )}
                  </th>
                  {base ? <td className="text-right tabular-nums">{row.visits ?? "–"}</td> : null}
                  <td className="text-right tabular-nums">{row.leads ?? "–"}</td>
                  <td className="text-right tabular-nums">{percent(row.conversion as number | null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {typeof notCounted === "number" && notCounted > 0 ? (
        // On a phone the leads' figure says it.
        <p className="mt-1 text-sm text-ink-soft max-sm:hidden">
          Not counted: {notCounted} (their visit was not counted)
        </p>
      ) : null}
    </section>
  );
}

export function FirstScreen({ insights, query }: { insights: Insights; query: string }) {
  const { summary, daily } = insights;
  const tables = new Map(insights.tables.map((table) => [table.name, table]));
  const leads = summary.leads;
  const conversion = summary.conversion;
  return (
    <div id="first-screen" className="space-y-3">
      <ul aria-label="This period against the one before" className="grid grid-cols-3 gap-2 sm:gap-3">
        <Figure
          label="Visitors"
          value={String(summary.visitors.value)}
          detail={`${formatChange(summary.visitors.change, summary.visitors.value)} against ${summary.visitors.previous}`}
        />
        <Figure
          label="Leads"
          value={leads ? String(leads.value) : "–"}
          detail={
            leads
              ? `${formatChange(leads.change, leads.value)} against ${leads.previous}${leads.notCounted > 0 ? `; not counted: ${leads.notCounted}` : ""}`
              : "not recorded per device"
          }
        />
        <Figure
          label="Conversion"
          value={percent(conversion?.value)}
          detail={conversion ? `against ${percent(conversion.previous)}` : "not recorded per device"}
        />
      </ul>
      <Trend daily={daily} />
      {insights.note ? <p className="text-sm text-ink-soft">{insights.note}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-8">
        {compactTables.map(({ name, ...compact }) => (
          <CompactTable key={compact.id} {...compact} table={tables.get(name)} query={query} />
        ))}
      </div>
    </div>
  );
}
