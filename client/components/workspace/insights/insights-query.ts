import { insightsFilterNames, type InsightsFilterName } from "#shared/insights.ts";
import { staffPaths } from "#shared/staff-paths.ts";

/** What the insights page keeps in its address: the period and the filters, as the API takes them. */
export const insightsQueryNames = ["days", "from", "to", ...insightsFilterNames] as const;

/** The page's own query of those names, in their order ("days=7&source=Google"). */
export function insightsQuery(search: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of insightsQueryNames) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  return query.toString();
}

/** The page's address with one filter set (or taken away with `value` undefined). */
export function insightsHref(query: string, name: InsightsFilterName, value: string | undefined): string {
  const next = new URLSearchParams(query);
  if (value === undefined) next.delete(name);
  else next.set(name, value);
  const text = next.toString();
  return `${staffPaths.insights}${text ? `?${text}` : ""}`;
}
