import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "#scripts/lib/built-server.ts";
import { createDatabase, type Db } from "#server/db/database.ts";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { paths } from "#shared/paths.ts";
import { startNginxProxy, type NginxProxy } from "#tests/support/nginx.ts";
import { createScratchPostgresDatabase, testPostgresAdminUrl } from "#tests/support/postgres.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { endpoints, testFormSecret, websiteDesignLead } from "#tests/support/submissions.ts";
import { testTotpKey } from "#tests/support/totp-key.ts";
import { until } from "#tests/support/wait.ts";

/**
 * The compose stack (compose.yaml) as real processes on loopback: two built servers on
 * one PostgreSQL database, nginx in front of them from deploy/nginx.conf, and one SMTP
 * server. What must hold when instances share the work: every acknowledged lead is stored
 * and notified once, one dying mid-burst loses nothing, and a visitor's rate limit counts
 * on both. The `postgres` test project only (vitest.config.ts).
 */

const runId = randomBytes(3).toString("hex");
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-two-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function scratchDatabase(): Promise<{ url: string; db: Db }> {
  const adminUrl = testPostgresAdminUrl();
  if (!adminUrl)
    throw new Error("two-instances runs on the postgres test project: vitest --project postgres");
  const database = await createScratchPostgresDatabase(adminUrl);
  const db = createDatabase(database.url);
  cleanups.push(database.drop, () => db.destroy());
  return { url: database.url, db };
}

/** Each instance its own data folder, as in containers; they share only the database. */
async function startPair(env: Record<string, string>, names: [string, string]): Promise<BuiltServer[]> {
  // Started together, as compose starts them: both run the migrations at once.
  const servers = await Promise.all(
    names.map((name) =>
      startBuiltServer({
        DATA_DIR: scratchDir(),
        TRUST_PROXY_HOPS: "1",
        FORM_MIN_FILL_SECONDS: "0",
        LOG_LEVEL: "warn",
        MAIL_FROM: `Site ${name} <${name}@example.com>`,
        ...env,
      }),
    ),
  );
  for (const server of servers) cleanups.push(() => server.kill("SIGKILL"));
  return servers;
}

async function startProxy(servers: BuiltServer[]): Promise<NginxProxy> {
  const proxy = await startNginxProxy(servers.map((server) => server.url));
  cleanups.push(proxy.stop);
  return proxy;
}

type Answer = { email: string; status: number; ms: number; requestId: string | null };

/**
 * Posts `count` website-design leads, `concurrency` at a time, each with its own e-mail
 * address; `onAnswer` hears of each answer as it comes.
 */
