import type { Router } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createWorkspaceApi } from "#server/workspace/router.ts";
import type { WorkspaceArea } from "#server/auth/staff.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The usual attacks on every workspace route, found by reading the API's router rather
 * than from a list, so a route added later is covered (or this suite fails until it is
 * classified below).
 */

type Endpoint = { method: string; path: string };

/** Every route of the API, nested routers included. */
function endpointsOf(router: Router): Endpoint[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]): Endpoint[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const { path, methods } = layer.route;
        return Object.keys(methods).map((method) => ({ method, path }));
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((router as unknown as { stack: Layer[] }).stack);
}

/** Sign-in and accepting an invitation are what one does without a session. */
const beforeSignIn = [/^\/sign-in\//, /^\/invitations\//];

/** Which part of the workspace each route belongs to, by its first segment. */
const areaOf: Record<string, WorkspaceArea> = {
  inbox: "leads",
  export: "leads",
  notifications: "leads",
  meetings: "leads",
  content: "content",
  screenshots: "content",
  snippets: "content",
  pages: "content",
  previews: "content",
  "news-categories": "content",
  uploads: "content",
  // Autosaved drafts and who else has the form open: only for what the role may edit.
  editing: "content",
  users: "users",
  audit: "users",
  // Editors change the contact details there; the operation keeps the rest for admins (068).
  settings: "contact",
  // The booking calendar's rules are admins'.
  availability: "settings",
  session: "account",
  "sign-out": "account",
  "sign-out-everywhere": "account",
  passkeys: "account",
  "recovery-codes": "account",
  sessions: "account",
  "step-up": "account",
  account: "account",
  // Everyone signed in has an overview; it counts only their role's areas.
  overview: "account",
  // Every role reads how the site is doing.
  insights: "account",
  // Any signed-in member of staff may ask; each kind of target then answers only the roles
  // that may edit it (tests/api/staff-history.test.ts).
  revisions: "account",
};

/** A concrete URL for a route pattern: any value does, the guard answers before the handler. */
function concrete(path: string): string {
  return `/admin/api${path.replace(/:kind/g, "news").replace(/:(\w+)/g, "1")}`;
}

let site: TestApp;
let endpoints: Endpoint[];
let admin: StaffClient;
let editor: StaffClient;
let sales: StaffClient;

beforeAll(async () => {
  site = await createTestApp();
  endpoints = endpointsOf(
    createWorkspaceApi({
      db: site.db,
      config: site.config,
      logger: createLogger("silent"),
      onQueued: () => {},
      now: () => new Date(),
      totpSecrets: site.totpSecrets,
    }),
  );
  admin = await signInAs(site, "admin");
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
});
afterAll(() => site.cleanup());

const guarded = () => endpoints.filter(({ path }) => !beforeSignIn.some((pattern) => pattern.test(path)));

/** A request by method name, as the router lists it. */
function open(method: string, url: string): request.Test {
  const agent = request(site.app);
  if (method === "delete") return agent.delete(url);
  if (method === "post") return agent.post(url);
  if (method === "put") return agent.put(url);
  if (method === "patch") return agent.patch(url);
  return agent.get(url);
}

function send(client: StaffClient | undefined, { method, path }: Endpoint, withCsrf = true): request.Test {
  const url = concrete(path);
  if (!client) return open(method, url).set("Origin", new URL(site.config.settings.siteUrl).origin);
  if (method === "get") return client.get(url);
  if (!withCsrf) {
    return open(method, url)
      .set("Cookie", client.cookie)
      .set("Origin", new URL(site.config.settings.siteUrl).origin)
      .send({});
  }
  return method === "delete" ? client.delete(url) : client.post(url, {});
}

describe("every workspace page", () => {
  it("lets anyone open sign-in and an invitation's page", async () => {
    for (const path of [staffPaths.signIn, staffPath(staffPaths.invitation, { token: "any-token" })]) {
      const response = await request(site.app).get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe("no-store");
    }
  });

  it("has the site's Content-Security-Policy, scripts by nonce only", async () => {
    const policy = (response: request.Response) =>
      String(response.headers["content-security-policy"]).replace(/'nonce-[^']+'/, "'nonce-…'");
    // A page rendered for its visitor (a query string skips the page cache, whose copies allow scripts by hash).
    const visitor = await request(site.app).get("/contact?from=test");
    const signIn = await request(site.app).get(staffPaths.signIn);
    expect(policy(signIn)).toBe(policy(visitor));
    expect(policy(signIn)).toContain("script-src 'nonce-…' 'strict-dynamic'");
    expect(signIn.headers["x-frame-options"]).toBe("DENY");
  });

  it("sends someone without a session to sign in with 303", async () => {
    const open = new Set<string>([staffPaths.signIn, staffPaths.invitation]);
    for (const pattern of Object.values(staffPaths).filter((path) => !open.has(path))) {
      const path = staffPath(pattern, { id: 1, kind: "news", page: "home" });
      const response = await request(site.app).get(path);
      expect(response.status, path).toBe(303);
      expect(response.headers.location, path).toBe(`/admin/sign-in?next=${encodeURIComponent(path)}`);
    }
  });
});

describe("every workspace API", () => {
  it("has its routes classified by area", () => {
    expect(endpoints.length).toBeGreaterThan(0);
    for (const { path } of guarded()) {
      expect(areaOf[path.split("/")[1] ?? ""], `${path} has no area in this suite`).toBeDefined();
    }
  });

  it("answers 401 without a session", async () => {
    for (const endpoint of guarded()) {
      const response = await send(undefined, endpoint);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
  });

  it("answers 403 to a role that may not use it: an editor cannot reach leads, a sales member cannot edit content", async () => {
    for (const endpoint of guarded()) {
      const area = areaOf[endpoint.path.split("/")[1] ?? ""];
      for (const [client, role] of [
        [editor, "editor"],
        [sales, "sales"],
      ] as const) {
        const allowed =
          area === "account" ||
          (area === "leads"
            ? role === "sales"
            : (area === "content" || area === "contact") && role === "editor");
        if (allowed) continue;
        const response = await send(client, endpoint);
        expect(response.status, `${role}: ${endpoint.method} ${endpoint.path}`).toBe(403);
        expect(response.body.error).toBe("Your role does not give you access to this.");
      }
    }
  });

  it("refuses every state-changing request without the session's CSRF token, and records nothing", async () => {
    const before = await site.db
      .selectFrom("audit_log")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    for (const endpoint of guarded().filter(({ method }) => method !== "get")) {
      const response = await send(admin, endpoint, false);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(response.body.error).toBe(
        "This request did not come from the workspace. Reload the page and try again.",
      );
    }
    const after = await site.db
      .selectFrom("audit_log")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
    expect((await admin.get("/admin/api/session")).status).toBe(200);
  });

  it("refuses a request from another site even with a stolen token", async () => {
    for (const endpoint of endpoints.filter(({ method }) => method !== "get")) {
      const response = await open(endpoint.method, concrete(endpoint.path))
        .set("Cookie", admin.cookie)
        .set("Origin", "https://attacker.example")
        .set("X-CSRF-Token", admin.csrfToken)
        .send({});
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
    }
  });
});
