import { describe, expect, it } from "vitest";
import { createPreviewToken, readPreviewToken } from "./preview-links";

const secret = "a-test-secret-of-enough-length";
const now = new Date("2026-11-26T10:00:00Z");
const later = new Date("2026-11-27T10:00:00Z");

describe("preview tokens", () => {
  it("grant what they name until they expire", () => {
    const token = createPreviewToken(secret, { target: "news/launch-day", expiresAt: later });
    expect(readPreviewToken(secret, token, now)).toEqual({ target: "news/launch-day", expiresAt: later });
    expect(readPreviewToken(secret, token, later)).toBeUndefined();
  });

  it("refuse a token signed with another secret, altered, or malformed", () => {
    const token = createPreviewToken(secret, { target: "page:home", expiresAt: later });
    expect(readPreviewToken("another-secret", token, now)).toBeUndefined();
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ t: "page:about", e: later.getTime() })).toString("base64url");
    expect(readPreviewToken(secret, `${forged}.${signature}`, now)).toBeUndefined();
    expect(readPreviewToken(secret, `${payload}.${signature}x`, now)).toBeUndefined();
    for (const bad of ["", ".", "abc", `${payload}.`, `${token}.more`]) {
      expect(readPreviewToken(secret, bad, now)).toBeUndefined();
    }
  });
});
