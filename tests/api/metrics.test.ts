import Database from "better-sqlite3";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrape, valueOf } from "../support/metrics";
import { endpoints, webAppLead, websiteDesignLead } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";
import { testsRunOnPostgres } from "../support/test-database";

/**
 * Issue 29: /metrics. The metrics move with what happens (leads, the outbox, the page
 * cache, requests by route pattern), and only this machine or the token may read them.
 */

const token = "metrics-token-0123456789abcdef";
const mailEnv = {
  MAIL_TO: "leads@agency.test",
  MAIL_FROM: "Agency website <noreply@agency.test>",
  SITE_URL: "https://agency.test",
  LEAD_RATE_LIMIT_MAX: "1000",
};
const leads = (form: string, outcome: string) => ["site_lead_submissions_total", { form, outcome }] as const;

describe("what /metrics reports", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp(mailEnv, { outbox: { autoStart: false } });
  });
  afterAll(() => site.cleanup());

  it("counts a lead accepted, one refused (400) and one held as suspected, by form", async () => {
    const before = (await scrape(site.app)).samples;
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    await request(site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ businessEmail: "not an address" }))
      .expect(400);
    await request(site.app)
      .post(endpoints.webApp)
      .send(webAppLead({ website: "filled by a bot" }))
      .expect(201);
    const after = (await scrape(site.app)).samples;
    const moved = (form: string, outcome: string) =>
      valueOf(after, ...leads(form, outcome)) - valueOf(before, ...leads(form, outcome));
    expect(moved("website-design-lead", "accepted")).toBe(1);
    expect(moved("website-design-lead", "refused")).toBe(1);
    expect(moved("website-design-lead", "suspected")).toBe(0);
    expect(moved("web-app-lead", "suspected")).toBe(1);
    expect(moved("web-app-lead", "accepted")).toBe(0);
    // The queue is read from the database: the accepted lead's e-mail waits (the worker is still).
    expect(valueOf(after, "site_outbox_messages", { status: "pending" })).toBe(1);
    expect(valueOf(after, "site_outbox_messages", { status: "dead" })).toBe(0);
    const created = { method: "POST", route: endpoints.websiteDesign, status: "201" };
    expect(
      valueOf(after, "http_requests_total", created) - valueOf(before, "http_requests_total", created),
    ).toBe(1);
  });

  it("names requests by their route pattern, never their path", async () => {
    const before = (await scrape(site.app)).samples;
    await request(site.app).get("/news/first-slug-of-two");
    await request(site.app).get("/news/second-slug-of-two");
    await request(site.app).get("/wp-login.php").expect(404);
    const { text, samples } = await scrape(site.app);
    const articles = { method: "GET", route: "/news/:id", status: "404" };
    const count = "http_request_duration_seconds_count";
    expect(valueOf(samples, count, articles) - valueOf(before, count, articles)).toBe(2);
    expect(valueOf(samples, "http_request_duration_seconds_bucket", { ...articles, le: "+Inf" })).toBe(
      valueOf(samples, count, articles),
    );
    const unmatched = { method: "GET", route: "unmatched", status: "404" };
    expect(valueOf(samples, "http_requests_total", unmatched)).toBeGreaterThanOrEqual(1);
    for (const path of ["first-slug-of-two", "second-slug-of-two", "wp-login"])
      expect(text).not.toContain(path);
  });

  it("counts the page cache's misses and hits", async () => {
    const before = (await scrape(site.app)).samples;
    await request(site.app).get("/about").expect(200);
    const second = await request(site.app).get("/about").expect(200);
    expect(second.headers["x-page-cache"]).toBe("hit");
    const after = (await scrape(site.app)).samples;
    const moved = (outcome: string) =>
      valueOf(after, "site_page_cache_lookups_total", { outcome }) -
      valueOf(before, "site_page_cache_lookups_total", { outcome });
    expect(moved("miss")).toBe(1);
    expect(moved("hit")).toBe(1);
  });

  it("carries the process's own metrics", async () => {
    const { samples } = await scrape(site.app);
    expect(valueOf(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(valueOf(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it.skipIf(testsRunOnPostgres())(
    "counts a storage failure answered 503 by its cause (SQLite's write lock)",
    async () => {
      const locked = await createTestApp({ ...mailEnv, DATABASE_LOCK_WAIT_SECONDS: "0.1" });
      try {
        const before = (await scrape(locked.app)).samples;
        const holder = new Database(locked.config.databaseFile);
        holder.exec("begin immediate");
        try {
          await request(locked.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(503);
        } finally {
          holder.exec("rollback");
          holder.close();
        }
        const after = (await scrape(locked.app)).samples;
        const busy = { kind: "busy", where: "submission" };
        expect(valueOf(after, "site_database_errors_total", busy)).toBe(
          valueOf(before, "site_database_errors_total", busy) + 1,
        );
        expect(valueOf(after, ...leads("website-design-lead", "failed"))).toBe(1);
      } finally {
        await locked.cleanup();
      }
    },
  );
});

describe("who may read /metrics", () => {
  let direct: TestApp;
  let proxied: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    direct = await createTestApp({ METRICS_TOKEN: token }, { outbox: { autoStart: false }, logger });
    proxied = await createTestApp(
      { METRICS_TOKEN: token, TRUST_PROXY_HOPS: "1" },
      { outbox: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await direct.cleanup();
    await proxied.cleanup();
  });

  it("answers this machine in Prometheus's text format, never to be stored, and does not log each scrape", async () => {
    lines.length = 0;
    const { status, headers, text } = await scrape(direct.app);
    expect(status).toBe(200);
    expect(headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-page-cache"]).toBeUndefined();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(lines.filter((line) => line.includes('"/metrics"'))).toEqual([]);
    // The same logger writes a page's line: it is the scrape that is left out.
    await request(direct.app).get("/robots.txt").expect(200);
    expect(lines.filter((line) => line.includes('"/robots.txt"'))).toHaveLength(1);
  });

  it("refuses a request a proxy relays from loopback, unless it has the token", async () => {
    const relayed = { "X-Forwarded-For": "203.0.113.7" };
    for (const [app, headers] of [
      [proxied.app, {}],
      [proxied.app, relayed],
      [direct.app, relayed],
    ] as const) {
      const refused = await scrape(app, headers);
      expect(refused.status).toBe(404);
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(refused.text).not.toContain("http_requests_total");
    }
    const allowed = await scrape(proxied.app, { ...relayed, Authorization: `Bearer ${token}` });
    expect(allowed.status).toBe(200);
    expect(allowed.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a wrong token, from anywhere", async () => {
    for (const app of [direct.app, proxied.app]) {
      for (const authorization of [`Bearer ${token}0`, "Bearer wrong-token-0123456789", `Basic ${token}`]) {
        const res = await scrape(app, { Authorization: authorization });
        expect(res.status, authorization).toBe(404);
        expect(res.headers["cache-control"]).toBe("no-store");
      }
      expect((await scrape(app, { Authorization: `Bearer ${token}` })).status).toBe(200);
    }
  });
});
