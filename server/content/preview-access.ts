import type { Db } from "#server/db/database.ts";
import { hashPreviewToken, isPreviewTokenShaped, PREVIEW_PARAMETER } from "#server/auth/preview-links.ts";
import { findPreviewLinkByHash } from "#server/db/preview-links.ts";

/**
 * What a page's loader asks before it shows an unpublished item: does this request's
 * preview link (`?preview=<token>`) grant it? Only for the target the link names, only
 * until it expires or is revoked, and only the document it was made of
 * (docs/decisions/050-stored-preview-links.md).
 */
export type PreviewAccess = (request: Request, target: string) => Promise<PreviewGrant | undefined>;

/**
 * A preview link's, until it expires, with the item as it was when the link was made
 * (`pinned`); or a signed-in editor's or admin's, who see the item as it is now
 * (server/workspace/draft-access.ts).
 */
export type PreviewGrant =
  { by: "link"; expiresAt: string; pinned: unknown } | { by: "staff"; pinned?: undefined };

/** The live link a token opens for `target`: what it shows and until when; undefined for anything else. */
export async function findPreviewGrant(
  db: Db,
  token: string,
  target: string,
  now: Date,
): Promise<{ expiresAt: string; document: unknown } | undefined> {
  if (!isPreviewTokenShaped(token)) return undefined;
  const link = await findPreviewLinkByHash(db, hashPreviewToken(token));
  if (!link || link.target !== target || link.revokedAt !== null) return undefined;
  if (link.expiresAt <= now.toISOString()) return undefined;
  return { expiresAt: link.expiresAt, document: link.document };
}

export function createPreviewAccess(db: Db, now: () => Date = () => new Date()): PreviewAccess {
  return async (request, target) => {
    const token = new URL(request.url).searchParams.get(PREVIEW_PARAMETER);
    if (!token) return undefined;
    const grant = await findPreviewGrant(db, token, target, now());
    return grant && { by: "link", expiresAt: grant.expiresAt, pinned: grant.document };
  };
}
