import { Migrator, sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type SiteApp } from "#server/app.ts";
import { createDatabase } from "#server/db/database.ts";
import { migrateToLatest, migrations } from "#server/db/migrate.ts";
import { createLogger } from "#server/platform/logger.ts";
import { ACKNOWLEDGMENT } from "#server/mail/acknowledgment-message.ts";
import { createClientAddressKey } from "#server/operations/leads/client-address-key.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";
import {
  endpoints,
  startedBefore,
  testFormSecret,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, loadServerBuild, type TestApp } from "#tests/support/test-app.ts";
import { createScratchDatabase } from "#tests/support/test-database.ts";

/**
 * The acknowledgment's per-client limit counts by a keyed hash of the client's IP address
 * (docs/decisions/052-link-targets-and-hashed-addresses.md): the table never holds an
 * address, and ACKNOWLEDGMENTS_PER_IP_PER_DAY holds as before, over a rolling 24 hours that
 * midnight does not reset, on every instance of one database.
 */

const HOUR = 3_600_000;
const PER_DAY = 3;
const addresses = ["198.51.100.23", "2001:db8::1:7", "::ffff:203.0.113.5"];

let site: TestApp;
// 21:30 UTC is 23:30 in Cape Town: the window opens before midnight on either clock.
let clock = new Date(Date.UTC(2026, 10, 20, 21, 30));

beforeAll(async () => {
  site = await createTestApp(
    { ...agencyMailEnv, ACKNOWLEDGE_SUBMISSIONS: "true", ACKNOWLEDGMENTS_PER_IP_PER_DAY: String(PER_DAY) },
    { outbox: { autoStart: false }, now: () => clock, pageViews: { autoStart: false } },
  );
});
afterAll(async () => {
  await site.cleanup();
});

let sent = 0;
/** Submits a web-app lead for a new address from `ip` through `app`; answers whether it was acknowledged. */
async function acknowledged(ip: string, app: SiteApp = site): Promise<boolean> {
  const email = `visitor${++sent}@limits.test`;
  const result = await app.leads.submitWebApp(
    { ...webAppLead({ workEmail: email }), ...startedBefore(clock.getTime()) },
    { ip },
  );
  expect(result.ok).toBe(true);
  const queued = await site.db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", ACKNOWLEDGMENT)
    .execute();
  return queued.some((row) => row.payload.includes(email));
}

async function storedRows(): Promise<Array<Record<string, unknown>>> {
  return site.db.selectFrom("acknowledgment_counts").selectAll().execute();
}

describe("the acknowledgment's per-client limit", () => {
  it("stores a keyed hash of each client's address, never the address", async () => {
    for (const ip of addresses) expect(await acknowledged(ip)).toBe(true);
    // And as the API counts a visitor: by the request's own address.
    await request(site.app)
      .post(endpoints.websiteDesign)
      .send({ ...websiteDesignLead({ businessEmail: "api@limits.test" }), ...startedBefore(clock.getTime()) })
      .expect(201);
    const rows = await storedRows();
    expect(rows).toHaveLength(addresses.length + 1);
    const key = createClientAddressKey(testFormSecret);
    expect(rows.map((row) => row.client_key).sort()).toEqual(
      expect.arrayContaining(addresses.map((ip) => key(ip)).sort()),
    );
    const stored = JSON.stringify(rows);
    for (const ip of [...addresses, "127.0.0.1", "203.0.113.5", "2001:db8"]) expect(stored).not.toContain(ip);
    for (const row of rows) expect(row.client_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["client_key", "count", "window_started_at"]);
  });

  it("still stops at ACKNOWLEDGMENTS_PER_IP_PER_DAY, through midnight, until 24 hours have passed", async () => {
    const ip = "192.0.2.44";
    const answers: boolean[] = [];
    for (let index = 0; index <= PER_DAY; index++) answers.push(await acknowledged(ip));
    expect(answers).toEqual([...Array<boolean>(PER_DAY).fill(true), false]);
    // Past midnight on both clocks (00:30 UTC is 02:30 in Cape Town): the window goes on.
    clock = new Date(clock.getTime() + 3 * HOUR);
    expect(await acknowledged(ip)).toBe(false);
    // Another client is its own count.
    expect(await acknowledged("192.0.2.45")).toBe(true);
    // 24 hours after the window opened, a new one opens.
    clock = new Date(clock.getTime() + 21 * HOUR + 60_000);
    expect(await acknowledged(ip)).toBe(true);
  });

  it("is one count on every instance of the database", async () => {
    clock = new Date(clock.getTime() + 2 * HOUR);
    const second = await createApp({
      config: site.config,
      logger: createLogger("silent"),
      build: await loadServerBuild(),
      outbox: { autoStart: false },
      pageViews: { autoStart: false },
      now: () => clock,
    });
    try {
      const ip = "192.0.2.99";
      const answers: boolean[] = [];
      for (let index = 0; index <= PER_DAY; index++)
        answers.push(await acknowledged(ip, index % 2 ? second : site));
      expect(answers).toEqual([...Array<boolean>(PER_DAY).fill(true), false]);
      expect(await acknowledged(ip, second)).toBe(false);
    } finally {
      await second.close();
    }
  });
});

describe("migration 0031", () => {
  it("drops the counts that held raw addresses and keys the table by the hash", async () => {
    const scratch = await createScratchDatabase();
    const db = createDatabase(scratch.location);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0028_page_view_counts")).error).toBeUndefined();
      await sql`insert into acknowledgment_counts (client_ip, count, window_started_at)
        values ('198.51.100.23', 2, ${new Date().toISOString()})`.execute(db);
      await migrateToLatest(db);
      expect(await db.selectFrom("acknowledgment_counts").selectAll().execute()).toEqual([]);
      const table = (await db.introspection.getTables()).find(
        (each) => each.name === "acknowledgment_counts",
      );
      expect(table?.columns.map((column) => column.name).sort()).toEqual([
        "client_key",
        "count",
        "window_started_at",
      ]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
});
