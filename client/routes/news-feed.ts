import { Feed } from "feed";
import { machinePaths, paths } from "#shared/paths.ts";
import type { Route } from "./+types/news-feed";

/** How many of the latest posts a feed carries. */
const FEED_SIZE = 20;

/**
 * The latest news as RSS 2.0 (/news/rss.xml), Atom (/news/atom.xml) and JSON Feed
 * (/news/feed.json): one module, the format read from the address. An item links to the
 * article's page, or to its article link when it has no body.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = context;
  const entries = await context.content.listLatestNews(FEED_SIZE);
  const url = (path: string) => new URL(path, settings.siteUrl).href;
  const feed = new Feed({
    title: `${settings.brandName} Tech News`,
    description:
      "Insights on web development, mobile apps and technology trends that matter to South African businesses.",
    id: url(paths.news),
    link: url(paths.news),
    language: "en-ZA",
    favicon: url("/favicon.svg"),
    copyright: `© ${new Date().getFullYear()} ${settings.brandName}`,
    updated: entries.reduce<Date | undefined>((latest, entry) => {
      const at = new Date(entry.updatedAt);
      return latest && latest > at ? latest : at;
    }, undefined),
    generator: settings.brandName,
    feedLinks: {
      rss: url(machinePaths.newsRss),
      atom: url(machinePaths.newsAtom),
      json: url(machinePaths.newsJsonFeed),
    },
    author: { name: settings.brandName, email: settings.email, link: settings.siteUrl },
  });
  for (const { post, html } of entries) {
    const published = new Date(`${post.date}T00:00:00+02:00`);
    const link = post.hasArticle || !post.article_link ? url(paths.newsArticle(post.id)) : post.article_link;
    feed.addItem({
      title: post.title,
      id: url(paths.newsArticle(post.id)),
      link,
      description: post.excerpt,
      content: html,
      author: [{ name: post.author }],
      category: [{ name: post.category }],
      // RSS has one date, the publication day; Atom gives both.
      date: published,
      published,
      image: post.image.src.endsWith(".svg") ? undefined : url(post.image.src),
    });
  }
  const path = new URL(request.url).pathname;
  const [body, type] =
    path === machinePaths.newsAtom
      ? [feed.atom1(), "application/atom+xml"]
      : path === machinePaths.newsJsonFeed
        ? [feed.json1(), "application/feed+json"]
        : [feed.rss2(), "application/rss+xml"];
  return new Response(body, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "public, max-age=600" },
  });
}
