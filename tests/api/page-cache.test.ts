import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeVisitSource, VISIT_PARAM } from "#shared/visit-source.ts";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { testFormTokens } from "#tests/support/submissions.ts";
import { signInAs } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

/**
 * The page cache (docs/decisions/015-page-cache.md) on the production build: what a
 * shared cache may keep, the hash-based CSP of a kept page, fresh start fields on pages
 * with forms, and copies that follow content changes without a restart.
 */

let site: TestApp;
let images: string;

beforeAll(async () => {
  // The server's own interval: a change shows within about a second.
  site = await createTestApp({}, { pageCacheRevisionCheckMs: 1_000 });
  images = mkdtempSync(path.join(tmpdir(), "page-cache-"));
  await sharp({ create: { width: 1280, height: 800, channels: 3, background: "#0f766e" } })
    .png()
    .toFile(path.join(images, "shot.png"));
});
afterAll(async () => {
  await site.cleanup();
  rmSync(images, { recursive: true, force: true });
});

const get = (url: string) => request(site.app).get(url);

/** Every inline script's source as a CSP hash source. */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ""))
    .map(
      (match) =>
        `'sha256-${createHash("sha256")
          .update(match[2] ?? "")
          .digest("base64")}'`,
    );

const scriptSrc = (policy: string) => /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];

