import { describe, expect, it } from "vitest";
import { listCardContributions, listCardDescription, otherCaseStudies } from "./case-study-rules";
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

describe("listCardDescription", () => {
  it("cuts a long description to 100 characters followed by '...'", () => {
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
