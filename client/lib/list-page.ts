import { data, redirect } from "react-router";

/**
 * The page number in a list's address (`/news/page/3`): 1 when there is none. Page 1 has
 * no /page/ address of its own, so `/page/1` moves there for good; anything that is not
 * a whole number from 2 up is not a page (404, the site's 404 page).
 */
export function pageNumberOf(raw: string | undefined, firstPagePath: string): number {
  if (raw === undefined) return 1;
  if (raw === "1") throw redirect(firstPagePath, 301);
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** Answers 404 with the site's 404 page (the root's error boundary). */
export function notFound() {
  return data(null, { status: 404 });
}

/** The `<link rel>` tags of a list page: its canonical address, and its neighbours. */
export function listPageLinks(
  pathOf: (page: number) => string,
  page: number,
  pageCount: number,
  siteUrl: string,
): Array<{ tagName: "link"; rel: string; href: string }> {
  const link = (rel: string, target: number) => ({
    tagName: "link" as const,
    rel,
    href: new URL(pathOf(target), siteUrl).href,
  });
  return [
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(page < pageCount ? [link("next", page + 1)] : []),
  ];
}
