import { data, type AppLoadContext, type MetaDescriptor } from "react-router";
import type { CopyPageName, PageCopy } from "#shared/copy/copy-pages.ts";
import { fillBrand } from "#shared/copy/fill-brand.ts";

/** What a preview answers with: never kept by a cache on the way, never indexed. */
const previewHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * A page's copy with `{brand}` filled in, whether it is a draft shown through a preview link,
 * and whether it is the copy the site ships with.
 */
export async function readPageCopy<P extends CopyPageName>(
  context: AppLoadContext,
  request: Request,
  page: P,
) {
  const { copy, preview, shipped } = await context.content.getPageCopy(page, request.url);
  return { copy: fillBrand(copy, context.settings.brandName) as PageCopy<P>, preview, shipped };
}

/**
 * The copy a page that hydrates sends in its data: none while it is the shipped copy, which
 * the page's own script carries (cached, precompressed) and `useShownCopy` fills; the whole
 * copy once staff changed it (docs/decisions/039-editable-page-copy.md).
 */
export const sendChangedCopy = <P extends CopyPageName>({
  copy,
  preview,
  shipped,
}: Awaited<ReturnType<typeof readPageCopy<P>>>) => ({
  copy: shipped ? undefined : copy,
  preview,
});

/** Loader data with the headers that keep a preview out of every cache and index. */
export const pageCopyData = <T extends { preview: boolean }>(value: T) =>
  data(value, value.preview ? { headers: previewHeaders } : undefined);

/**
 * A page's copy for its loader (docs/decisions/039-editable-page-copy.md): the published
 * copy, or its draft through a valid preview link, with the headers that keep a preview
 * out of every cache and index. Spread `extra` into the page's other loader data.
 */
export async function loadPageCopy<P extends CopyPageName, E extends object = object>(
  context: AppLoadContext,
  request: Request,
  page: P,
  extra?: E,
) {
  return pageCopyData({ ...(extra as E), ...(await readPageCopy(context, request, page)) });
}

/** `loadPageCopy` for a page that hydrates: its copy only when staff changed it (`sendChangedCopy`). */
export async function loadChangedPageCopy<P extends CopyPageName, E extends object = object>(
  context: AppLoadContext,
  request: Request,
  page: P,
  extra?: E,
) {
  return pageCopyData({ ...(extra as E), ...sendChangedCopy(await readPageCopy(context, request, page)) });
}

/** The route's `headers`: a preview's, from its loader. */
export function previewResponseHeaders({
  loaderHeaders,
}: {
  loaderHeaders: Headers;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(previewHeaders)) {
    const value = loaderHeaders.get(name);
    if (value) headers[name] = value;
  }
  return headers;
}

/**
 * A form page's `headers` export: React Router sends an action's headers only through it,
 * so a refused post's Retry-After reaches the browser. Here, not beside the form actions:
 * every page's bundle takes this module, and those bring the form rules and messages
 * (docs/decisions/037-visitor-chunks.md).
 */
export function formActionHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** The `headers` of a page with a form: a refused post's Retry-After, a preview's headers. */
export const formPageHeaders = (args: { loaderHeaders: Headers; actionHeaders: Headers }) => ({
  ...formActionHeaders(args),
  ...previewResponseHeaders(args),
});

/** The meta of a page shown as a preview also says noindex, for crawlers that read only the page. */
export const previewMeta = (loaderData: { preview: boolean } | undefined): MetaDescriptor[] =>
  loaderData?.preview ? [{ name: "robots", content: "noindex" }] : [];
