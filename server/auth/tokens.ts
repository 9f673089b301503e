import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 bits, URL-safe: session, flow and invitation tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** How a token is stored: a database copy cannot be used as the token it names. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
