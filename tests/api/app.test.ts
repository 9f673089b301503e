import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "#server/platform/config.ts";
import { caseStudies } from "#data/seed-case-studies.ts";
import { apiPaths, machinePaths, paths } from "#shared/paths.ts";
import { pageTitles } from "#tests/support/page-titles.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { websiteDesignLead } from "#tests/support/submissions.ts";

let site: TestApp;
const brand = "Test Agency";

beforeAll(async () => {
  site = await createTestApp(
    { SITE_BRAND_NAME: brand, SITE_URL: "https://agency.test" },
    // The queue stays put, so /readyz has a pending message to report.
    { outbox: { autoStart: false } },
  );
});
afterAll(() => site.cleanup());

function cspOf(res: request.Response): Map<string, string> {
  const header = String(res.headers["content-security-policy"]);
  return new Map(
    header.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")] as const;
    }),
  );
}

describe("security headers", () => {
  // A page rendered per request (here: one with a query string) carries a nonce; a kept
  // page carries its scripts' hashes instead (tests/api/page-cache.test.ts). Both lock the rest down.
  it.each([
    ["/?ref=newsletter", /^'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'$/],
    ["/", /^'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/],
  ])("%s: an enforced CSP with the locked-down directives", async (url, scriptSrc) => {
    const res = await request(site.app).get(url).expect(200);
    expect(res.headers["content-security-policy-report-only"]).toBeUndefined();
    const csp = cspOf(res);
    expect(csp.get("script-src")).toMatch(scriptSrc);
    expect(csp.get("script-src")).not.toContain("unsafe-inline");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(csp.get("default-src")).toBe("'self'");
  });

  it("sends HSTS, nosniff, referrer, permissions and cross-origin policies", async () => {
    const res = await request(site.app).get("/").expect(200);
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d{8}; includeSubDomains/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["permissions-policy"]).toContain("geolocation=()");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("uses a different nonce on every request rendered for it, and it is the one on the page's scripts", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await request(site.app).get(`/about?rendered=${i}`).expect(200);
      const nonce = /'nonce-([^']+)'/.exec(cspOf(res).get("script-src") ?? "")?.[1];
      expect(nonce).toBeDefined();
      nonces.add(nonce!);
      const scriptTags = res.text.match(/<script\b[^>]*>/g) ?? [];
      const executable = scriptTags.filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(executable.length).toBeGreaterThan(0);
      for (const tag of executable) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });
});

