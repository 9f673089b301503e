import { describe, expect, it } from "vitest";
import { cleanText, cutAndTrim, cutText, TEXT_MAX_LENGTH } from "./sanitize";

describe("cleanText (requirements §5)", () => {
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

describe("the cut at 1000 characters", () => {
  it("trims after the cut: a cut before a space leaves none at the end", () => {
    const text = `${"x".repeat(997)}   and more`;
    expect(cleanText(text)).toBe("x".repeat(997));
    expect(cutAndTrim(`${"word ".repeat(300)}`)).toBe("word ".repeat(200).trimEnd());
  });

  it("never splits an emoji ZWJ sequence: it is kept whole or left out whole", () => {
    const technologist = "👩🏽\u200d💻";
    expect(cutText(`${"x".repeat(995)}${technologist}`)).toBe("x".repeat(995));
    expect(cutText(`${"x".repeat(993)}${technologist}yz`)).toBe(`${"x".repeat(993)}${technologist}`);
  });

  it("keeps a letter with its marks together", () => {
    expect(cutText(`${"x".repeat(999)}क्ष`)).toBe("x".repeat(999));
  });

  it("cuts by code points when one grapheme alone is longer than the limit", () => {
    const zalgo = `a${"\u0301".repeat(1500)}`;
    expect(cutText(zalgo)).toHaveLength(1000);
  });
});
