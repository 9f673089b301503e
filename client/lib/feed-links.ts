import { machinePaths } from "#shared/paths.ts";
import type { SiteSettings } from "#shared/site-settings.ts";

/** `<link rel="alternate">` to the news feeds, so readers and crawlers find them. */
export function feedLinks(settings: SiteSettings) {
  const link = (type: string, path: string, format: string) => ({
    tagName: "link" as const,
    rel: "alternate",
    type,
    title: `${settings.brandName} news (${format})`,
    href: new URL(path, settings.siteUrl).href,
  });
  return [
    link("application/rss+xml", machinePaths.newsRss, "RSS"),
    link("application/atom+xml", machinePaths.newsAtom, "Atom"),
    link("application/feed+json", machinePaths.newsJsonFeed, "JSON Feed"),
  ];
}