async function burst(options: {
  url: string;
  tag: string;
  count: number;
  concurrency: number;
  onAnswer?: (answer: Answer, answered: Answer[]) => void;
}): Promise<{ answers: Answer[]; seconds: number }> {
  const answers: Answer[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.count) {
      const n = next++;
      const email = `${options.tag}-${n}-${runId}@example.com`;
      const sent = performance.now();
      const answer = await fetch(`${options.url}${endpoints.websiteDesign}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(websiteDesignLead({ fullName: `Visitor ${n}`, businessEmail: email })),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return { status: response.status, requestId: response.headers.get("x-request-id") };
        },
        () => ({ status: 0, requestId: null }),
      );
      const result = { email, ms: performance.now() - sent, ...answer };
      answers.push(result);
      options.onAnswer?.(result, answers);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { answers, seconds: (performance.now() - started) / 1000 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN);
}

const acknowledged = (answers: Answer[]) => answers.filter((answer) => answer.status === 201);

/** How many rows each e-mail address of a burst has. */
async function storedLeads(db: Db, tag: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("website_design_leads")
    .select("business_email")
    .where("business_email", "like", `${tag}-%-${runId}@example.com`)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.business_email, (counts.get(row.business_email) ?? 0) + 1);
  return counts;
}

type Notification = { id: number; messageId: string; email: string; status: string; sentAt: string | null };

async function notifications(db: Db, tag: string): Promise<Notification[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "payload", "status", "sent_at"])
    .where("kind", "=", "website-design-lead")
    .execute();
  return rows
    .map((row) => {
      const payload = JSON.parse(row.payload) as { messageId: string; visitorEmail: string };
      return {
        id: row.id,
        messageId: payload.messageId,
        email: payload.visitorEmail,
        status: row.status,
        sentAt: row.sent_at,
      };
    })
    .filter((row) => row.email.startsWith(`${tag}-`) && row.email.endsWith(`-${runId}@example.com`));
}

/** The copies of each message the SMTP server took, by Message-ID, and from whom. */
function received(sink: SmtpSink): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  for (const mail of sink.messages) {
    const id = mail.header("message-id") ?? "";
    copies.set(id, [...(copies.get(id) ?? []), mail.from]);
  }
  return copies;
}

function loggedByNginx(proxy: NginxProxy, answers: Array<{ requestId: string | null }>): boolean {
  const logged = new Set(proxy.requests().map((request) => request.requestId));
  return answers.every((answer) => answer.requestId !== null && logged.has(answer.requestId));
}

/**
 * Which instance (its index in `servers`) answered each request, by the X-Request-Id the
 * client got back, from nginx's access log; -1 for none of them.
 */
function answeredBy(proxy: NginxProxy, servers: BuiltServer[]): (requestId: string | null) => number {
  const lastUpstream = new Map(
    proxy.requests().map((request) => [request.requestId, request.upstreams.at(-1)]),
  );
  const hosts = servers.map((server) => new URL(server.url).host);
  return (requestId) => hosts.indexOf(lastUpstream.get(requestId ?? "") ?? "");
}

let sink: SmtpSink;
beforeAll(async () => {
  // A mail server that takes 100 ms to accept each message, as a real one does: an
  // instance killed mid-burst is then surely in the middle of sending.
  sink = await startSmtpSink(0, { replyDelayMs: 100 });
  cleanups.push(() => sink.close());
});

describe("two instances on one PostgreSQL database behind nginx", () => {
  let db: Db;
  let servers: BuiltServer[];
  let proxy: NginxProxy;

  beforeAll(async () => {
    const database = await scratchDatabase();
    db = database.db;
    servers = await startPair(
      {
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        FORM_SECRET: testFormSecret,
        TOTP_KEY: testTotpKey,
        LEAD_RATE_LIMIT_MAX: "100000",
      },
      ["one", "two"],
    );
    proxy = await startProxy(servers);
  }, 60_000);

  it("stores and notifies each of 1,000 submissions through the proxy exactly once", async () => {
    const { answers, seconds } = await burst({ url: proxy.url, tag: "a", count: 1000, concurrency: 20 });
    const burstEndedAt = Date.now();
    const acked = acknowledged(answers);
    // Named, so a failure says what the refused ones got.
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.status)).toEqual([]);
    expect(acked).toHaveLength(1000);

    const stored = await storedLeads(db, "a");
    for (const answer of acked) expect(stored.get(answer.email), answer.email).toBe(1);
    expect(stored.size).toBe(1000);

    const rows = await notifications(db, "a");
    expect(rows).toHaveLength(1000);
    await until(
      () => {
        const copies = received(sink);
        return rows.every((row) => copies.has(row.messageId));
      },
      30_000,
      "every notification to reach the SMTP server",
    );
    const deliveredAfterMs = Date.now() - burstEndedAt;
    // Time for a second copy to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const copies = received(sink);
    for (const row of rows) expect(copies.get(row.messageId), row.email).toHaveLength(1);

    // nginx names each request with X-Request-Id; the site adopts it (TRUST_PROXY_HOPS=1).
    await until(() => loggedByNginx(proxy, acked), 5_000, "nginx's access log");
    const instanceOf = answeredBy(proxy, servers);
    const servedBy = acked.map((answer) => instanceOf(answer.requestId));
    expect(servedBy.filter((index) => index < 0)).toHaveLength(0);
    const served = [0, 1].map((index) => servedBy.filter((by) => by === index).length);
    const sent = ["one@example.com", "two@example.com"].map(
      (from) => [...copies.values()].flat().filter((sender) => sender === from).length,
    );
    expect(served[0]).toBeGreaterThan(100);
    expect(served[1]).toBeGreaterThan(100);

    const ms = answers.map((answer) => answer.ms);
    console.log(
      `two instances behind nginx, 1,000 submissions 20 at a time: ${Math.round(acked.length / seconds)} submissions/s, ` +
        `p50 ${percentile(ms, 0.5)} ms, p99 ${percentile(ms, 0.99)} ms; acknowledged ${acked.length}, ` +
        `stored ${stored.size}, notified ${rows.length} (each once); answered by instance 1/2: ${served.join("/")}, ` +
        `e-mails sent by instance 1/2: ${sent.join("/")}; last notification ${deliveredAfterMs} ms after the last answer`,
    );
  }, 60_000);

  it("loses nothing when one instance is killed mid-burst; the survivor sends what it had claimed", async () => {
    const victim = servers[1]!;
    let killedAt = 0;
    let killed: Promise<Array<{ id: number }>> | undefined;
    // What the dead instance held: rows it had claimed and not marked sent, read the moment
    // it is gone (the survivor looks for a dead sibling's rows every 5 s and takes them).
    const heldBy = (pid: number) =>
      db
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("lease_owner", "like", `%:${pid}:%`)
        .execute();
    const { answers, seconds } = await burst({
      url: proxy.url,
      tag: "b",
      count: 600,
      concurrency: 20,
      onAnswer: (_answer, answered) => {
        if (killed || acknowledged(answered).length < 200) return;
        killedAt = Date.now();
        killed = victim.kill("SIGKILL").then(() => heldBy(victim.pid));
      },
    });
    const heldIds = new Set((await killed)?.map((row) => row.id));
    expect(killedAt).toBeGreaterThan(0);

    const acked = acknowledged(answers);
    const stored = await storedLeads(db, "b");
    for (const answer of acked) expect(stored.get(answer.email), answer.email).toBe(1);
    // An answer lost with the instance (nginx's 502) may or may not have been stored, never twice.
    for (const count of stored.values()) expect(count).toBe(1);

    const unsent = db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "!=", "sent");
    await until(
      async () => (await unsent.executeTakeFirstOrThrow()).n === 0,
      50_000,
      "the survivor to send every pending notification",
    );
    const rows = await notifications(db, "b");
    expect(rows).toHaveLength(stored.size);
    const heldRows = rows.filter((row) => heldIds.has(row.id));
    const lastHeldSentAt = Math.max(...heldRows.map((row) => Date.parse(row.sentAt ?? "")));
    // The survivor says it took the dead instance's rows back (not waiting for the lease).
    const tookBack = await servers[0]!.waitForLog("took back e-mails a stopped worker was sending", 10_000);
    expect(tookBack.count).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const copies = received(sink);
    let resent = 0;
    for (const row of rows) {
      const senders = copies.get(row.messageId) ?? [];
      const fromSurvivor = senders.filter((sender) => sender === "one@example.com").length;
      // The survivor sends each at most once, and every one the dead instance held.
      expect(fromSurvivor, row.email).toBeLessThanOrEqual(1);
      if (heldIds.has(row.id)) expect(fromSurvivor, row.email).toBe(1);
      if (senders.length > 1) {
        // A second copy only of a message the mail server took just as its sender died,
        // before the sender could record it: one copy from each, the same Message-ID, so
        // mail clients show one.
        expect(senders.sort(), row.email).toEqual(["one@example.com", "two@example.com"]);
        resent++;
      } else {
        expect(senders, row.email).toHaveLength(1);
      }
    }

    const ms = answers.map((answer) => answer.ms);
    const refused = answers.filter((answer) => answer.status !== 201);
    console.log(
      `one of two instances SIGKILLed after 200 of 600 acknowledged: ${Math.round(acked.length / seconds)} submissions/s, ` +
        `p50 ${percentile(ms, 0.5)} ms, p99 ${percentile(ms, 0.99)} ms; acknowledged ${acked.length}, ` +
        `not acknowledged ${refused.length} (${[...new Set(refused.map((answer) => answer.status))].join(", ") || "-"}), ` +
        `stored ${stored.size}, notified ${rows.length}; the dead instance held ${heldIds.size} ` +
        `(the survivor took back ${String(tookBack.count)}), ` +
        `all sent by the survivor ${heldRows.length > 0 ? Math.round((lastHeldSentAt - killedAt) / 100) / 10 : "-"} s after the kill ` +
        `(${resent} of them had reached the mail server before the kill and arrived twice, same Message-ID)`,
    );
  }, 90_000);
});

describe("a visitor's limit and the form secret hold across instances", () => {
  const limit = 3;
  let servers: BuiltServer[];
  let proxy: NginxProxy;

  beforeAll(async () => {
    const { url } = await scratchDatabase();
    // No FORM_SECRET: the instances agree on one through the database.
    servers = await startPair(
      { DATABASE_URL: url, SMTP_URL: sink.url, TOTP_KEY: testTotpKey, LEAD_RATE_LIMIT_MAX: String(limit) },
      ["three", "four"],
    );
    proxy = await startProxy(servers);
  }, 60_000);

  /** The signed start field of the website-design form as `base` serves it. */
  async function startField(base: string): Promise<string> {
    const page = await fetch(`${base}${paths.websiteDesign}`).then((response) => response.text());
    const token = new RegExp(`name="${botGuardFields.startedAt}" value="([^"]+)"`).exec(page)?.[1];
    if (!token) throw new Error(`${base} served no signed start field`);
    return token;
  }

  async function submit(base: string, token: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${endpoints.websiteDesign}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(
        websiteDesignLead({
          businessEmail: `c-${randomBytes(4).toString("hex")}-${runId}@example.com`,
          [botGuardFields.startedAt]: token,
        }),
      ),
    });
    await response.arrayBuffer();
    return { status: response.status, requestId: response.headers.get("x-request-id") ?? "" };
  }

  it("accepts a form served by one instance on the other", async () => {
    const [one, two] = servers as [BuiltServer, BuiltServer];
    const fromOne = await submit(two.url, await startField(one.url), { "x-forwarded-for": "198.51.100.1" });
    const fromTwo = await submit(one.url, await startField(two.url), { "x-forwarded-for": "198.51.100.2" });
    expect([fromOne.status, fromTwo.status]).toEqual([201, 201]);
  });

  it("refuses a visitor after the limit whichever instance each submission reaches", async () => {
    const [one, two] = servers as [BuiltServer, BuiltServer];
    // Each instance's own start field, so this holds even if the secret were not shared.
    const tokens = [await startField(one.url), await startField(two.url)];
    // Directly: the test stands in for the proxy and names the client (TRUST_PROXY_HOPS=1).
    const visitor = { "x-forwarded-for": "203.0.113.10" };
    const direct: number[] = [];
    for (let n = 0; n < limit + 2; n++) {
      const index = n % 2;
      direct.push((await submit(servers[index]!.url, tokens[index]!, visitor)).status);
    }
    expect(direct).toEqual([201, 201, 201, 429, 429]);
    // Another visitor is not affected.
    expect((await submit(two.url, tokens[1]!, { "x-forwarded-for": "203.0.113.11" })).status).toBe(201);

    // Through nginx the client is the address nginx saw (loopback here): what the client
    // itself claims in X-Forwarded-For is ignored, or this would be the limited visitor.
    const token = await startField(proxy.url);
    const proxied: Array<{ status: number; requestId: string }> = [];
    for (let n = 0; n < limit + 3; n++) proxied.push(await submit(proxy.url, token, visitor));
    expect(proxied.map((answer) => answer.status)).toEqual([201, 201, 201, 429, 429, 429]);
    await until(() => loggedByNginx(proxy, proxied), 5_000, "nginx's access log");
    const instanceOf = answeredBy(proxy, servers);
    const servedBy = new Set(proxied.map((answer) => instanceOf(answer.requestId)));
    expect(servedBy).toEqual(new Set([0, 1]));
    console.log(
      `rate limit ${limit} per visitor across two instances: direct ${direct.join(" ")}; ` +
        `through nginx ${proxied.map((answer) => answer.status).join(" ")} (answered by both)`,
    );
  });
});
