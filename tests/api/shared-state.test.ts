import { existsSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import express, { type RequestHandler } from "express";
import type { Options, Store } from "express-rate-limit";
import pino from "pino";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { instanceSecret } from "#server/db/instance-secrets.ts";
import { createRateLimitStores, type RateLimitStores } from "#server/db/rate-limits.ts";
import { createFormRateLimits } from "#server/http/form-rate-limits.ts";
import { createLogger } from "#server/platform/logger.ts";
import { FORM_SECRET_NAME } from "#server/operations/leads/form-guard.ts";
import { botGuardFields, staleFormMessage } from "#shared/forms/bot-guard.ts";
import { paths } from "#shared/paths.ts";
import { endpoints, testFormTokens, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createScratchDatabase, testsRunOnPostgres, useSuiteDatabase } from "#tests/support/test-database.ts";

/**
 * What instances on one PostgreSQL database share (docs/decisions/013-postgresql.md):
 * the forms' rate-limit counters and the secret that signs their start fields. On
 * SQLite one process keeps both to itself, as before.
 */

const WINDOW_MS = 60_000;
const start = Date.parse("2026-11-23T08:00:00Z");

describe("the database rate-limit store", () => {
  const suite = useSuiteDatabase();
  let clock = start;
  let stores: RateLimitStores;

  afterEach(async () => {
    await suite.db.deleteFrom("rate_limit_hits").execute();
  });

  /** A store as a limiter sets it up, on a fresh clock. */
  const storeFor = (prefix: string, windowMs = WINDOW_MS): Store => {
    const store = stores.create(prefix);
    // express-rate-limit passes all its options; the store reads only the window.
    void store.init?.({ windowMs } as Options);
    return store;
  };
  const resetClock = () => {
    clock = start;
    stores = createRateLimitStores(suite.db, createLogger("silent"), { now: () => clock });
  };

  it("counts hits in one window that the first hit opens", async () => {
    resetClock();
    const store = storeFor("website-design:accepted:");
    const resetTime = new Date(start + WINDOW_MS);
    expect(await store.increment("203.0.113.7")).toEqual({ totalHits: 1, resetTime });
    clock += 30_000;
    expect(await store.increment("203.0.113.7")).toEqual({ totalHits: 2, resetTime });
    expect(await store.increment("203.0.113.7")).toEqual({ totalHits: 3, resetTime });
    expect(await store.get?.("203.0.113.7")).toEqual({ totalHits: 3, resetTime });
    expect(await store.increment("198.51.100.1")).toEqual({
      totalHits: 1,
      resetTime: new Date(clock + WINDOW_MS),
    });
  });

  it("starts a new window once the last one has closed", async () => {
    resetClock();
    const store = storeFor("website-design:accepted:");
    await store.increment("203.0.113.7");
    await store.increment("203.0.113.7");
    clock = start + WINDOW_MS;
    expect(await store.get?.("203.0.113.7")).toBeUndefined();
    expect(await store.increment("203.0.113.7")).toEqual({
      totalHits: 1,
      resetTime: new Date(clock + WINDOW_MS),
    });
    expect(await store.increment("203.0.113.7")).toMatchObject({ totalHits: 2 });
  });

  it("never decrements below zero", async () => {
    resetClock();
    const store = storeFor("newsletter:refused:");
    await store.increment("203.0.113.7");
    await store.decrement("203.0.113.7");
    await store.decrement("203.0.113.7");
    await store.decrement("198.51.100.1");
    expect(await store.get?.("203.0.113.7")).toMatchObject({ totalHits: 0 });
    expect(await store.get?.("198.51.100.1")).toBeUndefined();
    expect(await store.increment("203.0.113.7")).toMatchObject({ totalHits: 1 });
  });

  it("forgets a key on resetKey", async () => {
    resetClock();
    const store = storeFor("appointment:accepted:");
    await store.increment("203.0.113.7");
    await store.increment("203.0.113.7");
    await store.resetKey("203.0.113.7");
    expect(await store.get?.("203.0.113.7")).toBeUndefined();
    expect(await store.increment("203.0.113.7")).toMatchObject({ totalHits: 1 });
  });

  it("keeps each limiter's count of one client apart", async () => {
    resetClock();
    const accepted = storeFor("website-design:accepted:");
    const refused = storeFor("website-design:refused:");
    const otherForm = storeFor("web-app:accepted:");
    await accepted.increment("203.0.113.7");
    await accepted.increment("203.0.113.7");
    expect(await refused.increment("203.0.113.7")).toMatchObject({ totalHits: 1 });
    expect(await otherForm.increment("203.0.113.7")).toMatchObject({ totalHits: 1 });
    await refused.resetKey("203.0.113.7");
    expect(await accepted.get?.("203.0.113.7")).toMatchObject({ totalHits: 2 });
    const keys = await suite.db.selectFrom("rate_limit_hits").select("key").orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual([
      "web-app:accepted:203.0.113.7",
      "website-design:accepted:203.0.113.7",
    ]);
  });

  it("counts every one of many simultaneous hits", async () => {
    resetClock();
    const store = storeFor("website-design:refused:");
    const results = await Promise.all(Array.from({ length: 25 }, () => store.increment("203.0.113.7")));
    const counts = results.map((result) => result.totalHits).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("deletes expired counters once a window has passed, without a request waiting", async () => {
    resetClock();
    const store = storeFor("website-design:accepted:", 1_000);
    await store.increment("203.0.113.7");
    const old = storeFor("web-app:accepted:", 1_000);
    await old.increment("198.51.100.1");
    expect(await stores.sweepExpired()).toBe(0);
    clock += 1_000;
    // Both counters have expired: the next hit's sweep deletes the other one.
    await store.increment("203.0.113.7");
    await vi.waitFor(async () => {
      const keys = await suite.db.selectFrom("rate_limit_hits").select("key").execute();
      expect(keys).toEqual([{ key: "website-design:accepted:203.0.113.7" }]);
    });
    clock += 1_000;
    expect(await stores.sweepExpired()).toBe(1);
  });
});

describe("form rate limits when the store fails", () => {
  it("let the request through and log the failure", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "warn" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const failing = (prefix: string): Store => ({
      prefix,
      localKeys: false,
      increment: () => Promise.reject(new Error("connection refused")),
      decrement: () => undefined,
      resetKey: () => undefined,
    });
    const limits = createFormRateLimits(
      { rateLimit: { leadMax: 1, leadWindowMs: WINDOW_MS } },
      { api: (res, status) => res.status(status).end(), page: (res, status) => res.status(status).end() },
      { create: failing, logger },
    );
    const accept: RequestHandler = (_req, res) => {
      res.status(201).end();
    };
    const app = express().post("/lead", ...limits["website-design"], accept);
    await request(app).post("/lead").expect(201);
    await request(app).post("/lead").expect(201);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string });
    const failures = logged.filter((line) => line.msg.includes("allowing request without rate-limiting"));
    // Both of the form's limiters, for each of the two requests.
    expect(failures).toHaveLength(4);
    expect(failures[0]).toMatchObject({
      level: 50,
      form: "website-design",
      err: { message: "connection refused" },
    });
  });
});

