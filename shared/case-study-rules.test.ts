import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  listCardContributions,
  listCardDescription,
  otherCaseStudies,
  shortenAtWord,
} from "./case-study-rules";
import type { CaseStudy } from "./content-types";

const image = { src: "/x.svg", width: 10, height: 10 };
function study(id: string, overrides: Partial<CaseStudy> = {}): CaseStudy {
  return {
    id,
    title: `${id} title`,
    clientName: id,
    clientLogo: image,
    screenshot: image,
    description: "d".repeat(150),
    contributions: ["one", "two", "three"],
    ...overrides,
  };
}

describe("listCardDescription (requirements §9: 100 characters plus '...')", () => {
  it("cuts at the last word boundary within 100 characters, never mid-word", () => {
    const description =
      "Craft is a marketplace for independent South African makers, giving each one a storefront, secure payments and courier bookings.";
    const shown = listCardDescription(study("craft", { description }));
    expect(shown).toBe(
      "Craft is a marketplace for independent South African makers, giving each one a storefront, secure...",
    );
    expect(shown).not.toContain("secure pa...");
  });
  it("keeps a word that ends exactly at the limit", () => {
    const text = `${"word ".repeat(19)}abcd efgh`; // "abcd" ends at character 99, the space is the 100th
    expect(listCardDescription(study("x", { description: text }))).toBe(`${"word ".repeat(19)}abcd...`);
    const exact = `${"word ".repeat(19)}abcde fgh`; // "abcde" ends at character 100
    expect(listCardDescription(study("x", { description: exact }))).toBe(`${"word ".repeat(19)}abcde...`);
  });
  it("drops punctuation left hanging before the '...'", () => {
    const text = `${"word ".repeat(17)}their children. Both parents see every expense.`;
    expect(listCardDescription(study("x", { description: text }))).toBe(
      `${"word ".repeat(17)}their children...`,
    );
  });
  it("cuts a single word longer than the limit at 100 characters", () => {
    const text = `${"a".repeat(100)}REST`;
    expect(listCardDescription(study("x", { description: text }))).toBe(`${"a".repeat(100)}...`);
  });
  it("prefers the shorter list description", () => {
    expect(listCardDescription(study("x", { listDescription: "Short." }))).toBe("Short.");
  });
  it("leaves a text of exactly 100 characters whole", () => {
    const text = "b".repeat(100);
    expect(listCardDescription(study("x", { description: text }))).toBe(text);
  });
});

describe("shortenAtWord", () => {
  const words = fc.array(fc.stringMatching(/^[A-Za-zé'’]{1,10}(?:-[a-z]{1,8})?[,.;:]?$/), {
    minLength: 1,
    maxLength: 40,
  });
  it("gives whole words only, within the limit, ending in '...'", () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 20, max: 120 }), (list, limit) => {
        const text = list.join(" ");
        const shown = shortenAtWord(text, limit);
        if (text.length <= limit) {
          expect(shown).toBe(text);
          return;
        }
        expect(shown.endsWith("...")).toBe(true);
        const kept = shown.slice(0, -3);
        expect(kept.length).toBeLessThanOrEqual(limit);
        expect(text.startsWith(kept)).toBe(true);
        // Never mid-word: the text goes on with a space or punctuation, unless one word fills the limit.
        const next = text.charAt(kept.length);
        if (kept.length < limit) expect(next, JSON.stringify({ text, shown })).not.toMatch(/[\p{L}\p{N}'’]/u);
      }),
      { numRuns: 500 },
    );
  });
});

describe("listCardContributions", () => {
  it("shows the first two and says there are more", () => {
    expect(listCardContributions(study("x"))).toEqual({ shown: ["one", "two"], hasMore: true });
  });
  it("has no 'And more...' with exactly two", () => {
    expect(listCardContributions(study("x", { contributions: ["a", "b"] }))).toEqual({
      shown: ["a", "b"],
      hasMore: false,
    });
  });
});

describe("otherCaseStudies", () => {
  const all = ["a", "b", "c", "d", "e"].map((id) => study(id));
  it("gives up to three, never the current one", () => {
    for (const current of all) {
      const others = otherCaseStudies(all, current.id);
      expect(others).toHaveLength(3);
      expect(others.map((s) => s.id)).not.toContain(current.id);
    }
  });
  it("starts after the current study and wraps around", () => {
    expect(otherCaseStudies(all, "d").map((s) => s.id)).toEqual(["e", "a", "b"]);
  });
  it("gives fewer when there are fewer others", () => {
    expect(otherCaseStudies(all.slice(0, 2), "a").map((s) => s.id)).toEqual(["b"]);
  });
});
