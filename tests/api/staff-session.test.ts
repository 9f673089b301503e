import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "#server/auth/sessions.ts";
import { sessionFor, signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The workspace's sessions and the guard every /admin route stands behind
 * (docs/decisions/027-staff-authentication.md).
 */
let site: TestApp;
let admin: StaffClient;
let origin: string;

beforeAll(async () => {
  site = await createTestApp();
  admin = await signInAs(site, "admin");
  origin = new URL(site.config.settings.siteUrl).origin;
});
afterAll(() => site.cleanup());

describe("a workspace page", () => {
  it("sends someone without a session to sign in with 303, and back after", async () => {
    const response = await request(site.app).get("/admin/leads?form=web-app");
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(
      `/admin/sign-in?next=${encodeURIComponent("/admin/leads?form=web-app")}`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("refuses a session cookie that is not one", async () => {
    const response = await request(site.app).get("/admin").set("Cookie", "staff_session=forged-token-value");
    expect(response.status).toBe(303);
  });
});

describe("the workspace API", () => {
  it("answers 401 without a session and 404 in JSON for what it does not have, never cached", async () => {
    const response = await request(site.app).get("/admin/api/session");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: "Sign in to continue." });
    expect(response.headers["cache-control"]).toBe("no-store");
    const missing = await admin.get("/admin/api/no-such-thing");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Not found." });
  });

  it("tells the signed-in member of staff who they are and their CSRF token", async () => {
    const response = await admin.get("/admin/api/session");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: "admin@agency.test", role: "admin", csrfToken: admin.csrfToken });
  });

  it("refuses a state-changing request without the session's CSRF token, or from another origin", async () => {
    const noToken = await request(site.app)
      .post("/admin/api/sign-out")
      .set("Cookie", admin.cookie)
      .set("Origin", origin);
    expect(noToken.status).toBe(403);
    expect(noToken.body.error).toBe(
      "This request did not come from the workspace. Reload the page and try again.",
    );
    const wrongToken = await request(site.app)
      .post("/admin/api/sign-out")
      .set("Cookie", admin.cookie)
      .set("Origin", origin)
      .set("X-CSRF-Token", "x".repeat(admin.csrfToken.length));
    expect(wrongToken.status).toBe(403);
    const otherSite = await request(site.app)
      .post("/admin/api/sign-out")
      .set("Cookie", admin.cookie)
      .set("Origin", "https://evil.example")
      .set("X-CSRF-Token", admin.csrfToken);
    expect(otherSite.status).toBe(403);
    const noOrigin = await request(site.app)
      .post("/admin/api/sign-out")
      .set("Cookie", admin.cookie)
      .set("X-CSRF-Token", admin.csrfToken);
    expect(noOrigin.status).toBe(403);
    expect((await admin.get("/admin/api/session")).status).toBe(200);
  });
});