describe("an instance secret", () => {
  it("is the same for handles that ask at once, whichever stored it", async () => {
    const scratch = await createScratchDatabase();
    const first = await openDatabase(scratch.location);
    const second = await openDatabase(scratch.location);
    try {
      const [a, b] = await Promise.all([
        instanceSecret(first, "test-secret", () => "candidate-of-the-first"),
        instanceSecret(second, "test-secret", () => "candidate-of-the-second"),
      ]);
      expect(a).toBe(b);
      expect(["candidate-of-the-first", "candidate-of-the-second"]).toContain(a);
      expect(await instanceSecret(second, "test-secret", () => "a-later-candidate")).toBe(a);
    } finally {
      await first.destroy();
      await second.destroy();
      await scratch.drop();
    }
  });
});

/** The start field a page of `site` renders. */
async function startFieldOf(site: TestApp): Promise<string> {
  const page = await request(site.app).get(paths.websiteDesign).expect(200);
  const match = new RegExp(`name="${botGuardFields.startedAt}" value="([^"]+)"`).exec(page.text);
  if (!match?.[1]) throw new Error("the page has no start field");
  return match[1];
}

const submitWith = (site: TestApp, token: string) =>
  request(site.app)
    .post(endpoints.websiteDesign)
    .send(websiteDesignLead({ [botGuardFields.startedAt]: token }));

