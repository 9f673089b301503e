import type { ServicePage, ServiceScreenshot } from "#shared/content-types.ts";
import { showsCarousel } from "#client/components/sections/screenshot-showcase.tsx";
import type { PageHandle } from "./hydration";
import type { IslandName } from "./island";
import { previewMeta } from "./page-copy";
import { buildPageMeta } from "./seo";

type Matches = Parameters<typeof buildPageMeta>[1];

/**
 * A service page's `handle`: its lead form and, when it has more than one slide, its carousel
 * are islands; their scripts start after the first paint.
 */
export const serviceHandle = (
  page: ServicePage,
  form: IslandName,
  largestPaint?: PageHandle["largestPaint"],
): PageHandle<{ screenshots: readonly ServiceScreenshot[] }> => ({
  hydrate: "eager",
  islands: (data) => [form, ...(showsCarousel(page, data.screenshots) ? (["showcase"] as const) : [])],
  ...(largestPaint ? { largestPaint } : {}),
});

/** A service page's `meta`: its own, and noindex while it shows a preview. */
export const serviceMeta =
  (page: ServicePage) =>
  ({ matches, loaderData }: { matches: Matches; loaderData: { preview: boolean } | undefined }) => [
    ...buildPageMeta(page, matches),
    ...previewMeta(loaderData),
  ];
