import { findPageCopy } from "#server/db/page-copy.ts";
import { pageCopyOf } from "#server/content/page-copy-source.ts";
import { makePreviewLink, type PreviewContext } from "#server/operations/previews/preview-links.ts";
import { notFound, succeeded, type Outcome } from "#shared/outcome.ts";
import { copyPages, copyTarget, isCopyPageName } from "#shared/copy/copy-pages.ts";

/**
 * A preview link for a page's copy (docs/decisions/050-stored-preview-links.md): its
 * draft as it is now (the published copy when there is none), kept with the link, so
 * the link keeps showing that draft after further edits. A draft is not a revision
 * (only publishing keeps one), so the link holds the document itself.
 */
export async function createCopyPreviewLink(
  ctx: PreviewContext,
  page: string,
  hours: number,
): Promise<Outcome<{ id: number; path: string; expiresAt: string }>> {
  if (!isCopyPageName(page)) return notFound(`unknown page ${page}`);
  const stored = await findPageCopy(ctx.db, page);
  const document = pageCopyOf(page, stored?.draft ?? stored?.published);
  const subject = { target: copyTarget(page), path: copyPages[page].path, document };
  return succeeded(await makePreviewLink(ctx, subject, hours));
}
