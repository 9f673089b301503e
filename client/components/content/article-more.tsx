import { ExternalLink } from "lucide-react";
import type { NewsSummary } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";

/**
 * The link under a news excerpt: to the article's own page when it has a body; otherwise
 * to its article link, in a new tab (requirements §2).
 */
export function ArticleMore({ post, label }: { post: NewsSummary; label: string }) {
  if (post.hasArticle || !post.article_link) {
    return (
      <a
        href={paths.newsArticle(post.id)}
        className="inline-flex min-h-11 items-center font-semibold text-brand hover:underline"
      >
        {label}
        <span className="sr-only">: {post.title}</span>
      </a>
    );
  }
  return (
    <a
      href={post.article_link}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
    >
      {label}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">: {post.title} (opens in a new tab)</span>
    </a>
  );
}
