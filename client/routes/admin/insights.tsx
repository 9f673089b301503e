import { staffPaths } from "#shared/staff-paths.ts";
import { formatChange, insightsPeriods, type Insights, type InsightsTable } from "#shared/insights.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { DailyChart } from "#client/components/workspace/insights/daily-chart.tsx";
import { InsightsTableView } from "#client/components/workspace/insights/insights-table.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { WorkspaceApiError, workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/insights";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Insights");
export const handle = workspaceHandle;

const description =
  "How the site is doing: visits, the pages and sources they came by, and the leads they became. Counted without cookies.";

/** The period in the address (?days= or ?from=&to=), as the API takes it. */
function periodQuery(url: URL): string {
  const query = new URLSearchParams();
  for (const name of ["days", "from", "to"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return query.toString();
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = periodQuery(url);
  const asked = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  try {
    const insights = await workspaceFetch<Insights>(`/insights${query ? `?${query}` : ""}`);
    return { insights, query, asked, refusal: null };
  } catch (error) {
    // A period the API cannot read is said beside the form, not as a broken page.
    if (!(error instanceof WorkspaceApiError) || error.status !== 400) throw error;
    return { insights: null, query, asked, refusal: { message: error.message, fields: error.fieldErrors } };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Insights" description={description} />;
}

function PeriodChoice({
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
        <div className="w-40">
          <TextField
            label="From"
            name="from"
            type="date"
            required
            defaultValue={asked.from || insights?.period.from}
            error={fields.from}
          />
        </div>
        <div className="w-40">
          <TextField
            label="To"
            name="to"
            type="date"
            required
            defaultValue={asked.to || insights?.period.to}
            error={fields.to}
          />
        </div>
        <Button type="submit" variant="secondary">
          Show these days
        </Button>
      </form>
    </div>
  );
}

function Totals({ insights }: { insights: Insights }) {
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

const sections: Array<{ name: InsightsTable["name"]; empty: string }> = [
  { name: "pages", empty: "No page views in this period." },
  { name: "referrers", empty: "No page views in this period." },
  { name: "campaigns", empty: "No visits from a campaign link in this period." },
  { name: "devices", empty: "No page views in this period." },
  { name: "lead-pages", empty: "No leads in this period." },
  { name: "lead-sources", empty: "No leads in this period." },
  { name: "lead-campaigns", empty: "No leads from a campaign in this period." },
];

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { insights, query, asked, refusal } = loaderData;
  const tables = new Map(insights?.tables.map((table) => [table.name, table]));
  const days = tables.get("days");
  return (
    <>
      <PageHeader title="Insights" description={description} />
      <PeriodChoice insights={insights} asked={asked} fields={refusal?.fields ?? {}} />
      {refusal && Object.keys(refusal.fields).length === 0 ? (
        <p role="alert" className="mb-6 font-medium text-danger">
          {refusal.message}
        </p>
      ) : null}
      {insights ? (
        <div className="space-y-12">
          <TitledSection id="totals" title={`${insights.period.from} to ${insights.period.to}`}>
            <p className="text-ink-soft">
              Against the {insights.period.days} days before, {insights.previous.from} to{" "}
              {insights.previous.to}.
            </p>
            <Totals insights={insights} />
          </TitledSection>
          {days ? (
            <TitledSection id="daily" title="Page views and visits per day">
              <DailyChart daily={insights.daily} tableId="daily-figures" />
              <details className="rounded-card border border-line bg-surface p-4">
                <summary className="cursor-pointer font-medium text-ink">
                  The figures per day, as a table
                </summary>
                <div className="mt-4">
                  <InsightsTableView
                    table={days}
                    period={insights.period}
                    query={query}
                    id="daily-figures"
                    empty="No days."
                  />
                </div>
              </details>
            </TitledSection>
          ) : null}
          {sections.map(({ name, empty }) => {
            const table = tables.get(name);
            return table ? (
              <TitledSection key={name} id={name} title={table.title}>
                <InsightsTableView table={table} period={insights.period} query={query} empty={empty} />
              </TitledSection>
            ) : null;
          })}
        </div>
      ) : null}
    </>
  );
}
