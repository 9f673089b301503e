/** The insights page's period choice (links and a date form) and its totals against the period before. */
import { staffPaths } from "#shared/staff-paths.ts";
import { formatChange, insightsPeriods, type Insights } from "#shared/insights.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";

/** The form's two days, first to last. */
const periodEnds = [
  { name: "from", label: "From" },
  { name: "to", label: "To" },
] as const;

export function PeriodChoice({
  insights,
  asked,
  fields,
}: {
  insights: Insights | null;
  asked: { from: string; to: string };
  fields: Record<string, string>;
}) {
  const chosenDays = insights && !asked.from ? insights.period.days : undefined;
  return (
    <div className="mb-8 flex flex-wrap items-end gap-6">
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {insightsPeriods.map((days) => (
            <li key={days}>
              <a
                href={`${staffPaths.insights}?days=${days}`}
                aria-current={chosenDays === days ? "page" : undefined}
                className="inline-block rounded-control border border-line-strong px-3 py-2 font-medium text-ink hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:text-on-brand-soft"
              >
                Last {days} days
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* A plain GET form: the period is in the address, so a view can be shared or reloaded. */}
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
        <Button type="submit" variant="secondary">
          Show these days
        </Button>
      </form>
    </div>
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
