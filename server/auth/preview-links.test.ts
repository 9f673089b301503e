import { describe, expect, it } from "vitest";
import { createPreviewToken, hashPreviewToken, isPreviewTokenShaped } from "./preview-links";

describe("preview tokens", () => {
  it("are random, of one shape, and kept only as a hash that does not contain them", () => {
    const token = createPreviewToken();
    const other = createPreviewToken();
    expect(token).not.toBe(other);
    expect(isPreviewTokenShaped(token)).toBe(true);
    expect(hashPreviewToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPreviewToken(token)).toBe(hashPreviewToken(token));
    expect(hashPreviewToken(token)).not.toBe(hashPreviewToken(other));
    expect(hashPreviewToken(token)).not.toContain(token.slice(4));
  });

  it("refuse anything of another shape, an altered or a 042 signed token included", () => {
    const token = createPreviewToken();
    const signed =
      "eyJ0IjoibmV3cy9sYXVuY2gtZGF5IiwiZSI6MTc5NTc4ODgwMDAwMH0.c2lnbmF0dXJlLW9mLWZvcnR5LXRocmVlLWNoYXJhY3RlcnM";
    for (const bad of ["", ".", "abc", `${token}x`, token.slice(0, -1), `${token}.more`, signed]) {
      expect(isPreviewTokenShaped(bad)).toBe(false);
    }
  });
});