// No minimum fill time: a token used at once is judged only on its signature.
const withoutFormSecret = { FORM_SECRET: "", FORM_MIN_FILL_SECONDS: "0", LEAD_RATE_LIMIT_MAX: "100" };

describe("start fields of two instances without FORM_SECRET", () => {
  const sites: TestApp[] = [];
  afterAll(async () => {
    // The first site owns the database the second may use: it goes last.
    for (const site of sites.reverse()) await site.cleanup();
  });

  it.runIf(!testsRunOnPostgres())("on SQLite, each data folder signs with its own secret", async () => {
    sites.push(await createTestApp(withoutFormSecret, { outbox: { autoStart: false } }));
    sites.push(await createTestApp(withoutFormSecret, { outbox: { autoStart: false } }));
    const [a, b] = sites as [TestApp, TestApp];
    await submitWith(a, await startFieldOf(a)).expect(201);
    const refused = await submitWith(b, await startFieldOf(a)).expect(400);
    expect(refused.body.error).toBe(staleFormMessage);
    expect(await b.db.selectFrom("instance_secrets").selectAll().execute()).toEqual([]);
  });

  it.runIf(testsRunOnPostgres())("on PostgreSQL, the instances verify each other's", async () => {
    sites.push(await createTestApp(withoutFormSecret, { outbox: { autoStart: false } }));
    const [a] = sites as [TestApp];
    sites.push(
      await createTestApp(
        { ...withoutFormSecret, DATABASE_URL: a.database.env.DATABASE_URL ?? "" },
        { outbox: { autoStart: false } },
      ),
    );
    const b = sites[1] as TestApp;
    expect(existsSync(path.join(a.dataDir, FORM_SECRET_NAME))).toBe(false);
    await submitWith(b, await startFieldOf(a)).expect(201);
    await submitWith(a, await startFieldOf(b)).expect(201);
    // The tests' own secret is not the one the instances agreed on.
    const forged = await submitWith(a, testFormTokens.issue()).expect(400);
    expect(forged.body.error).toBe(staleFormMessage);
    const secrets = await a.db.selectFrom("instance_secrets").select(["name", "value"]).execute();
    expect(secrets).toEqual([{ name: FORM_SECRET_NAME, value: expect.stringMatching(/^[\w-]{43}$/) }]);
  });
});

describe.runIf(testsRunOnPostgres())("two instances on one PostgreSQL database", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { LEAD_RATE_LIMIT_MAX: "2", LEAD_RATE_LIMIT_WINDOW_MINUTES: "10" };
    first = await createTestApp(env, { outbox: { autoStart: false } });
    second = await createTestApp(
      { ...env, DATABASE_URL: first.database.env.DATABASE_URL ?? "" },
      { outbox: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await second?.cleanup();
    await first?.cleanup();
  });

  it("count a visitor's submissions together", async () => {
    const submit = (site: TestApp) =>
      request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead());
    await submit(first).expect(201);
    await submit(second).expect(201);
    const refused = await submit(first).expect(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    await submit(second).expect(429);
    expect(await first.db.selectFrom("website_design_leads").selectAll().execute()).toHaveLength(2);
  });

  it("keep FORM_SECRET when it is set, storing none", async () => {
    // The leads above carried start fields signed with the tests' FORM_SECRET.
    expect(await first.db.selectFrom("instance_secrets").selectAll().execute()).toEqual([]);
  });

  it("let a lead through when the counters cannot be written", async () => {
    await first.db.schema.dropTable("rate_limit_hits").execute();
    await request(second.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    expect(await first.db.selectFrom("web_app_leads").selectAll().execute()).toHaveLength(1);
  });
});

describe("the rate-limit counters of one app", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({ LEAD_RATE_LIMIT_MAX: "2" }, { outbox: { autoStart: false } });
  });
  afterAll(() => site.cleanup());

  it("are in the database on PostgreSQL, in memory on SQLite", async () => {
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    const rows = await site.db.selectFrom("rate_limit_hits").select(["key", "hits"]).execute();
    if (testsRunOnPostgres()) {
      expect(rows).toContainEqual({ key: expect.stringMatching(/^website-design:accepted:./), hits: 1 });
    } else {
      expect(rows).toEqual([]);
    }
  });
});
