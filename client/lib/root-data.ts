import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "#shared/site-settings.ts";
import type { PageSnippet, SnippetPage } from "#shared/snippet-pages.ts";

export type RootData = {
  settings: SiteSettings;
  gtmId: string | undefined;
  /**
   * The search snippet of the page at this path, as the server resolved it: the page's own,
   * with what staff saved in its place. The browser gets this page's and no list of all
   * pages' (docs/decisions/037-visitor-chunks.md).
   */
  snippet?: PageSnippet;
};

/** Route meta functions get the root loader's data as the first match. */
export function settingsFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root");
  return (root?.data as RootData | undefined)?.settings;
}

/** The snippet of `page`, when the root loader resolved it for this path. */
export function snippetFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  page: SnippetPage,
): PageSnippet | undefined {
  const root = matches.find((match) => match?.id === "root");
  const snippet = (root?.data as RootData | undefined)?.snippet;
  return snippet?.page === page ? snippet : undefined;
}

/** Brand and contact details, from the server's configuration. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useSiteSettings used outside the root route");
  return data.settings;
}
