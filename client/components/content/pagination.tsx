import { ChevronLeft, ChevronRight } from "lucide-react";

export type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page of this list. */
  pathOf: (page: number) => string;
  /** What is listed, for the landmark's name: "Projects pages". */
  label: string;
};

/** Which page numbers to show: the first, the last, and two either side of the current one. */
export function visiblePages(page: number, pageCount: number): Array<number | "gap"> {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return pages.flatMap((n, index) =>
    index > 0 && n - (pages[index - 1] ?? n) > 1 ? ["gap" as const, n] : [n],
  );
}

const itemClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-control px-3 font-semibold";

/**
 * Real links to the list's other pages, so crawlers and people without JavaScript reach
 * every item; none when everything fits on one page.
 */
export function Pagination({ page, pageCount, pathOf, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <a href={pathOf(page - 1)} rel="prev" className={`${itemClass} text-brand hover:bg-brand-soft`}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          Previous
        </a>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {visiblePages(page, pageCount).map((entry, index) =>
          entry === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={entry}>
              <a
                href={pathOf(entry)}
                aria-current={entry === page ? "page" : undefined}
                aria-label={`Page ${entry}`}
                className={`${itemClass} ${entry === page ? "bg-brand text-on-brand" : "text-ink hover:bg-muted"}`}
              >
                {entry}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <a href={pathOf(page + 1)} rel="next" className={`${itemClass} text-brand hover:bg-brand-soft`}>
          Next
          <ChevronRight aria-hidden="true" className="size-5" />
        </a>
      ) : null}
    </nav>
  );
}
