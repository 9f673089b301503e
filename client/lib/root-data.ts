import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "#shared/site-settings.ts";
import type { SnippetOverride, SnippetPage } from "#shared/snippet-pages.ts";

export type RootData = {
  settings: SiteSettings;
  gtmId: string | undefined;
  /** What staff changed of this page's search snippet; absent: the page's own. */
  snippet?: SnippetOverride & { page: SnippetPage };
};

/** Route meta functions get the root loader's data as the first match. */
export function settingsFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root");
  return (root?.data as RootData | undefined)?.settings;
}

/** The saved snippet of `page`, when the root loader found one for it. */
export function snippetFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  page: SnippetPage,
): SnippetOverride | undefined {
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
