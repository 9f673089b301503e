import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "#shared/site-settings.ts";

export type RootData = { settings: SiteSettings; gtmId: string | undefined };

/** Route meta functions get the root loader's data as the first match. */
export function settingsFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root");
  return (root?.data as RootData | undefined)?.settings;
}

/** Brand and contact details, from the server's configuration. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useSiteSettings used outside the root route");
  return data.settings;
}
