import type { Db } from "#server/db/database.ts";
import { PREVIEW_PARAMETER, previewSecret, readPreviewToken } from "#server/auth/preview-links.ts";

/**
 * What a page's loader asks before it shows an unpublished item: does this request's
 * preview link (`?preview=<token>`) grant it? Only for the target the link names, and
 * only until it expires (docs/decisions/042-preview-and-scheduled-publishing.md).
 */
export type PreviewAccess = (request: Request, target: string) => Promise<PreviewGrant | undefined>;

/** A preview link's, until it expires; or a signed-in editor's or admin's (server/workspace/draft-access.ts). */
export type PreviewGrant = { by: "link"; expiresAt: string } | { by: "staff" };

export function createPreviewAccess(db: Db, now: () => Date = () => new Date()): PreviewAccess {
  // Read once and kept: the secret never changes for a database (server/db/instance-secrets.ts).
  let secret: Promise<string> | undefined;
  return async (request, target) => {
    const token = new URL(request.url).searchParams.get(PREVIEW_PARAMETER);
    if (!token) return undefined;
    secret ??= previewSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    const grant = readPreviewToken(await secret, token, now());
    if (grant?.target !== target) return undefined;
    return { by: "link", expiresAt: grant.expiresAt.toISOString() };
  };
}
