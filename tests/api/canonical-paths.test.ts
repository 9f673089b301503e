import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths, routePatterns } from "#shared/paths.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { canonicalPath, isWorkspacePath } from "#server/http/canonical-path.ts";
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

describe("a path with escaped unreserved characters", () => {
  it("is read as the router reads it: letters, digits and -._~ decoded, either case of hex", () => {
    expect(canonicalPath("/%41bout")).toBe("/about");
    expect(canonicalPath("/%61dmin/sign-in")).toBe("/admin/sign-in");
    expect(canonicalPath("/%4a%4fbs")).toBe("/jobs");
    expect(canonicalPath("/co%6Etact")).toBe("/contact");
    expect(canonicalPath("/co%6etact")).toBe("/contact");
    expect(canonicalPath("/news/a%2Db%2ec%5Fd%7Ee%31")).toBe("/news/a-b.c_d~e1");
  });

  it("keeps every reserved or other escape as sent, and never decodes twice", () => {
    expect(canonicalPath("/%2561bout")).toBe("/%2561bout");
    expect(canonicalPath("/news%2Fabout")).toBe("/news%2Fabout");
    expect(canonicalPath("/news%3Fx%25y%20z")).toBe("/news%3Fx%25y%20z");
    expect(canonicalPath("/News/Caf%C3%A9")).toBe("/news/caf%C3%A9");
    for (const path of ["/%2561bout", "/%41bout", "/x/%2E%2E/Admin"]) {
      expect(canonicalPath(canonicalPath(path))).toBe(canonicalPath(path));
    }
  });

  it("is resolved as the browser's URL parser resolves it: dot segments and backslashes", () => {
    expect(canonicalPath("/x/%2e%2e/admin/sign-in")).toBe("/admin/sign-in");
    expect(canonicalPath("/x/../admin/sign-in")).toBe("/admin/sign-in");
    expect(canonicalPath("/%2E%2e/admin")).toBe("/admin");
    expect(canonicalPath("/x/..\\admin/sign-in")).toBe("/admin/sign-in");
    expect(canonicalPath("/assets/%2e%2e/admin/sign-in")).toBe("/admin/sign-in");
  });

  it("never begins with two slashes, which a Location would read as another host", () => {
    expect(canonicalPath("//Evil.test")).toBe("/evil.test");
    expect(canonicalPath("/\\evil.test")).toBe("/evil.test");
    expect(canonicalPath("/./\\evil.test/x")).toBe("/evil.test/x");
  });

  it("decides whether a path is the workspace's after decoding", () => {
    for (const path of ["/%61dmin", "/%61dmin/sign-in", "/%41DMIN/users", "/x/../admin", "/Admin"]) {
      expect(isWorkspacePath(path)).toBe(true);
    }
    for (const path of ["/administrator", "/%2561dmin", "/about", "/news/admin"]) {
      expect(isWorkspacePath(path)).toBe(false);
    }
  });

  it("is sent for good to the decoded page, once, and a double escape is not decoded twice", async () => {
    for (const [sent, location] of [
      ["/%41bout", "/about"],
      ["/%61bout?x=1", "/about?x=1"],
      ["/co%6Etact", "/contact"],
      ["/co%6etact", "/contact"],
      ["/%4Eews/", "/news/"],
      ["/x/%2e%2e/about", "/about"],
      ["//Evil.test", "/evil.test"],
    ] as const) {
      const answer = await request(site.app).get(sent);
      expect(answer.status, sent).toBe(301);
      expect(answer.headers.location, sent).toBe(location);
      expect(answer.headers["x-page-cache"], sent).toBeUndefined();
    }
    const double = await request(site.app).get("/%2561bout");
    expect(double.status).toBe(404);
    expect(double.headers.location).toBeUndefined();
    expect(double.headers["x-page-cache"]).toBeUndefined();
  });

  it("is never a page of its own in the page cache", async () => {
    await request(site.app).get(paths.about);
    expect((await request(site.app).get(paths.about)).headers["x-page-cache"]).toBe("hit");
    for (let round = 0; round < 2; round++) {
      const alias = await request(site.app).get("/%41bout");
      expect(alias.status).toBe(301);
      expect(alias.headers["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
      expect(alias.headers["x-page-cache"]).toBeUndefined();
    }
  });

  it("reaches a workspace page only through its own path, never publicly cached", async () => {
    for (let round = 0; round < 2; round++) {
      for (const sent of [
        "/%61dmin/sign-in",
        "/%41dmin/Sign-In",
        "/%61%64%6d%69%6e/sign-in",
        "/x/%2e%2e/admin/sign-in",
      ]) {
        const answer = await request(site.app).get(sent);
        expect(answer.status, sent).toBe(301);
        expect(answer.headers.location, sent).toBe(staffPaths.signIn);
        expect(answer.headers["cache-control"] ?? "", sent).not.toMatch(/public|s-maxage/);
        expect(answer.headers["x-page-cache"], sent).toBeUndefined();
      }
    }
    const page = await request(site.app).get(staffPaths.signIn);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-page-cache"]).toBeUndefined();
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
      for (const path of ["/Admin/users", "/%61dmin/users", "/%61dmin/%75sers"]) {
        const answer = await client.get(path);
        expect(answer.status).toBe(301);
        expect(answer.headers.location).toBe(staffPaths.users);
        expect(answer.headers["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
        expect(answer.headers["x-page-cache"]).toBeUndefined();
        expect(answer.text).not.toContain("@agency.test");
      }
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
    const escaped = await first.post("/%61dmin/api/users/invite", { email: "x@agency.test", role: "sales" });
    expect(escaped.status).toBe(308);
    expect(escaped.headers.location).toBe("/admin/api/users/invite");
  });
});
