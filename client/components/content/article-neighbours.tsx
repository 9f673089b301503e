import { ArrowLeft, ArrowRight } from "lucide-react";
import { paths } from "#shared/paths.ts";

type ArticleLink = { id: string; title: string };

/** The articles before and after one in the news list: newer to the left, older to the right. */
export function ArticleNeighbours({ previous, next }: { previous?: ArticleLink; next?: ArticleLink }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="More articles" className="page-container max-w-3xl pb-14">
      <ul className="grid gap-4 sm:grid-cols-2">
        {previous ? (
          <li>
            <a
              href={paths.newsArticle(previous.id)}
              rel="prev"
              className="flex h-full flex-col rounded-card p-4 ring-1 ring-line hover:bg-muted"
            >
              <span className="inline-flex items-center gap-1 text-sm text-ink-soft">
                <ArrowLeft aria-hidden="true" className="size-4" /> Newer article
              </span>
              <span className="mt-1 font-semibold text-ink">{previous.title}</span>
            </a>
          </li>
        ) : null}
        {next ? (
          <li className="sm:col-start-2">
            <a
              href={paths.newsArticle(next.id)}
              rel="next"
              className="flex h-full flex-col rounded-card p-4 text-right ring-1 ring-line hover:bg-muted"
            >
              <span className="inline-flex items-center justify-end gap-1 text-sm text-ink-soft">
                Older article <ArrowRight aria-hidden="true" className="size-4" />
              </span>
              <span className="mt-1 font-semibold text-ink">{next.title}</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