function expectHashPolicy(res: request.Response) {
  const sources = scriptSrc(res.headers["content-security-policy"] ?? "");
  expect(sources).toContain("'self'");
  expect(sources.join(" ")).not.toMatch(/nonce-|unsafe-inline|unsafe-eval/);
  const hashes = inlineHashes(res.text);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(sources).toContain(hash);
  expect(res.text).not.toMatch(/\snonce="/);
}

const formToken = (html: string) =>
  new RegExp(`name="${botGuardFields.startedAt}"[^>]*value="([^"]+)"`).exec(html)?.[1] ??
  new RegExp(`value="([^"]+)"[^>]*name="${botGuardFields.startedAt}"`).exec(html)?.[1];

describe("a page without a form", () => {
  it("is rendered once, then served from memory with headers a CDN may keep", async () => {
    await get(paths.about).expect(200);
    const res = await get(paths.about).expect(200);
    expect(res.headers["x-page-cache"]).toBe("hit");
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(res.headers["etag"]).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expectHashPolicy(res);
  });

  it("is the same bytes in every encoding, and 304 for a copy the client has", async () => {
    const identity = await get(paths.services).set("Accept-Encoding", "identity").expect(200);
    // The kept copy is compressed off the request path; until then responses are compressed as they go.
    await until(
      async () =>
        (await get(paths.services).set("Accept-Encoding", "br")).headers["content-length"] !== undefined,
      5_000,
      "the kept page's Brotli bytes",
    );
    // supertest decodes what it gets, as a browser does: each encoding must decode to the same page.
    for (const encoding of ["br", "gzip"]) {
      const encoded = await get(paths.services).set("Accept-Encoding", encoding).expect(200);
      expect(encoded.headers["content-encoding"]).toBe(encoding);
      expect(Number(encoded.headers["content-length"])).toBeLessThan(Buffer.byteLength(identity.text) / 3);
      expect(encoded.text).toBe(identity.text);
    }

    const etag = identity.headers["etag"] ?? "";
    const again = await get(paths.services).set("If-None-Match", etag).expect(304);
    expect(again.text).toBe("");
    const head = await request(site.app).head(paths.services).expect(200);
    expect(head.headers["etag"]).toBe(etag);
  });

  it("is rendered per request, with a nonce, when it has a query string or is not found", async () => {
    for (const search of ["?page=2", "?utm_source=test&page=2"]) {
      const query = await get(`${paths.about}${search}`).expect(200);
      expect(query.headers["x-page-cache"], search).toBeUndefined();
      expect(query.headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    }
    const missing = await get("/no-such-page").expect(404);
    expect(missing.headers["x-page-cache"]).toBeUndefined();
    expect(missing.headers["cache-control"] ?? "").not.toMatch(/s-maxage/);
  });

  it("is served from memory when its query string holds only what the browser reads: a visit's source, campaign tags, click ids", async () => {
    const kept = await get(paths.about).expect(200);
    for (const search of [
      "?utm_source=linkedin&utm_medium=paid&utm_campaign=november-launch",
      "?gclid=Cj0KCQiA&utm_term=web",
      "?fbclid=IwAR0x",
      `?${new URLSearchParams({ [VISIT_PARAM]: encodeVisitSource({ landingPage: "/", utmSource: "linkedin" }) })}`,
    ]) {
      const res = await get(`${paths.about}${search}`).expect(200);
      expect(res.headers["x-page-cache"], search).toBe("hit");
      expect(res.text).toBe(kept.text);
    }
  });
});

describe("the scripts of a kept page", () => {
  /** The inline script that starts a page's form islands (client/lib/island-loader.ts, decision 064). */
  const loaderOf = (html: string) =>
    [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] ?? "")
      .find((body) => body.includes("const pause=")) ?? "";

  it("start after the first paint: no preloads in the HTML, the form's island imported from a frame callback, no router", async () => {
    const kept = await get(paths.websiteDesign).expect(200);
    expect(kept.text).not.toContain('<link rel="modulepreload"');
    const script = loaderOf(kept.text);
    expect(script).not.toMatch(/^\s*import \* as/m);
    expect(script).toContain("requestAnimationFrame(");
    expect(script).toMatch(/"\/assets\/island-website-design-lead-[\w-]+\.js"/);
    expect(script).toContain('link.rel="modulepreload"');
    // Visitor pages hydrate their islands only: React Router's runtime is the workspace's.
    expect(kept.text).not.toContain("__reactRouterRouteModules");
    expect(kept.text).not.toMatch(/entry\.client-[\w-]+\.js/);
  });

  it("on a page that hydrates on interaction, start on the first focus or press in a form", async () => {
    const kept = await get(paths.news).expect(200);
    const script = loaderOf(kept.text);
    expect(script).toMatch(/"\/assets\/island-newsletter-[\w-]+\.js"/);
    // Nothing starts on its own: the only frame callback is the form's first use's.
    const [beforeGo = "", go = ""] = script.split("const go=");
    expect(beforeGo).not.toContain("requestAnimationFrame(");
    expect(go).toMatch(/^\(event\)=>\{[^}]*closest[^}]*\}/);
    expect(script).toContain("addEventListener(type,go,true)");
    expect(script).toContain('closest?.("form")');
  });

  it("run each island's entry, and so hydrate, only once the visitor has paused their typing", async () => {
    for (const page of [paths.news, paths.websiteDesign]) {
      const kept = await get(page).expect(200);
      const script = loaderOf(kept.text);
      for (const type of ["keydown", "pointerdown", "input"]) expect(script, page).toContain(`"${type}"`);
      expect(script, page).toMatch(/\{await pause\(\);await import\(src\);/);
    }
  });

  it("are left as the page rendered them: the cache keeps a page's scripts unchanged", async () => {
    const rendered = await get(`${paths.websiteDesign}?fresh=1`).expect(200);
    const kept = await get(paths.websiteDesign).expect(200);
    expect(kept.headers["x-page-cache"]).toMatch(/^hit/);
    expect(loaderOf(kept.text)).not.toBe("");
    expect(loaderOf(kept.text)).toBe(loaderOf(rendered.text));
  });
});

