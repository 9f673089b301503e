import { indexablePages, paths } from "#shared/paths.ts";
import type { Route } from "./+types/sitemap";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The site's pages for search engines; case studies and articles with their last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const { caseStudies, articles } = await context.content.listSitemapEntries();
  const entries: Array<{ path: string; lastmod?: string }> = [
    ...indexablePages.map((path) => ({ path })),
    ...caseStudies.map(({ id, updatedAt }) => ({ path: paths.caseStudy(id), lastmod: updatedAt })),
    ...articles.map(({ id, updatedAt }) => ({ path: paths.newsArticle(id), lastmod: updatedAt })),
  ];
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(new URL(path, context.settings.siteUrl).href)}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}</url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
