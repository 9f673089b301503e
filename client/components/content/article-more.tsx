import { ExternalLink } from "lucide-react";
import type { NewsPost } from "../../../shared/content-types";

/**
 * SPEC §2: with an article link, open it in a new tab; without one, stay on the
 * page — here the full text unfolds in place (works without JavaScript).
 */
export function ArticleMore({ post, label }: { post: NewsPost; label: string }) {
  if (post.article_link) {
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
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand hover:underline">
        {label}
        <span className="sr-only">: {post.title}</span>
      </summary>
      <div className="mt-3 space-y-3 text-slate-700">
        {post.content.split("\n\n").map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}
