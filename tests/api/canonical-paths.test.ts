import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths, routePatterns } from "#shared/paths.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { canonicalPath } from "#server/canonical-path.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * One address per page (docs/decisions/030-secrets-out-of-logs-and-one-path-per-page.md):
 * Express and React Router match paths in any case, so every other case is sent to the
 * lower-case path before anything (the page cache, the workspace's guards) decides by it.
 */

let site: TestApp;

beforeAll(async () => {
  site = await createTestApp();
});

afterAll(async () => {
  await site.cleanup();
});

describe("a path in another case", () => {
  it("is sent for good to the lower-case page, its query kept", async () => {
    const about = await request(site.app).get("/About");
    expect(about.status).toBe(301);
    expect(about.headers.location).toBe("/about");
    const news = await request(site.app).get("/NEWS?page=2&Tag=Web");
    expect(news.status).toBe(301);
    expect(news.headers.location).toBe("/news?page=2&Tag=Web");
    const article = await request(site.app).get("/News/Some-Slug");
    expect(article.headers.location).toBe("/news/some-slug");
    expect((await request(site.app).head("/Contact")).status).toBe(301);
  });

  it("keeps percent-escapes as they were sent", () => {
    expect(canonicalPath("/News/Caf%C3%A9")).toBe("/news/caf%C3%A9");
  });

  it("keeps the case of what follows the workspace API's prefix and an invitation link's", () => {
    expect(canonicalPath("/Admin/API/passkeys/AbC-dEf_12")).toBe("/admin/api/passkeys/AbC-dEf_12");
    expect(canonicalPath("/admin/invitation/AbCdEf12")).toBe("/admin/invitation/AbCdEf12");
    expect(canonicalPath("/Admin/Invitation")).toBe("/admin/invitation");
  });

  it("leaves every page's own address alone: all of them are lower-case", () => {
    for (const pattern of [...Object.values(routePatterns), ...Object.values(staffPaths)]) {
      expect(canonicalPath(pattern)).toBe(pattern);
    }
  });

  it("leaves files to be found or not as named: a missing asset is a 404, not a redirect", async () => {
    const asset = await request(site.app).get("/assets/Entry.Client-AbCdEf12.js");
    expect(asset.status).toBe(404);
    const upload = await request(site.app).get("/uploads/NoSuchFile.webp");
    expect(upload.status).toBe(404);
  });

  it("is answered as the lower-case page, never as a page of its own in the page cache", async () => {
    await request(site.app).get(paths.about);
    const kept = await request(site.app).get(paths.about);
    expect(kept.headers["x-page-cache"]).toBe("hit");
    const other = await request(site.app).get("/ABOUT");
    expect(other.status).toBe(301);
    expect(other.headers["x-page-cache"]).toBeUndefined();
  });
});

describe("a workspace path in another case", () => {
  let first: StaffClient;
  let second: StaffClient;

  beforeAll(async () => {
    first = await signInAs(site, "admin", "first.admin@agency.test");
    second = await signInAs(site, "admin", "second.admin@agency.test");
  });

  it("is never kept by a cache nor served to another member of staff", async () => {
    for (const client of [first, second, first]) {
      const answer = await client.get("/Admin/users");
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(staffPaths.users);
      expect(answer.headers["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.text).not.toContain("@agency.test");
    }
    const own = await second.get(staffPaths.users);
    expect(own.status).toBe(200);
    expect(own.headers["cache-control"]).toBe("no-store");
    expect(own.headers["x-page-cache"]).toBeUndefined();
    expect(own.text).not.toContain(first.csrfToken);
  });

  it("sends an API post on to the lower-case path with its method and body (308)", async () => {
    const answer = await first.post("/Admin/API/users/invite", { email: "x@agency.test", role: "sales" });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/admin/api/users/invite");
  });
});
