import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "#scripts/lib/built-server.ts";
import { countOutboxByStatus } from "#server/db/outbox.ts";
import { freePort, startSmtpSink } from "#tests/support/smtp-sink.ts";
import { endpoints, testFormSecret, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

const fastForms = { LEAD_RATE_LIMIT_MAX: "100000", FORM_MIN_FILL_SECONDS: "0", FORM_SECRET: testFormSecret };
const dirs: string[] = [];
const servers: BuiltServer[] = [];
afterAll(async () => {
  // Stopped first: a server left by a failed test must not write into a removed folder.
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the mail server is down while leads arrive", () => {
  it("delivers all 50 notifications once it is back, none twice", async () => {
    const port = await freePort();
    const site = await createTestApp(
      { ...fastForms, SMTP_URL: `smtp://127.0.0.1:${port}` },
      { outbox: { baseDelayMs: 50, maxDelayMs: 400 } },
    );
    const leads = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? { url: endpoints.websiteDesign, body: websiteDesignLead({ fullName: `Visitor ${i}` }) }
        : { url: endpoints.webApp, body: webAppLead({ fullName: `Visitor ${i}` }) },
    );
    const answers = await Promise.all(leads.map(({ url, body }) => request(site.app).post(url).send(body)));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));

    // The worker keeps failing against the closed port and backs off.
    await until(
      async () =>
        (await site.db.selectFrom("outbox").select("id").where("attempts", ">=", 2).execute()).length === 50,
      10_000,
      "failed attempts",
    );
    expect((await countOutboxByStatus(site.db)).sent).toBe(0);
    // Every e-mail waits for a retry: /readyz still says how long the oldest has waited.
    const during = await request(site.app).get("/readyz").expect(200);
    expect(during.body.checks.mailQueue).toMatchObject({
      pending: 50,
      oldestUnsentAgeSeconds: expect.any(Number),
    });

    const sink = await startSmtpSink(port);
    await until(async () => (await countOutboxByStatus(site.db)).sent === 50, 15_000, "all 50 sent");
    // Give any duplicate a chance to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 800));
    console.info(`SMTP outage: 50 accepted while down, ${sink.messages.length} delivered once it was back`);
    expect(sink.messages).toHaveLength(50);
    const names = sink.messages.map((mail) => /: (Visitor \d+) \(w[ad]-\d+\)$/.exec(mail.subject)?.[1]);
    expect(new Set(names).size).toBe(50);
    expect(new Set(sink.messages.map((mail) => mail.header("message-id"))).size).toBe(50);
    expect(await countOutboxByStatus(site.db)).toEqual({ pending: 0, sent: 50, dead: 0 });

    await site.cleanup();
    await sink.close();
  }, 40_000);
});

describe("the server process is killed during a burst", () => {
  async function startServer(dataDir: string) {
    const server = await startBuiltServer({ ...fastForms, DATA_DIR: dataDir, LOG_LEVEL: "info" });
    servers.push(server);
    return server;
  }

  it("keeps every submission that got a 2xx", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-sigkill-"));
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    const acknowledged: string[] = [];
    let answered = 0;
    let next = 0;
    const total = 400;

    async function sender() {
      while (next < total) {
        const email = `visitor-${next++}@example.com`;
        try {
          const res = await fetch(`${first.url}${endpoints.websiteDesign}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(websiteDesignLead({ businessEmail: email })),
          });
          if (res.ok) acknowledged.push(email);
          answered++;
        } catch {
          // The connection died with the process: not acknowledged, so not promised.
        }
      }
    }
    const senders = Array.from({ length: 16 }, sender);
    await until(() => answered >= 60, 15_000, "the burst to get going");
    await first.kill("SIGKILL");
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    // A restart opens (and recovers) the same database.
    const second = await startServer(dataDir);
    const health = await fetch(`${second.url}/healthz`);
    expect(health.status).toBe(200);
    const db = new SQLite(path.join(dataDir, "site.sqlite"), { readonly: true });
    const stored = new Set(
      (
        db.prepare("select business_email from website_design_leads").all() as Array<{
          business_email: string;
        }>
      ).map((row) => row.business_email),
    );
    // The agency's notifications; the visitors' acknowledgments (a few per IP a day) are rows too.
    const queued = db
      .prepare("select count(*) as n from outbox where kind = 'website-design-lead'")
      .get() as { n: number };
    db.close();
    const missing = acknowledged.filter((email) => !stored.has(email));
    console.info(
      `SIGKILL mid-burst: ${acknowledged.length} acknowledged, ${stored.size} stored, ${missing.length} acknowledged but lost`,
    );
    expect(missing).toEqual([]);
    // Every stored lead has its notification queued in the same transaction.
    expect(queued.n).toBe(stored.size);

    await second.stop();
  }, 60_000);
});
