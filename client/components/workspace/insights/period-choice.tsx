/** The insights page's period choice (links and a date form) and its totals against the period before. */
import { staffPaths } from "#shared/staff-paths.ts";
import { formatChange, insightsPeriods, type Insights, type InsightsFilters } from "#shared/insights.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";

/** The form's two days, first to last. */
const periodEnds = [
  { name: "from", label: "From" },
  { name: "to", label: "To" },
] as const;

/** The periods offered, as links that keep the filters chosen. */
export function PeriodLinks({
  insights,
  asked,
  query,
}: {
  insights: Insights | null;
  asked: { from: string; to: string };
  query: string;
}) {
  const chosenDays = insights && !asked.from ? insights.period.days : undefined;
  const hrefOf = (days: number) => {
    const next = new URLSearchParams(query);
    for (const name of ["days", "from", "to"]) next.delete(name);
    return `${staffPaths.insights}?${new URLSearchParams([["days", String(days)], ...next]).toString()}`;
  };
  return (
    <nav aria-label="Period">
      <ul className="flex flex-wrap gap-2">
        {insightsPeriods.map((days) => (
          <li key={days}>
            <a
              href={hrefOf(days)}
              aria-current={chosenDays === days ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-control border border-line-strong px-3 text-sm font-medium text-ink hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:text-on-brand-soft"
            >
              {/* "Last" is read, not shown, on a phone: the three fit one line there. */}
              <span className="max-sm:sr-only">Last&nbsp;</span>
              {days} days
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A period by its first and last day: a plain GET form, so the period is in the address (filters kept). */
export function PeriodChoice({
  insights,
  asked,
  fields,
  filters,
}: {
  insights: Insights | null;
  asked: { from: string; to: string };
  fields: Record<string, string>;
  filters: InsightsFilters;
}) {
  return (
    <form method="get" action={staffPaths.insights} className="flex flex-wrap items-end gap-3">
      {periodEnds.map(({ name, label }) => (
        <div key={name} className="w-40">
          <TextField
            label={label}
            name={name}
            type="date"
            required
            defaultValue={asked[name] || insights?.period[name]}
            error={fields[name]}
          />
        </div>
      ))}
      {Object.entries(filters).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="secondary">
        Show these days
      </Button>
    </form>
  );
}

export function Totals({ insights }: { insights: Insights }) {
  return (
    <ul aria-label="This period against the one before" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {insights.totals.map((total) => (
        <li key={total.label} className="rounded-card border border-line bg-surface p-4">
          <span className="block text-3xl font-extrabold text-ink tabular-nums">
            {total.value}
            {total.unit ? ` ${total.unit}` : ""}
          </span>
          <span className="mt-1 block font-semibold text-ink">{total.label}</span>
          <span className="mt-1 block text-sm text-ink-soft">
            {formatChange(total.change, total.value)} against {total.previous}
            {total.unit ? ` ${total.unit}` : ""} before
          </span>
        </li>
      ))}
    </ul>
  );
}
