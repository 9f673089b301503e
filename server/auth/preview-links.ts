import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { instanceSecret } from "#server/db/instance-secrets.ts";

/**
 * Preview links: a page's unpublished state shown at its real URL to whoever holds a
 * link staff made, until it expires (`?preview=<token>`). The token names what it
 * shows and until when, signed with a secret every instance shares; it grants nothing
 * else, and a page answering one is never cached and never indexed.
 */
export type PreviewGrant = {
  /** What the link shows, as revisions name it: "page:home", "news/<id>". */
  target: string;
  expiresAt: Date;
};

/** The query parameter a preview link carries its token in. */
export const PREVIEW_PARAMETER = "preview";

/** The longest a preview link may last, and how long one lasts when not told. */
export const previewLinkLimits = { maxHours: 24 * 14, defaultHours: 72 } as const;

const SECRET_NAME = "preview-link-secret";

/** The secret preview tokens are signed with, the same on every instance of one database. */
export function previewSecret(db: Db): Promise<string> {
  return instanceSecret(db, SECRET_NAME, () => randomBytes(32).toString("base64url"));
}

export function createPreviewToken(secret: string, grant: PreviewGrant): string {
  const payload = Buffer.from(JSON.stringify({ t: grant.target, e: grant.expiresAt.getTime() })).toString(
    "base64url",
  );
  return `${payload}.${sign(secret, payload)}`;
}

/** What a token grants; undefined when it is malformed, forged or expired. */
export function readPreviewToken(secret: string, token: string, now = new Date()): PreviewGrant | undefined {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0 || token.length > 2_000) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { t, e } = parsed as { t?: unknown; e?: unknown };
  if (typeof t !== "string" || typeof e !== "number" || !Number.isFinite(e)) return undefined;
  if (e <= now.getTime()) return undefined;
  return { target: t, expiresAt: new Date(e) };
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`preview:${payload}`).digest("base64url");
}
