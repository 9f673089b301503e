import { describe, expect, it } from "vitest";
import { invisiblePieces } from "#tests/support/hostile-text.ts";
import { hasInvisibleCharacters, removeInvisibleCharacters } from "./invisible-characters";
import { hasForbiddenCharacters, normaliseText } from "./text-hygiene";

const codePoints = (text: string) =>
  [...text].map((char) => (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0"));
const clean = (text: string) => normaliseText(text, { multiline: false });

describe("invisible code points (decision 029)", () => {
  it.each([
    ["U+206A-206F deprecated format characters", "\u206a\u206b\u206c\u206d\u206e\u206f"],
    ["tag characters", "\u{e0001}\u{e0020}\u{e0041}\u{e007f}"],
    ["U+FFF9-FFFB interlinear annotation", "\ufff9\ufffa\ufffb"],
    ["U+1D173-1D17A musical formatting", "\u{1d173}\u{1d176}\u{1d17a}"],
    ["U+034F combining grapheme joiner", "\u034f"],
    ["Hangul fillers", "\u115f\u1160\u3164\uffa0"],
    ["U+2800 braille pattern blank", "\u2800"],
    ["zero-width space, word joiner, soft hyphen, BOM", "\u200b\u2060\u00ad\ufeff"],
    ["direction marks", "\u200e\u200f\u061c"],
    ["Khmer inherent vowels, Mongolian vowel separator", "\u17b4\u17b5\u180e"],
    ["a joiner or selector with nothing to work on", "\u200c\u200d\ufe0f\u{e0100}\u180b"],
  ])("removes %s, alone and inside a word", (_name, invisible) => {
    expect(clean(invisible)).toBe("");
    expect(clean(`Jo${invisible}hn`)).toBe("John");
  });

  it("removes every piece of the hostile corpus that has nothing to work on", () => {
    for (const piece of invisiblePieces)
      expect(codePoints(clean(`a${piece}1`)), piece).toEqual(["0061", "0031"]);
  });

  it("removes a joiner between Latin letters or after a space", () => {
    expect(clean("Zoe\u200d\u200c Smith")).toBe("Zoe Smith");
    expect(clean("\u200cنسرین")).toBe("نسرین");
  });

  it("keeps U+200C after a Persian letter, before a space or inside a word", () => {
    expect(clean("نسرین\u200c رضایی")).toBe("نسرین\u200c رضایی");
    expect(clean("می\u200cخواهم")).toBe("می\u200cخواهم");
  });

  it("keeps the joiners after a virama in Devanagari and Malayalam", () => {
    expect(clean("क्\u200dष")).toBe("क्\u200dष");
    expect(clean("क्\u200cष")).toBe("क्\u200cष");
    expect(clean("ന്\u200d")).toBe("ന്\u200d");
  });

  it("judges a joiner by the letter under the marks, not the marks (U+0308 is Syriac too)", () => {
    expect(clean("I\u0308\u200c")).toBe("Ï");
    expect(clean("ܐ\u0308\u200c")).toBe("ܐ\u0308\u200c");
  });

  it("keeps an emoji ZWJ sequence whole, skin tones and selectors included", () => {
    for (const emoji of ["👩🏽\u200d💻", "👨\u200d👩\u200d👧\u200d👦", "🏳\ufe0f\u200d🌈", "❤\ufe0f\u200d🔥"]) {
      expect(clean(`${emoji} Studio`)).toBe(`${emoji} Studio`);
    }
  });

  it("removes a joiner that only follows or precedes an emoji", () => {
    expect(clean("👩\u200d Studio")).toBe("👩 Studio");
    expect(clean("A\u200d💻")).toBe("A💻");
    expect(clean("👩\u200d\u200d💻")).toBe("👩\u200d💻");
  });

  it("keeps variation selectors after what they vary, and removes them elsewhere", () => {
    expect(clean("I \u2764\ufe0f Cape Town 1\ufe0f\u20e3")).toBe("I \u2764\ufe0f Cape Town 1\ufe0f\u20e3");
    expect(clean("葛\u{e0100}飾")).toBe("葛\u{e0100}飾");
    expect(clean("ᠠ\u180b")).toBe("ᠠ\u180b");
    expect(clean("Jo\ufe00\u{e0100}hn")).toBe("John");
    expect(clean(" \ufe0f")).toBe(" ");
    expect(clean("\u2764\ufe0f\ufe0f")).toBe("\u2764\ufe0f");
  });

  it("keeps a subdivision flag's tag characters and removes loose ones", () => {
    const wales = "🏴\u{e0067}\u{e0062}\u{e0077}\u{e006c}\u{e0073}\u{e007f}";
    expect(clean(`Cymru ${wales}`)).toBe(`Cymru ${wales}`);
    expect(clean("🏴\u{e0067}\u{e0062}")).toBe("🏴");
    expect(clean("a\u{e0067}\u{e0062}\u{e007f}")).toBe("a");
  });

  it("leaves direction controls for the refusal", () => {
    expect(removeInvisibleCharacters("a\u202eb\u2066c")).toBe("a\u202eb\u2066c");
    expect(hasForbiddenCharacters("a\u202eb")).toBe(true);
  });

  it("says whether a text holds any invisible code point, kept ones included", () => {
    expect(hasInvisibleCharacters("someone@example.com\u034f")).toBe(true);
    expect(hasInvisibleCharacters("नमस्\u200dते")).toBe(true);
    expect(hasInvisibleCharacters("someone@example.com")).toBe(false);
  });
});

describe("forbidden characters", () => {
  it.each([
    "\ufdd0",
    "\ufdef",
    "\ufffe",
    "\uffff",
    "\u{1fffe}",
    "\u{1ffff}",
    "\u{2ffff}",
    "\u{8fffe}",
    "\u{effff}",
    "\u{10fffe}",
    "\u{10ffff}",
  ])("refuses the noncharacter U+%s in every plane", (noncharacter) => {
    expect(hasForbiddenCharacters(clean(`Jane${noncharacter}`))).toBe(true);
  });

  it("allows the characters next to the noncharacters", () => {
    expect(hasForbiddenCharacters("\ufdcf\ufdf0\ufffd\u{1fffd}\u{20000}\u{10fffd}")).toBe(false);
  });
});
