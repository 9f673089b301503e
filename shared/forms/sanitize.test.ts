import { describe, expect, it } from "vitest";
import { cleanText, cutText, TEXT_MAX_LENGTH } from "./sanitize";

describe("cleanText (SPEC §5)", () => {
  it("removes angle brackets", () => {
    expect(cleanText("<script>alert(1)</script>")).toBe("scriptalert(1)/script");
    expect(cleanText("a < b > c")).toBe("a  b  c");
  });

  it("trims, after the brackets are gone", () => {
    expect(cleanText("  hello \n")).toBe("hello");
    expect(cleanText(" < hi > ")).toBe("hi");
  });

  it("cuts to 1000 characters", () => {
    expect(TEXT_MAX_LENGTH).toBe(1000);
    expect(cleanText("x".repeat(5000))).toHaveLength(1000);
    expect(cleanText("x".repeat(1000))).toHaveLength(1000);
  });

  it("keeps other text as typed, quotes and ampersands included", () => {
    expect(cleanText(`Smith & "Sons" 'Ltd'`)).toBe(`Smith & "Sons" 'Ltd'`);
  });

  it("never leaves half of an emoji at the cut", () => {
    const cut = cutText(`${"x".repeat(999)}😀`);
    expect(cut).toBe("x".repeat(999));
  });
});
