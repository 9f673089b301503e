import { createHash, randomBytes } from "node:crypto";

/**
 * Preview links' tokens (docs/decisions/050-stored-preview-links.md): 32 random bytes
 * that mean nothing by themselves. The database keeps only their SHA-256, beside what the
 * link shows and until when, so a link can be listed and revoked, and a copy of the
 * database lets nobody open one. A token grants nothing else, and a page answering one is
 * never cached and never indexed.
 */

/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAMETER = "preview";

/** The longest a preview link may last, and how long one lasts when not told. */
export const previewLinkLimits = { maxHours: 24 * 14, defaultHours: 72 } as const;

/** "pv1." names a stored preview token (and its form), so a secret scanner can tell one. */
const PREFIX = "pv1.";
const SHAPE = /^pv1\.[A-Za-z0-9_-]{43}$/;

export function createPreviewToken(): string {
  return `${PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Whether `token` could be one: anything else is refused without asking the database. */
export function isPreviewTokenShaped(token: string): boolean {
  return SHAPE.test(token);
}

/** What the database keeps of a token: a plain SHA-256 suffices, the token being 256 random bits. */
export function hashPreviewToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
