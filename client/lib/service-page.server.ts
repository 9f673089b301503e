import type { AppLoadContext } from "react-router";
import type { ServicePage } from "#shared/content-types.ts";
import type { CopyPageName } from "#shared/copy/copy-pages.ts";
import { resolveCopyIcons } from "./copy-icons.server";
import { loadServicePage } from "./content-loader";
import { pageCopyData, readPageCopy, sendChangedCopy } from "./page-copy";

/**
 * A service page's loader: its screenshots and form token, its copy only when staff changed
 * it (the page hydrates and its script carries the shipped copy), and its icons always.
 */
export async function loadServicePageCopy<P extends ServicePage & CopyPageName>(
  context: AppLoadContext,
  request: Request,
  page: P,
) {
  const servicePage = await loadServicePage(context, page);
  const pageCopy = await readPageCopy(context, request, page);
  return pageCopyData({
    ...servicePage,
    ...sendChangedCopy(pageCopy),
    icons: resolveCopyIcons(pageCopy.copy),
  });
}
