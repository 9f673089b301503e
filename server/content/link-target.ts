/**
 * Where a link in staff-written Markdown really leads, read as a browser reads its href
 * (docs/decisions/052-link-targets-and-hashed-addresses.md): the WHATWG URL parser strips
 * tabs, newlines and surrounding control characters, takes `\` for `/` and `//host` for
 * another host, so `/\evil.test` opens evil.test. The link is written as what it opens:
 * a path for the site's own pages, the absolute URL for anywhere else.
 */

/** Where a reader may be sent: the web, mail and phone. */
const FOLLOWED_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

export type LinkTarget = {
  /** What the page's `href` says: a path on the site, `#id` on the page itself, or an absolute URL. */
  href: string;
  /** Another site's web page: opened without an opener or a Referer. */
  external: boolean;
};

/** Two pages of the site at different depths: a target the same from both does not depend on the page. */
const PAGE_A = "/news/some-article?page=1";
const PAGE_B = "/a/b/c/another-page?page=2";

const parse = (href: string, base: string): URL | undefined => {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
};

/**
 * The link's target on a page of `origin` (the site's own, `https://host[:port]`), or
 * undefined when the link is to be shown as text: a scheme other than web, mail or phone,
 * an address no browser can open, or a relative one whose target depends on which page
 * shows it (`projects`, `?page=2`). A link to a heading on the same page (`#id`) stays one.
 */
export function linkTarget(href: string, origin: string): LinkTarget | undefined {
  const site = new URL(origin);
  const fromA = parse(href, new URL(PAGE_A, site).href);
  const fromB = parse(href, new URL(PAGE_B, site).href);
  if (!fromA || !fromB || !FOLLOWED_SCHEMES.has(fromA.protocol)) return undefined;
  if (fromA.href !== fromB.href) {
    // Only a fragment of the page itself may depend on the page: both read the same besides it.
    const onPage = fromA.hash !== "" && fromA.hash === fromB.hash;
    const sameDocument = onPage && stripHash(fromA) === new URL(PAGE_A, site).href;
    return sameDocument && stripHash(fromB) === new URL(PAGE_B, site).href
      ? { href: fromA.hash, external: false }
      : undefined;
  }
  // The same origin without credentials: the rest of the href, an empty `?` or `#` kept.
  if (fromA.origin === site.origin && fromA.href.startsWith(`${site.origin}/`)) {
    const path = fromA.href.slice(site.origin.length);
    // A path starting `//` would read as another host: the whole URL says where it stays.
    return { href: path.startsWith("//") ? fromA.href : path, external: false };
  }
  return { href: fromA.href, external: fromA.protocol === "http:" || fromA.protocol === "https:" };
}

function stripHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}
