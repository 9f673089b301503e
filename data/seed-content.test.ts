import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBuiltInContent } from "#server/content/content-source.ts";
import { listCardDescription } from "#shared/case-study-rules.ts";
import { caseStudies } from "./seed-case-studies";
import { newsPosts } from "./seed-news";
import { projects } from "./seed-projects";
import { screenshotPlaceholders, serviceScreenshots } from "./service-screenshots";

const publicDir = fileURLToPath(new URL("../public", import.meta.url));

const caseStudyIds = [
  "craft",
  "padre",
  "chirp",
  "yoyo",
  "aq-green-tec",
  "inospace",
  "ampath",
  "lisa",
  "vineyard",
  "special-social-connect",
  "launchbase",
  "medipet",
  "cma-info",
  "varsity-vibe",
];

type ImageRef = { owner: string; src: string; width: number; height: number };

const imageRefs: ImageRef[] = [
  ...projects.map((p) => ({ owner: `project ${p.id}`, ...p.image })),
  ...newsPosts.map((n) => ({ owner: `news ${n.id}`, ...n.image })),
  ...caseStudies.flatMap((c) => [
    { owner: `case study ${c.id} logo`, ...c.clientLogo },
    { owner: `case study ${c.id} screenshot`, ...c.screenshot },
  ]),
  ...serviceScreenshots.map((s) => ({
    owner: `screenshot ${s.id}`,
    src: s.image_url,
    width: s.width,
    height: s.height,
  })),
  // Not in a data module, but the about page reserves its box at this size.
  { owner: "about page team illustration", src: "/images/about/team.svg", width: 1200, height: 800 },
];

function rootSvgAttributes(file: string): Record<string, string> {
  const tag = /<svg\b[^>]*>/.exec(readFileSync(file, "utf8"))?.[0];
  if (!tag) throw new Error(`${file}: no <svg> root`);
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe("built-in content", () => {
  it("passes the content schemas", () => {
    const content = loadBuiltInContent();
    expect(content.projects).toHaveLength(9);
    expect(content.newsPosts).toHaveLength(3);
    expect(content.caseStudies).toHaveLength(14);
  });

  it("lists the case studies in the agreed order", () => {
    expect(caseStudies.map((c) => c.id)).toEqual(caseStudyIds);
  });

  it("has news in the three categories, in order", () => {
    expect(newsPosts.map((n) => n.category)).toEqual(["Featured", "Web Development", "AI & Technology"]);
  });

  // The list page shows two contributions plus "And more..." only when there are more than two.
  it("exercises the 'And more...' rule both ways", () => {
    expect(caseStudies.filter((c) => c.contributions.length === 2).length).toBeGreaterThanOrEqual(2);
    expect(caseStudies.some((c) => c.contributions.length > 2)).toBe(true);
  });

  it("gives some clients a shorter list text, and every text some substance", () => {
    const withList = caseStudies.filter((c) => c.listDescription);
    expect(withList.length).toBeGreaterThan(0);
    expect(withList.length).toBeLessThan(caseStudies.length);
    for (const c of caseStudies) {
      expect(c.description.length, c.id).toBeGreaterThan(100);
      if (c.listDescription) {
        expect(c.listDescription.length, c.id).toBeGreaterThan(100);
        expect(c.listDescription.length, c.id).toBeLessThan(c.description.length);
      }
    }
  });

  it("cuts every list card's text after a whole word (requirements §9)", () => {
    for (const c of caseStudies) {
      const text = c.listDescription ?? c.description;
      const kept = listCardDescription(c).replace(/\.\.\.$/, "");
      expect(text.startsWith(kept), c.id).toBe(true);
      expect(kept.length, c.id).toBeLessThanOrEqual(100);
      expect(text.charAt(kept.length), c.id).not.toMatch(/[\p{L}\p{N}]/u);
    }
  });

  it("describes every project image: what it shows, not its file or a generic word", () => {
    const generic = /^(?:an? |the )?(?:project )?(?:image|picture|photo|screenshot|illustration|logo)$/i;
    for (const p of projects) {
      const alt = p.image_alt.trim();
      expect(alt.length, p.id).toBeGreaterThanOrEqual(30);
      expect(alt, p.id).not.toMatch(generic);
      expect(alt, p.id).not.toMatch(/\.(?:svg|png|jpe?g|webp|avif)\b/i);
      expect(alt.toLowerCase(), p.id).not.toContain(p.id);
      expect(alt.toLowerCase(), p.id).not.toContain(path.basename(p.image.src).toLowerCase());
      // The card's heading already reads the title: the text alternative adds what the image shows.
      expect(alt.toLowerCase(), p.id).not.toBe(p.title.toLowerCase());
    }
    expect(new Set(projects.map((p) => p.image_alt)).size).toBe(projects.length);
  });

  it("has one placeholder per screenshot slot: four for website design, one for web apps", () => {
    expect(screenshotPlaceholders["website-design"]).toHaveLength(4);
    expect(screenshotPlaceholders["web-app-development"]).toHaveLength(1);
  });

  it.each(imageRefs)("$owner: $src exists with the declared size", ({ src, width, height }) => {
    const file = path.join(publicDir, src);
    expect(existsSync(file), file).toBe(true);
    if (!src.endsWith(".svg")) return;
    const attrs = rootSvgAttributes(file);
    expect(attrs.width).toBe(String(width));
    expect(attrs.height).toBe(String(height));
    expect(attrs.viewBox).toBe(`0 0 ${width} ${height}`);
  });
});
