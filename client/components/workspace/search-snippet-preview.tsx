import { cutForSearch, snippetLengths, snippetWarnings } from "#shared/snippet-pages.ts";

/**
 * What a page looks like where people find it: as a search result (its title, address and
 * description, cut where search engines cut them) and as a link card in a chat or a feed
 * (its image, title, description and host). Redrawn as the editor types; past the lengths
 * search engines show, a warning says so (docs/decisions/040-search-snippets.md).
 */
export function SearchSnippetPreview({
  title,
  url,
  description,
  imageSrc,
}: {
  /** The document title: "Page - Brand". */
  title: string;
  /** The page's absolute address. */
  url: string;
  description: string;
  /** The link card's picture; root-relative or absolute. */
  imageSrc: string;
}) {
  const address = new URL(url);
  const crumbs = [address.host, ...address.pathname.split("/").filter(Boolean)].join(" › ");
  const warnings = snippetWarnings({ title, description });
  return (
    <section aria-label="Preview" className="space-y-4">
      <div>
        <h2 className="text-sm font-semibold text-ink-soft">In search results</h2>
        <div className="mt-2 rounded-card border border-line bg-surface p-4" data-preview="search">
          <p className="truncate text-sm text-ink-soft">{crumbs}</p>
          <p className="mt-1 text-lg/snug text-brand wrap-anywhere">
            {cutForSearch(title, snippetLengths.titleCut)}
          </p>
          <p className="mt-1 text-sm text-ink wrap-anywhere">
            {cutForSearch(description, snippetLengths.descriptionCut)}
          </p>
        </div>
      </div>
      <div>
        <h2 className="text-sm font-semibold text-ink-soft">As a shared link</h2>
        <div
          className="mt-2 max-w-md overflow-hidden rounded-card border border-line bg-surface"
          data-preview="card"
        >
          <img
            src={imageSrc}
            alt=""
            width={1200}
            height={630}
            className="aspect-[1200/630] h-auto w-full bg-muted object-cover"
          />
          <div className="space-y-1 p-3">
            <p className="text-xs text-ink-soft uppercase">{address.host}</p>
            <p className="font-semibold text-ink wrap-anywhere">{cutForSearch(title, 90)}</p>
            <p className="text-sm text-ink-soft wrap-anywhere">{cutForSearch(description, 110)}</p>
          </div>
        </div>
      </div>
      {/* Read out as a text crosses a limit, not at every key. */}
      <div aria-live="polite">
        {warnings.length > 0 ? (
          <ul className="space-y-1 rounded-control border-l-4 border-warning bg-warning-soft p-3 text-sm text-ink">
            {warnings.map((warning) => (
              <li key={warning}>
                <strong>Warning:</strong> {warning}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
