import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageScripts } from "#scripts/lib/page-scripts.ts";
import { projectRoot } from "#server/config.ts";
import { paths } from "#shared/paths.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Pages with nothing interactive but links, the menu and consent load no framework
 * (docs/decisions/019-pages-without-a-framework.md): at most 20 KB of JavaScript (gzip) on
 * first load, counting every script the page starts. The pages with forms or the carousel
 * hydrate as before. Read from the production build, as a visitor gets each page.
 */

const BUDGET_BYTES = 20 * 1024;

let site: TestApp;
beforeAll(async () => {
  site = await createTestApp();
});
afterAll(async () => site.cleanup());

/** Gzipped bytes of the JavaScript a page starts on first load, and how it hydrates. */
async function firstLoadJavaScript(url: string) {
  await request(site.app).get(url);
  const res = await request(site.app).get(url);
  const scripts = pageScripts(res.text);
  const files = scripts.urls.map((asset) => readFileSync(path.join(projectRoot, "build", "client", asset)));
  // On a page that hydrates on interaction, the module script names its files but starts none.
  const started = scripts.hydration === "interaction" ? [] : files;
  const bytes = [...scripts.inline.map((code) => Buffer.from(code)), ...started].reduce(
    (sum, code) => sum + gzipSync(code, { level: 9 }).length,
    0,
  );
  return { res, scripts, bytes };
}

describe("pages with nothing to run but links, the menu and consent", () => {
  for (const url of [
    paths.home,
    paths.about,
    paths.services,
    paths.projects,
    paths.caseStudies,
    paths.caseStudy("craft"),
    paths.contact,
    paths.privacyPolicy,
    paths.thankYouWebApp,
    paths.thankYouWebsiteDesign,
    "/no/such/page",
  ]) {
    it(`${url}: no framework, no script file, and under 20 KB of JavaScript`, async () => {
      const { res, scripts, bytes } = await firstLoadJavaScript(url);
      expect(scripts.hydration).toBe("none");
      expect(scripts.urls).toEqual([]);
      expect(res.text).not.toContain("__reactRouterContext");
      expect(res.text).not.toContain('rel="modulepreload"');
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  it("/news: React is in the page but starts only when the newsletter form is used", async () => {
    const { scripts, bytes } = await firstLoadJavaScript(paths.news);
    expect(scripts.hydration).toBe("interaction");
    expect(scripts.urls.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

describe("pages with a form or the carousel", () => {
  for (const url of [paths.websiteDesign, paths.webAppDevelopment, paths.bookAppointment]) {
    it(`${url}: hydrates after the first paint`, async () => {
      const { res, scripts } = await firstLoadJavaScript(url);
      expect(scripts.hydration).toBe("eager");
      expect(scripts.urls.some((asset) => /entry\.client-/.test(asset))).toBe(true);
      expect(res.text).toContain("requestAnimationFrame(");
    });
  }
});

describe("every page", () => {
  it("carries the site script and speculation rules, and no unload handler", async () => {
    for (const url of [paths.home, paths.websiteDesign]) {
      const { res } = await firstLoadJavaScript(url);
      expect(res.text).toContain('<script type="speculationrules">');
      expect(res.text).toContain('"page_view"');
      expect(res.text).not.toMatch(/unload/);
      expect(res.headers["cache-control"]).not.toMatch(/no-store/);
    }
  });
});
