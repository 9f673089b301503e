import { insightsFilterLabels, insightsFilterNames, type InsightsFilters } from "#shared/insights.ts";
import { insightsHref } from "./insights-query";

/**
 * The filters on every figure and table, each a chip whose link takes it away: the
 * filters live in the address, so a filtered view can be shared, reloaded or gone back from.
 */
export function FilterChips({ filters, query }: { filters: InsightsFilters; query: string }) {
  const chosen = insightsFilterNames.filter((name) => filters[name] !== undefined);
  if (chosen.length === 0) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-ink">Only:</span>
      <ul aria-label="Filters" className="flex flex-wrap gap-2">
        {chosen.map((name) => (
          <li key={name}>
            <a
              href={insightsHref(query, name, undefined)}
              aria-label={`Remove the filter ${insightsFilterLabels[name]}: ${filters[name]}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand bg-brand-soft px-3 text-sm font-medium text-on-brand-soft wrap-anywhere hover:underline"
            >
              <span>
                {insightsFilterLabels[name]}: {filters[name]}
              </span>
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
