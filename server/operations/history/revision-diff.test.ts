import { describe, expect, it } from "vitest";
import { diffDocuments, humanise } from "./revision-diff";

describe("diffDocuments", () => {
  it("names changed fields by their labels and compares text word by word", () => {
    const changes = diffDocuments(
      { headline: "Websites that work hard", intro: "Same", cards: [{ title: "Fast" }] },
      { headline: "Websites that sell hard", intro: "Same", cards: [{ title: "Fast" }] },
      (path) => (path.join(".") === "headline" ? "Headline" : undefined),
    );
    expect(changes).toEqual([
      {
        path: "headline",
        label: "Headline",
        change: "changed",
        before: "Websites that work hard",
        after: "Websites that sell hard",
        words: [
          { text: "Websites that " },
          { text: "work", removed: true },
          { text: "sell", added: true },
          { text: " hard" },
        ],
      },
    ]);
  });

  it("lines list entries up, so one removed from the middle is that and not a change to the rest", () => {
    const cards = (titles: string[]) => ({
      value_cards: titles.map((title) => ({ title, body: `${title}.` })),
    });
    const changes = diffDocuments(cards(["One", "Two", "Three"]), cards(["One", "Three", "Four"]));
    expect(changes.map(({ label, change }) => [label, change])).toEqual([
      ["Value cards › 2", "removed"],
      ["Value cards › 3", "added"],
    ]);
    expect(changes[0]?.before).toBe("Title: Two\nBody: Two.");
    expect(changes[1]?.after).toBe("Title: Four\nBody: Four.");
  });

  it("shows an entry changed in place field by field, and fields that came or went", () => {
    const changes = diffDocuments(
      { steps: [{ title: "Plan", body: "We listen." }], tags: ["a"], link: "https://x.example" },
      { steps: [{ title: "Plan", body: "We listen first." }], tags: ["a", "b"], note: "New" },
    );
    expect(changes.map(({ label, change }) => [label, change])).toEqual([
      ["Steps › 1 › Body", "changed"],
      ["Tags › 2", "added"],
      ["Note", "added"],
      ["Link", "removed"],
    ]);
  });

  it("lists every field as added for the first revision, and nothing for equal documents", () => {
    expect(diffDocuments(undefined, { title: "T", tags: ["x"] }).map((change) => change.change)).toEqual([
      "added",
      "added",
    ]);
    expect(diffDocuments({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it("gives up the word diff, not the change, for texts too far apart", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(" ");
    const [change] = diffDocuments({ body: before }, { body: after });
    expect(change).toMatchObject({ label: "Body", change: "changed", before, after });
    expect(change?.words).toBeUndefined();
  });

  it("spells keys out for people", () => {
    expect(humanise("value_cards")).toBe("Value cards");
    expect(humanise("metaDescription")).toBe("Meta description");
  });
});
