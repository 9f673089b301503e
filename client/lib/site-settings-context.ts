import { createContext, useContext } from "react";
import type { SiteSettings } from "#shared/site-settings.ts";

/**
 * The site settings an island reads (docs/decisions/064-islands.md): an island runs without
 * React Router, so it cannot read the root loader's data; the page's shell provides these
 * on the server, and each island's entry from the JSON beside it. Only what an island uses.
 */
export type IslandSettings = Pick<SiteSettings, "email">;

export const SiteSettingsContext = createContext<IslandSettings | undefined>(undefined);

/** The site settings an island reads, on the server and in the browser alike. */
export function useSiteSettings(): IslandSettings {
  const settings = useContext(SiteSettingsContext);
  if (!settings) throw new Error("useSiteSettings used outside the site's shell or an island");
  return settings;
}
