import type { MetaDescriptor } from "react-router";

/**
 * A page opened through a preview link (docs/decisions/042-preview-and-scheduled-publishing.md,
 * 050-stored-preview-links.md):
 * never kept by a browser, the page cache (it has a query string) or a CDN, and never
 * indexed, by header and by meta tag alike.
 */

/** What the loader says of a preview: until when the link shows the page, or that staff see it signed in. */
export type PreviewState = { by: "link"; expiresAt: string } | { by: "staff" };

/** What of a preview's grant the page's data carries: never the document a link is pinned to. */
export const previewStateOf = (grant: PreviewState & { pinned?: unknown }): PreviewState =>
  grant.by === "link" ? { by: "link", expiresAt: grant.expiresAt } : { by: "staff" };

export const previewHeaders = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const previewMeta: MetaDescriptor[] = [{ name: "robots", content: "noindex, nofollow" }];

/** A route's `headers`: the loader's own (a preview's), none otherwise. */
export const loaderHeadersOnly = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;