describe("pages", () => {
  it.each(pageTitles)("%s answers 200 with the title '%s - brand' and one h1", async (url, name) => {
    const res = await request(site.app).get(url).expect(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.text).toContain(`<title>${name.replaceAll("&", "&amp;")} - ${brand}</title>`);
    expect(res.text.match(/<h1\b/g)).toHaveLength(1);
    expect(res.text).toContain(`<link rel="canonical" href="https://agency.test${url}"/>`);
  });

  it("routes every path of shared/paths.ts to its page (none falls to the catch-all)", async () => {
    const fixed = Object.values(paths).flatMap((url) => (typeof url === "string" ? [url] : []));
    for (const url of [...fixed, ...Object.values(machinePaths)]) {
      const res = await request(site.app).get(url);
      // The newsletter pages answer 400 without their ?token=; the catch-all would say 404.
      expect([200, 400], url).toContain(res.status);
      expect(res.text, url).not.toContain("Oops! Page not found");
    }
    const study = await request(site.app).get(paths.caseStudy(caseStudies[0]!.id)).expect(200);
    expect(study.text).toContain(caseStudies[0]!.title);
  });

  it("a list page fetches its first card's image at high priority and leaves the rest to load lazily", async () => {
    // On a phone the first card's image is the largest thing on screen (the LCP element).
    for (const url of [paths.caseStudies, paths.news]) {
      const html = (await request(site.app).get(url).expect(200)).text;
      const images = [...html.matchAll(/<img [^>]*class="[^"]*object-cover[^"]*"[^>]*>/g)].map(
        (match) => match[0],
      );
      expect(images.length, url).toBeGreaterThan(2);
      // HTML attribute names are case-insensitive; React writes this one as fetchPriority.
      expect(images[0], url).toMatch(/fetchpriority="high"/i);
      expect(images[0], url).toContain('loading="eager"');
      expect(images.at(-1), url).toContain('loading="lazy"');
      expect(
        images.filter((image) => /fetchpriority="high"/i.test(image)),
        url,
      ).toHaveLength(1);
    }
  });

  it("a service page's screenshots wait for layout: none is fetched beside the stylesheet", async () => {
    // The showcase starts below the hero; its first slide is not the page's largest paint.
    for (const url of [paths.websiteDesign, paths.webAppDevelopment]) {
      const html = (await request(site.app).get(url).expect(200)).text;
      const images = [...html.matchAll(/<img [^>]*src="\/images\/screenshots\/[^"]*"[^>]*>/g)].map(
        (match) => match[0],
      );
      expect(images.length, url).toBeGreaterThan(0);
      for (const image of images) expect(image, url).toContain('loading="lazy"');
    }
  });

  it("answers 404 for an unknown path, titled with the path", async () => {
    const res = await request(site.app).get("/no/such/page").expect(404);
    expect(res.text).toContain(`<title>/no/such/page - ${brand}</title>`);
    expect(res.text).toContain("Oops! Page not found");
    expect(res.text).toContain("Return to Home");
  });

  it("compresses HTML for clients that accept gzip", async () => {
    const res = await request(site.app).get("/").set("Accept-Encoding", "gzip").expect(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
  });
});

describe("operations", () => {
  it("reports liveness on /healthz without caching, with the security headers", async () => {
    const res = await request(site.app).get("/healthz").expect(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(cspOf(res).get("default-src")).toBe("'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=/);
  });

  it("reports readiness on /readyz: a database write, the mail queue, no warnings", async () => {
    await request(site.app).post(apiPaths.websiteDesign).send(websiteDesignLead()).expect(201);
    const res = await request(site.app).get("/readyz").expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.body).toEqual({
      status: "ready",
      checks: {
        database: { engine: site.database.engine === "postgres" ? "postgresql" : "sqlite", status: "ok" },
        mailQueue: {
          pending: 1,
          oldestUnsentAgeSeconds: expect.any(Number),
          oldestDueAgeSeconds: expect.any(Number),
        },
      },
      warnings: [],
    });
    const probe = await site.db.selectFrom("readiness_probe").selectAll().execute();
    expect(probe).toHaveLength(1);
    expect(Date.now() - Date.parse(probe[0]!.checked_at)).toBeLessThan(10_000);
  });

  it("names every response with a fresh X-Request-Id, ignoring one an untrusted client sends", async () => {
    const ids = new Set<string>();
    for (const url of ["/", "/healthz", "/api/nope"]) {
      const res = await request(site.app).get(url).set("X-Request-Id", "client-chosen-id-123");
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(res.headers["x-request-id"] as string);
    }
    expect(ids.size).toBe(3);
  });

  it("serves hashed build assets as immutable for a year, other files briefly", async () => {
    const asset = readdirSync(path.join(projectRoot, "build", "client", "assets")).find((f) =>
      f.endsWith(".js"),
    );
    expect(asset).toBeDefined();
    const hashed = await request(site.app).get(`/assets/${asset}`).expect(200);
    expect(hashed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await request(site.app).get("/favicon.svg").expect(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends files with the headers a file needs, not the page's policies", async () => {
    const asset = readdirSync(path.join(projectRoot, "build", "client", "assets")).find((f) =>
      f.endsWith(".js"),
    );
    const files = [`/assets/${asset}`, "/favicon.svg", "/images/social/default.png"];
    for (const file of files) {
      const res = await request(site.app).get(file).expect(200);
      expect(res.headers["strict-transport-security"], file).toBe("max-age=63072000; includeSubDomains");
      expect(res.headers["x-content-type-options"], file).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"], file).toBe("same-origin");
      for (const pageOnly of [
        "permissions-policy",
        "x-frame-options",
        "referrer-policy",
        "cross-origin-opener-policy",
      ]) {
        expect(res.headers[pageOnly], `${file} ${pageOnly}`).toBeUndefined();
      }
    }
    // An SVG opened on its own is a document: it may run nothing and be framed by nobody.
    const svg = await request(site.app).get("/favicon.svg");
    expect(svg.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    const script = await request(site.app).get(`/assets/${asset}`);
    expect(script.headers["content-security-policy"]).toBeUndefined();
    // A path that is no file is a page, with the whole set.
    const page = await request(site.app).get("/images/no-such-file.png").expect(404);
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["permissions-policy"]).toContain("camera=()");
  });

  it("answers a path with no extension as a page, never from the files' folder", async () => {
    // build/client/images is a folder of files: the disk is not asked about page paths,
    // so it is the missing page, not a redirect to the folder's listing address.
    const folder = await request(site.app).get("/images").expect(404);
    expect(folder.headers["location"]).toBeUndefined();
    expect(folder.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("puts the site icon inside the page, the same image /favicon.svg serves", async () => {
    const page = await request(site.app).get("/").expect(200);
    const icons = [...page.text.matchAll(/<link rel="icon" href="([^"]*)"/g)].map((m) => m[1] ?? "");
    expect(icons).toHaveLength(1);
    const [scheme, encoded] = (icons[0] ?? "").split(",", 2);
    expect(scheme).toBe("data:image/svg+xml");
    const file = await request(site.app).get("/favicon.svg").expect(200);
    expect(decodeURIComponent(encoded ?? "")).toBe(String(file.body).trim());
  });

  it("sends a hashed script compressed at build time: Brotli, else gzip, else as it is", async () => {
    const folder = path.join(projectRoot, "build", "client", "assets");
    const framework = readdirSync(folder).find((f) => /^framework-.*\.js$/.test(f)) ?? "";
    const original = readFileSync(path.join(folder, framework), "utf8");
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await request(site.app)
        .get(`/assets/${framework}`)
        .set("Accept-Encoding", accept)
        .expect(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.text).toBe(original);
      const sent = Number(res.headers["content-length"]);
      // Compressed once at the highest levels: well under a third of the file.
      if (encoding) expect(sent).toBeLessThan(original.length / 3);
    }
  });

  it("answers 404 for a missing hashed asset instead of rendering a page", async () => {
    await request(site.app).get("/assets/missing-abc123.js").expect(404);
  });
});
