import type { Insights, InsightsTable } from "#shared/insights.ts";
import { DailyChart } from "#client/components/workspace/insights/daily-chart.tsx";
import { FilterChips } from "#client/components/workspace/insights/filter-chips.tsx";
import { FirstScreen } from "#client/components/workspace/insights/first-screen.tsx";
import { insightsQuery } from "#client/components/workspace/insights/insights-query.ts";
import { InsightsTableView } from "#client/components/workspace/insights/insights-table.tsx";
import { PeriodChoice, PeriodLinks, Totals } from "#client/components/workspace/insights/period-choice.tsx";
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

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = insightsQuery(url.searchParams);
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

const sections: Array<{ name: InsightsTable["name"]; empty: string }> = [
  { name: "lead-sources", empty: "No visits or leads in this period." },
  { name: "lead-campaigns", empty: "No visits or leads from a campaign in this period." },
  { name: "sources", empty: "No page views in this period." },
  { name: "pages", empty: "No page views in this period." },
  { name: "referrers", empty: "No page views in this period." },
  { name: "campaigns", empty: "No visits from a campaign link in this period." },
  { name: "devices", empty: "No page views in this period." },
  { name: "lead-pages", empty: "No leads in this period." },
];

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { insights, query, asked, refusal } = loaderData;
  const tables = new Map(insights?.tables.map((table) => [table.name, table]));
  const days = tables.get("days");
  return (
    <>
      {/* Compact, so the answer fits the first screen of a phone; the page's purpose is said under it. */}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">Insights</h1>
        <PeriodLinks insights={insights} asked={asked} query={query} />
      </div>
      {insights ? <FilterChips filters={insights.filters} query={query} /> : null}
      {refusal && Object.keys(refusal.fields).length === 0 ? (
        <p role="alert" className="mb-6 font-medium text-danger">
          {refusal.message}
        </p>
      ) : null}
      {insights ? (
        <div className="space-y-12">
          <FirstScreen insights={insights} query={query} />
          <TitledSection id="totals" title={`${insights.period.from} to ${insights.period.to}`}>
            <p className="text-ink-soft">
              {description} Against the {insights.period.days} days before, {insights.previous.from} to{" "}
              {insights.previous.to}.
            </p>
            <Totals insights={insights} />
          </TitledSection>
          <TitledSection id="period" title="Another period">
            <PeriodChoice insights={insights} asked={asked} fields={{}} filters={insights.filters} />
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
      ) : (
        <PeriodChoice insights={null} asked={asked} fields={refusal?.fields ?? {}} filters={{}} />
      )}
    </>
  );
}
