import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decode } from "html-entities";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "#server/platform/config.ts";
import { indexablePages, paths } from "#shared/paths.ts";
import { socialCardName } from "#shared/social-cards.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The brand (docs/decisions/022-brand-identity.md) as the production build serves it: the
 * typeface covers every character the pages show, and every page's link preview is a card
 * in the brand.
 */

let site: TestApp;
/** Every page the sitemap lists, and those it leaves out on purpose. */
let pages: string[];
beforeAll(async () => {
  site = await createTestApp();
  const sitemap = (await request(site.app).get("/sitemap.xml")).text;
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );
  pages = [...listed, paths.thankYouWebApp, paths.thankYouWebsiteDesign, "/no/such/page"];
});
afterAll(async () => site.cleanup());

/** The code points the brand font's @font-face covers, from the built stylesheet. */
function brandFontCoverage(): Set<number> {
  const assets = path.join(projectRoot, "build", "client", "assets");
  const css = readdirSync(assets)
    .filter((file) => file.endsWith(".css"))
    .map((file) => readFileSync(path.join(assets, file), "utf8"))
    .join("\n");
  const face = /@font-face\s*{[^}]*font-family:\s*"?Bricolage Grotesque"?;[^}]*}/.exec(css)?.[0];
  const range = face && /unicode-range:\s*([^;}]+)/.exec(face)?.[1];
  if (!range) throw new Error("no unicode-range for the brand font in the built CSS");
  const points = new Set<number>();
  for (const part of range.split(",")) {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    for (let point = Number.parseInt(from, 16); point <= Number.parseInt(to, 16); point += 1)
      points.add(point);
  }
  return points;
}

/** The text a visitor sees on a page: the body without its scripts, styles and tags. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return decode(body.replace(/<(script|style|svg|template)\b[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " "));
}

describe("the brand typeface", () => {
  it("has a glyph for every character any page shows", async () => {
    expect(pages.length).toBeGreaterThan(25);
    const covered = brandFontCoverage();
    const missing = new Map<string, string>();
    for (const page of pages) {
      const text = visibleText((await request(site.app).get(page)).text);
      for (const char of text) {
        const point = char.codePointAt(0) ?? 0;
        // Line breaks and tabs are layout; emoji come from the system's emoji font.
        if (point < 0x20 || covered.has(point) || /\p{Extended_Pictographic}|\uFE0F/u.test(char)) continue;
        missing.set(char, page);
      }
    }
    expect(
      [...missing].map(([char, page]) => `U+${(char.codePointAt(0) ?? 0).toString(16)} "${char}" on ${page}`),
      "add them to the code points in scripts/build-font.mjs",
    ).toEqual([]);
  });

  it("is small: one subset file of at most 40 KB", () => {
    const assets = path.join(projectRoot, "build", "client", "assets");
    const fonts = readdirSync(assets).filter((file) => file.endsWith(".woff2"));
    expect(fonts).toHaveLength(1);
    expect(readFileSync(path.join(assets, fonts[0] ?? "")).length).toBeLessThanOrEqual(40 * 1024);
  });
});

describe("link previews", () => {
  /** The og:image and twitter:image of a page, as paths. */
  async function previewImages(page: string) {
    const html = (await request(site.app).get(page)).text;
    const content = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(html)?.[1] ?? "";
    return { og: new URL(content("og:image")).pathname, twitter: new URL(content("twitter:image")).pathname };
  }

  it("every fixed page shares its own card, 1200×630, in the brand", async () => {
    const seen = new Set<string>();
    for (const page of indexablePages) {
      const { og, twitter } = await previewImages(page);
      expect(og).toBe(`/images/social/${socialCardName(page)}.png`);
      expect(twitter).toBe(og);
      const image = await request(site.app).get(og).buffer(true);
      expect(image.status, og).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      const { width, height } = await sharp(image.body as Buffer).metadata();
      expect({ width, height }).toEqual({ width: 1200, height: 630 });
      seen.add((image.body as Buffer).toString("base64"));
    }
    // Home and the default card may match; the others each show their own title.
    expect(seen.size).toBe(indexablePages.length);
  });

  it("a case study shares the brand's card, which is served", async () => {
    const { og } = await previewImages(paths.caseStudy("craft"));
    expect(og).toBe("/images/social/default.png");
    expect((await request(site.app).get(og)).status).toBe(200);
  });
});