describe("a session", () => {
  it("ends after 30 minutes unused and after 12 hours whatever happens", async () => {
    // Used 29 minutes ago: still live, and the use counts from now.
    const recent = await sessionFor(site, admin.userId, admin.email);
    await site.db
      .updateTable("staff_sessions")
      .set({ last_seen_at: new Date(Date.now() - 29 * 60_000).toISOString() })
      .where("csrf_token", "=", recent.csrfToken)
      .execute();
    expect((await recent.get("/admin/api/session")).status).toBe(200);
    const touched = await site.db
      .selectFrom("staff_sessions")
      .select("last_seen_at")
      .where("csrf_token", "=", recent.csrfToken)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(touched.last_seen_at)).toBeLessThan(60_000);

    const idle = await sessionFor(site, admin.userId, admin.email);
    await site.db
      .updateTable("staff_sessions")
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000).toISOString() })
      .where("csrf_token", "=", idle.csrfToken)
      .execute();
    expect((await idle.get("/admin/api/session")).status).toBe(401);

    const old = await sessionFor(site, admin.userId, admin.email);
    await site.db
      .updateTable("staff_sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("csrf_token", "=", old.csrfToken)
      .execute();
    expect((await old.get("/admin/api/session")).status).toBe(401);
    expect((await old.get("/admin")).status).toBe(303);
    expect(SESSION_IDLE_MS).toBe(30 * 60 * 1000);
    expect(SESSION_ABSOLUTE_MS).toBe(12 * 60 * 60 * 1000);
    const row = await site.db
      .selectFrom("staff_sessions")
      .select(["created_at", "expires_at"])
      .where("csrf_token", "=", recent.csrfToken)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(12 * 60 * 60 * 1000);
  });

  it("ends for a disabled account", async () => {
    const member = await signInAs(site, "sales", "leaving@agency.test");
    expect((await member.get("/admin/api/session")).status).toBe(200);
    await site.db
      .updateTable("staff_users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", member.userId)
      .execute();
    expect((await member.get("/admin/api/session")).status).toBe(401);
  });

  it("signs out here, or everywhere, and the audit log says so", async () => {
    const here = await sessionFor(site, admin.userId, admin.email);
    const elsewhere = await sessionFor(site, admin.userId, admin.email);
    const out = await here.post("/admin/api/sign-out");
    expect(out.status).toBe(204);
    expect(out.headers["set-cookie"]?.[0]).toMatch(
      /^staff_session=; Max-Age=0; Path=\/admin;.*HttpOnly; SameSite=Lax/,
    );
    expect((await here.get("/admin/api/session")).status).toBe(401);
    expect((await elsewhere.get("/admin/api/session")).status).toBe(200);

    const everywhere = await elsewhere.post("/admin/api/sign-out-everywhere");
    expect(everywhere.status).toBe(204);
    expect((await elsewhere.get("/admin/api/session")).status).toBe(401);
    expect((await admin.get("/admin/api/session")).status).toBe(401);

    const actions = (await listAudit(site.db, { limit: 10 })).map((entry) => [entry.actor, entry.action]);
    expect(actions).toEqual([
      ["admin@agency.test", "session.sign-out-everywhere"],
      ["admin@agency.test", "session.sign-out"],
    ]);
  });
});

describe("the session cookie", () => {
  it("is __Host-staff_session, Secure with Path=/, where the site is not plain-HTTP localhost", async () => {
    const host = "workspace.agency.test";
    const session = await sessionFor(site, admin.userId, admin.email);
    const token = session.cookie.split("=")[1] ?? "";
    const asHost = (path: string, cookie: string) =>
      request(site.app)
        .post(path)
        .set("Host", host)
        .set("Origin", `http://${host}`)
        .set("Cookie", cookie)
        .set("X-CSRF-Token", session.csrfToken);
    // The unprefixed name is only the plain-HTTP localhost one.
    const unprefixed = await request(site.app)
      .get("/admin/api/session")
      .set("Host", host)
      .set("Cookie", session.cookie);
    expect(unprefixed.status).toBe(401);
    const prefixed = await request(site.app)
      .get("/admin/api/session")
      .set("Host", host)
      .set("Cookie", `__Host-staff_session=${token}`);
    expect(prefixed.status).toBe(200);
    const flow = await request(site.app)
      .post("/admin/api/sign-in/passkey/options")
      .set("Host", host)
      .set("Origin", `http://${host}`);
    expect(flow.headers["set-cookie"]?.[0]).toMatch(
      /^__Host-staff_flow=[\w-]+; Max-Age=300; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    const out = await asHost("/admin/api/sign-out", `__Host-staff_session=${token}`);
    expect(out.status).toBe(204);
    expect(out.headers["set-cookie"]?.[0]).toMatch(
      /^__Host-staff_session=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it("keeps the unprefixed name and Path=/admin on plain-HTTP localhost, where it cannot be Secure", async () => {
    const flow = await request(site.app).post("/admin/api/sign-in/passkey/options").set("Origin", origin);
    expect(flow.headers["set-cookie"]?.[0]).toMatch(
      /^staff_flow=[\w-]+; Max-Age=300; Path=\/admin; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });

  it("changes nothing on a visitor's page: the page is the cached one, with no session in it", async () => {
    const session = await sessionFor(site, admin.userId, admin.email);
    const token = session.cookie.split("=")[1] ?? "";
    const without = await request(site.app).get("/about");
    const withCookie = await request(site.app)
      .get("/about")
      .set("Cookie", `__Host-staff_session=${token}; ${session.cookie}`);
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers["set-cookie"]).toBeUndefined();
    expect(withCookie.headers["cache-control"]).toBe(without.headers["cache-control"]);
    expect(withCookie.headers.etag).toBe(without.headers.etag);
    expect(withCookie.text).not.toContain(admin.email);
  });
});
