import { findContent, type ContentKind } from "#server/db/content-items.ts";
import { previewLinkLimits } from "#server/auth/preview-links.ts";
import { makePreviewLink } from "#server/operations/previews/preview-links.ts";
import { notFound, refuse, type Outcome } from "#shared/outcome.ts";
import { contentKindSpecs } from "#shared/content-fields.ts";
import { contentPageOf } from "#shared/content-page.ts";
import type { PreviewLinkMade } from "#shared/preview-links.ts";
import type { ContentContext } from "./content-operations";

/**
 * A preview link for a content item (docs/decisions/050-stored-preview-links.md): its
 * real address with a token that shows the item as it is now, published or not, until
 * the link expires or is revoked. The token is the only secret: it is never kept, logged
 * or audited.
 */
export type ContentPreviewLink = PreviewLinkMade;

/** What a preview link names: the item, as revisions and the audit log do. */
export const previewTarget = (kind: ContentKind, id: string) => `${kind}/${id}`;

export async function createContentPreviewLink(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  hoursText: string | undefined,
): Promise<Outcome<ContentPreviewLink>> {
  const hours =
    hoursText === undefined || hoursText === "" ? previewLinkLimits.defaultHours : Number(hoursText);
  if (!Number.isInteger(hours) || hours < 1 || hours > previewLinkLimits.maxHours) {
    const message = `A preview link lasts from 1 to ${previewLinkLimits.maxHours} hours (${previewLinkLimits.maxHours / 24} days).`;
    return refuse(`invalid expiry "${hoursText ?? ""}": ${message}`, { hours: message });
  }
  const record = await findContent(ctx.db, kind, id);
  if (!record) return notFound(`unknown ${contentKindSpecs[kind].one} ${id}`);
  const page = contentPageOf(kind, record.item);
  if (!page.ownPage) {
    return refuse(
      `${contentKindSpecs[kind].one} ${id} has no page of its own to preview; ${contentKindSpecs[kind].page} shows it once published`,
    );
  }
  // Pinned: the link shows the item as saved now, whatever later saves make of it.
  const subject = { target: previewTarget(kind, id), path: page.path, document: record.item };
  const made = await makePreviewLink(ctx, subject, hours);
  return { ok: true, value: { ...made, url: new URL(made.path, ctx.config.settings.siteUrl).href } };
}
