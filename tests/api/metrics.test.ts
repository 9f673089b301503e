import Database from "better-sqlite3";
import pino from "pino";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkAlerts } from "#server/alerts/alert-check.ts";
import { OPERATIONS_ALERT } from "#server/mail/alert-message.ts";
import { scrape, valueOf } from "#tests/support/metrics.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { endpoints, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { testsRunOnPostgres } from "#tests/support/test-database.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";

/**
 * Issue 29: /metrics and the alert e-mails. The metrics move with what happens (leads,
 * dying e-mails, the page cache, requests by route pattern); only this machine or the
 * token may read them; an incident sends one alert to ALERT_EMAIL, on either engine.
 */

const token = "metrics-token-0123456789abcdef";
const mailEnv = {
  ...agencyMailEnv,
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

  it("carries the process's own metrics, and alerts nobody without ALERT_EMAIL", async () => {
    const { samples } = await scrape(site.app);
    expect(valueOf(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(valueOf(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    await site.db.updateTable("outbox").set({ status: "dead", dead_at: new Date().toISOString() }).execute();
    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: [] });
    expect(
      valueOf((await scrape(site.app)).samples, "site_alert_incident_open", { condition: "dead-mail" }),
    ).toBe(0);
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

describe("the alert when e-mails die", () => {
  let sink: SmtpSink;
  let site: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url, ALERT_EMAIL: "ops@agency.test" },
      // One attempt: a refused e-mail dies at once.
      { outbox: { autoStart: false, maxAttempts: 1 }, alerts: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });
  afterEach(() => {
    sink.refuse = false;
  });

  const alertsQueued = async () =>
    Number(
      (
        await site.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("kind", "=", OPERATIONS_ALERT)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const toOps = () => sink.messages.filter((mail) => mail.to.includes("ops@agency.test"));

  /** A lead whose e-mail the mail server refuses (for good: one attempt). */
  async function leadThatDies(email: string) {
    sink.refuse = true;
    await request(site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ businessEmail: email }))
      .expect(201);
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 1 });
    sink.refuse = false;
  }

  it("sends one alert per incident: not again for a second death, again after e-mails went out", async () => {
    await leadThatDies("first@dies.test");
    const dead = (await scrape(site.app)).samples;
    expect(valueOf(dead, "site_outbox_messages", { status: "dead" })).toBe(1);

    expect(await site.alerts.runOnce()).toEqual({ opened: ["dead-mail"], closed: [] });
    expect(
      valueOf((await scrape(site.app)).samples, "site_alert_incident_open", { condition: "dead-mail" }),
    ).toBe(1);
    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    await sink.waitForMessages(1);
    const [alert] = toOps();
    expect(alert?.subject).toBe("Kloof Digital website: e-mails are failing (1 dead)");
    expect(alert?.header("auto-submitted")).toBe("auto-generated");
    for (const line of [
      "1 e-mail could not be sent after every retry and is marked dead",
      "Queue when this began: 0 pending, 1 dead.",
      "(website-design-lead): ",
      "busy",
      `1. See which ones, and why, on the workspace's Notifications page: ${site.config.settings.siteUrl}/admin/notifications`,
      "then send them again there with Retry all dead.",
    ])
      expect(alert?.text).toContain(line);
    // The workspace does what the commands did: the alert links there and names no command.
    expect(alert?.html).toContain(`<a href="${site.config.settings.siteUrl}/admin/notifications">`);
    expect(`${alert?.text}${alert?.html}`).not.toMatch(/site-admin|<code/);

    // The same incident: the alert itself going out is not mail flowing again.
    await leadThatDies("second@dies.test");
    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: [] });
    expect(await alertsQueued()).toBe(1);
    expect(valueOf((await scrape(site.app)).samples, "site_outbox_messages", { status: "dead" })).toBe(2);

    // Mail flows again: the incident ends.
    await request(site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: ["dead-mail"] });
    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: [] });

    // A new death is a new incident, with its own alert.
    await leadThatDies("third@dies.test");
    expect(await site.alerts.runOnce()).toEqual({ opened: ["dead-mail"], closed: [] });
    await site.outbox.drain();
    await sink.waitForMessages(3);
    expect(toOps()).toHaveLength(2);
    expect(toOps()[1]?.subject).toBe("Kloof Digital website: e-mails are failing (3 dead)");
  });

  it("is queued once when several instances check at the same moment", async () => {
    await site.db.updateTable("outbox").set({ status: "sent", sent_at: new Date().toISOString() }).execute();
    expect(await site.alerts.runOnce()).toMatchObject({ closed: ["dead-mail"] });
    await leadThatDies("fourth@dies.test");
    const before = await alertsQueued();
    const at = new Date();
    const checks = await Promise.all([1, 2, 3].map(() => checkAlerts(site.db, site.config, at)));
    expect(checks.flatMap((check) => check.opened)).toEqual(["dead-mail"]);
    expect(await alertsQueued()).toBe(before + 1);
  });
});

describe("the alert when the queue stalls", () => {
  let sink: SmtpSink;
  let site: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url, ALERT_EMAIL: "ops@agency.test", ALERT_QUEUE_MINUTES: "30" },
      { outbox: { autoStart: false }, alerts: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });

  it("tells once that the oldest pending e-mail waited past ALERT_QUEUE_MINUTES, and ends when the queue drains", async () => {
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: [] });

    // Forty minutes later, nothing has gone out (the worker is stopped).
    const queuedAt = new Date(Date.now() - 40 * 60_000).toISOString();
    await site.db.updateTable("outbox").set({ created_at: queuedAt }).execute();
    const age = valueOf((await scrape(site.app)).samples, "site_outbox_oldest_pending_age_seconds");
    expect(age).toBeGreaterThanOrEqual(40 * 60);
    expect(age).toBeLessThan(41 * 60);

    expect(await site.alerts.runOnce()).toEqual({ opened: ["queue-stalled"], closed: [] });
    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: [] });
    expect(await site.outbox.drain()).toEqual({ sent: 2, failed: 0 });
    const mails = await sink.waitForMessages(2);
    const alerts = mails.filter((mail) => mail.to.includes("ops@agency.test"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe("Kloof Digital website: e-mails are stuck (oldest waiting 40 minutes)");
    for (const line of [
      "the oldest pending e-mail has waited 40 minutes, longer than the alert's 30 minutes",
      "Queue when this began: 1 pending (the oldest waiting 40 minutes), 0 dead.",
      `1. See what waits, with its tries and last error, on the workspace's Notifications page: ${site.config.settings.siteUrl}/admin/notifications`,
      "2. Check the mail server (SMTP_URL) and that the site runs (/readyz shows the mail queue).",
      "send any that died meanwhile again there with Retry all dead.",
    ])
      expect(alerts[0]?.text).toContain(line);
    expect(alerts[0]?.text).not.toContain("site-admin");

    expect(await site.alerts.runOnce()).toEqual({ opened: [], closed: ["queue-stalled"] });
    expect(valueOf((await scrape(site.app)).samples, "site_outbox_oldest_pending_age_seconds")).toBe(0);
  });
});
