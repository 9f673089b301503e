import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "#shared/site-settings.ts";
import { socialImagePath } from "#shared/social-cards.ts";
import type { SnippetPage } from "#shared/snippet-pages.ts";
import { settingsFromMatches, snippetFromMatches } from "./root-data";

export type PageSeo = {
  /** The page name; the document title becomes "name - brand" (requirements §2). */
  title: string;
  description: string;
  /** Path of the page, for the canonical URL. */
  path: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  /** Structured data objects for JSON-LD. */
  jsonLd?: object[];
  /** An article's Open Graph type and dates; pages are "website". */
  article?: { publishedTime: string; modifiedTime: string; section: string };
};

export function formatDocumentTitle(pageName: string, brandName: string): string {
  return `${pageName} - ${brandName}`;
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function buildMeta(seo: PageSeo, settings: SiteSettings | undefined): MetaDescriptor[] {
  if (!settings) return [{ title: seo.title }];
  const title = formatDocumentTitle(seo.title, settings.brandName);
  const url = new URL(seo.path, settings.siteUrl).href;
  const image = new URL(seo.image ?? socialImagePath(seo.path), settings.siteUrl).href;
  return [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: seo.article ? "article" : "website" },
    ...(seo.article
      ? [
          { property: "article:published_time", content: seo.article.publishedTime },
          { property: "article:modified_time", content: seo.article.modifiedTime },
          { property: "article:section", content: seo.article.section },
        ]
      : []),
    { property: "og:site_name", content: settings.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_ZA" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
    ...(seo.jsonLd ?? []).map((item) => ({ "script:ld+json": item })),
  ];
}

type Matches = Parameters<typeof settingsFromMatches>[0];

/**
 * A fixed page's meta: its name, path and description as it ships (shared/snippet-pages.ts),
 * the description and image staff saved in their place, and whatever else the page adds.
 * The root loader resolves the snippet on the server, so the browser's bundle holds no
 * list of every page's (docs/decisions/037-visitor-chunks.md). `overrides` may name another
 * title and path (a list's later pages); staff's snippet still applies, as it is the same page.
 */
export function buildPageMeta(
  page: SnippetPage,
  matches: Matches,
  overrides: Partial<Omit<PageSeo, "description" | "image">> = {},
): MetaDescriptor[] {
  const snippet = snippetFromMatches(matches, page);
  // The root loader resolves it for every fixed page's path (and each visitor page is a
  // document load); without it, no meta is better than another page's.
  if (!snippet) return [];
  return buildMeta(
    {
      title: snippet.title,
      path: snippet.path,
      ...overrides,
      description: snippet.description,
      ...(snippet.image ? { image: snippet.image } : {}),
    },
    settingsFromMatches(matches),
  );
}

/** requirements §2: a page that is not there is titled with its path, and kept out of search results. */
export function notFoundMeta(path: string, settings: SiteSettings | undefined): MetaDescriptor[] {
  return [
    ...buildMeta(
      { title: path, description: "The page you are looking for could not be found.", path },
      settings,
    ).filter((tag) => !("tagName" in tag)),
    { name: "robots", content: "noindex" },
  ];
}