describe("a page with a form", () => {
  it("gets a fresh, valid start field per response, allowed by its own script hashes, kept by nobody else", async () => {
    const first = await get(paths.websiteDesign).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await get(paths.websiteDesign).expect(200);
    expect(second.headers["x-page-cache"]).toBe("hit; private");
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    const tokens = [formToken(first.text), formToken(second.text)];
    expect(tokens[0]).toBeTruthy();
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) expect(testFormTokens.verify(token)).toBeGreaterThan(Date.now() - 60_000);
    expect(second.text).not.toContain("formTokenPlaceholder");
    expectHashPolicy(second);
    // The hydration data carries the same token as the field.
    expect(second.text.split(tokens[1] ?? "?").length).toBeGreaterThan(2);
  });
});

describe("cached pages follow content changes without a restart", () => {
  it("shows a screenshot uploaded with the admin CLI", async () => {
    const before = await get(paths.websiteDesign).expect(200);
    expect(before.text).not.toContain("/uploads/screenshots/");
    const added = await cli(
      site,
      "screenshots",
      "add",
      path.join(images, "shot.png"),
      "--page",
      "website-design",
      "--position",
      "1",
      "--alt",
      "Harbour Bank portal",
    );
    expect(added.code).toBe(0);
    await until(
      async () => (await get(paths.websiteDesign)).text.includes("Harbour Bank portal"),
      5_000,
      "the cached page to show the upload",
    );
  });

  it("shows a project added, and drops one removed", async () => {
    await get(paths.projects).expect(200);
    const added = await cli(
      site,
      "projects",
      "add",
      "--title",
      "Cache Busting Portal",
      "--description",
      "d",
      "--image",
      path.join(images, "shot.png"),
      "--image-alt",
      "A portal's dashboard",
      "--tag",
      "Node.js",
      "--client",
      "c",
    );
    expect(added.code).toBe(0);
    await until(
      async () => (await get(paths.projects)).text.includes("Cache Busting Portal"),
      5_000,
      "the project",
    );
    expect((await cli(site, "projects", "remove", "cache-busting-portal")).code).toBe(0);
    await until(
      async () => !(await get(paths.projects)).text.includes("Cache Busting Portal"),
      5_000,
      "the project to go",
    );
  });
});

describe("a page showing its error state", () => {
  it("is sent but never kept, so the next visitor after the failure gets the content", async () => {
    const broken = await createTestApp();
    try {
      const rename = (from: string, to: string) =>
        sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(broken.db);
      await rename("content_items", "content_items_away");
      for (let visit = 0; visit < 2; visit++) {
        const res = await request(broken.app).get(paths.projects).expect(200);
        expect(res.text).toContain("Failed to load projects");
        expect(res.headers["x-page-cache"]).toBeUndefined();
        expect(res.headers["cache-control"] ?? "").not.toMatch(/s-maxage/);
      }
      await rename("content_items_away", "content_items");
      const fixed = await request(broken.app).get(paths.projects).expect(200);
      expect(fixed.text).not.toContain("Failed to load projects");
      expect((await request(broken.app).get(paths.projects)).headers["x-page-cache"]).toBe("hit");
    } finally {
      await broken.cleanup();
    }
  });
});

describe("a change staff make in the workspace", () => {
  let quiet: TestApp;
  beforeAll(async () => {
    // A revision read trusted for a minute: only the workspace's own signal can show the change.
    quiet = await createTestApp({}, { pageCacheRevisionCheckMs: 60_000 });
  });
  afterAll(() => quiet.cleanup());

  it("shows on this instance's next page at once, as View on site promises", async () => {
    const editor = await signInAs(quiet, "editor");
    const page = () => request(quiet.app).get(paths.services);
    await page().expect(200);
    expect((await page().expect(200)).headers["x-page-cache"]).toMatch(/^hit/);
    const copy = await editor.get("/admin/api/pages/services").expect(200);
    const document = structuredClone(
      (copy.body as { page: { published: Record<string, unknown> } }).page.published,
    );
    (document.header as { subtitle: string }).subtitle = "Published a moment ago";
    await editor.post("/admin/api/pages/services", { document }).expect(200);
    expect((await page().expect(200)).text).toContain("Published a moment ago");
  });
});
