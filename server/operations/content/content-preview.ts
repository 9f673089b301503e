import { findContent, type ContentKind } from "#server/db/content-items.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import {
  createPreviewToken,
  PREVIEW_PARAMETER,
  previewLinkLimits,
  previewSecret,
} from "#server/auth/preview-links.ts";
import { notFound, refuse, type Outcome } from "#server/operations/outcome.ts";
import { contentKindSpecs } from "#shared/content-fields.ts";
import { contentPageOf } from "#shared/content-page.ts";
import type { ContentContext } from "./content-operations";

/**
 * A preview link for a content item (docs/decisions/042-preview-and-scheduled-publishing.md):
 * its real address with a signed token that shows it, published or not, until the link
 * expires. The token is the only secret: it is never logged or audited.
 */
export type ContentPreviewLink = { path: string; url: string; expiresAt: string };

/** What a preview link names: the item, as revisions and the audit log do. */
export const previewTarget = (kind: ContentKind, id: string) => `${kind}/${id}`;

export async function createContentPreviewLink(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  hoursText: string | undefined,
  now = new Date(),
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
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const token = createPreviewToken(await previewSecret(ctx.db), {
    target: previewTarget(kind, id),
    expiresAt,
  });
  const path = `${page.path}?${PREVIEW_PARAMETER}=${token}`;
  await recordAudit(
    ctx.db,
    {
      ...ctx.actor,
      action: "content.preview-link",
      target: previewTarget(kind, id),
      detail: { expiresAt: expiresAt.toISOString() },
    },
    now,
  );
  return {
    ok: true,
    value: { path, url: new URL(path, ctx.config.settings.siteUrl).href, expiresAt: expiresAt.toISOString() },
  };
}
