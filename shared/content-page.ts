import type { ContentKind } from "#shared/content-fields.ts";
import { paths } from "#shared/paths.ts";

/**
 * Where visitors read a content item: its own page (a case study, a news post with a
 * body), else the list that shows it. Only an item with a page of its own can be
 * previewed before it is published.
 */
export function contentPageOf(
  kind: ContentKind,
  item: { id: string; content?: unknown },
): { path: string; ownPage: boolean } {
  if (kind === "case-studies") return { path: paths.caseStudy(item.id), ownPage: true };
  if (kind === "news" && typeof item.content === "string") {
    return { path: paths.newsArticle(item.id), ownPage: true };
  }
  return { path: kind === "news" ? paths.news : paths.projects, ownPage: false };
}
