import { rmSync } from "node:fs";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";
import { paths } from "#shared/paths.ts";

/**
 * The first-party page-view counter (docs/decisions/044-first-party-counting.md): what a
 * beacon counts, what it never counts, that nothing about the visitor is kept, and that
 * the counts outlive a restart and add up across two instances on one database.
 */

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

function beacon(site: TestApp, body: unknown, headers: Record<string, string> = {}): request.Test {
  const test = request(site.app)
    .post(PAGE_VIEW_ENDPOINT)
    // What navigator.sendBeacon sends for a string.
    .set("Content-Type", "text/plain;charset=UTF-8")
    .set("User-Agent", BROWSER)
    .set("Sec-Fetch-Site", "same-origin");
  for (const [name, value] of Object.entries(headers)) test.set(name, value);
  return test.send(typeof body === "string" ? body : JSON.stringify(body));
}

const landing: PageViewBeacon = {
  p: paths.websiteDesign,
  r: "www.linkedin.com",
  s: "linkedin",
  m: "paid",
  c: "november-launch",
  k: "fbclid",
  d: "phone",
};

async function storedRows(site: TestApp) {
  await site.pageViews.flush();
  return site.db.selectFrom("page_view_counts").selectAll().orderBy("path").execute();
}

async function totalViews(site: TestApp): Promise<number> {
  return (await storedRows(site)).reduce((sum, row) => sum + Number(row.views), 0);
}

describe("page-view beacons", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp(
      { TRUST_PROXY_HOPS: "1" },
      { pageViews: { autoStart: false, flushEveryMs: 3_600_000 } },
    );
  });
  afterAll(async () => site.cleanup());
  afterEach(async () => {
    await site.pageViews.flush();
    await site.db.deleteFrom("page_view_counts").execute();
    await site.db.deleteFrom("visitors_seen").execute();
  });

  it("counts a view with its campaign as one visit, and sets no cookie", async () => {
    const answer = await beacon(site, landing, { "X-Forwarded-For": "198.51.100.7" }).expect(204);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const rows = await storedRows(site);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: paths.websiteDesign,
      referrer_host: "www.linkedin.com",
      utm_source: "linkedin",
      utm_medium: "paid",
      utm_campaign: "november-launch",
      click_id_kind: "fbclid",
      device: "phone",
    });
    expect(Number(rows[0]?.views)).toBe(1);
    expect(Number(rows[0]?.visits)).toBe(1);
    expect(rows[0]?.hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}$/);
  });

  it("counts the same visitor's further views as views, not visits, and another visitor as a visit", async () => {
    const ip = { "X-Forwarded-For": "198.51.100.8" };
    await beacon(site, landing, ip).expect(204);
    await site.pageViews.flush();
    await beacon(site, landing, ip).expect(204);
    await beacon(site, { p: paths.contact, d: "phone" }, ip).expect(204);
    // Same address, another browser: another visitor, as Plausible counts.
    await beacon(site, { p: paths.contact, d: "phone" }, { ...ip, "User-Agent": PHONE }).expect(204);
    const rows = await storedRows(site);
    const byPath = Object.fromEntries(rows.map((row) => [row.path, row]));
    expect(Number(byPath[paths.websiteDesign]?.views)).toBe(2);
    expect(Number(byPath[paths.websiteDesign]?.visits)).toBe(1);
    expect(Number(byPath[paths.contact]?.views)).toBe(2);
    expect(Number(byPath[paths.contact]?.visits)).toBe(1);
  });

  it("keeps no address, browser or click id: only the day's hashes, which are not the address", async () => {
    await beacon(
      site,
      { ...landing, k: "fbclid", gclid: "abc123" },
      { "X-Forwarded-For": "203.0.113.99" },
    ).expect(204);
    await site.pageViews.flush();
    const seen = await site.db.selectFrom("visitors_seen").selectAll().execute();
    expect(seen).toHaveLength(1);
    const stored = JSON.stringify([seen, await storedRows(site)]);
    for (const secret of ["203.0.113.99", "Chrome", "abc123"]) expect(stored).not.toContain(secret);
  });

  it("counts nothing from a known bot, with no user agent, or with Do Not Track or Global Privacy Control", async () => {
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    await beacon(site, landing, { "User-Agent": bot }).expect(204);
    await beacon(site, landing, { "User-Agent": "HeadlessChrome/142.0.0.0" }).expect(204);
    await beacon(site, landing, { DNT: "1" }).expect(204);
    await beacon(site, landing, { "Sec-GPC": "1" }).expect(204);
    await request(site.app)
      .post(PAGE_VIEW_ENDPOINT)
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(landing))
      .expect(204);
    expect(await totalViews(site)).toBe(0);
  });

  it("refuses bodies that are no page view of this site, counting nothing", async () => {
    const refused: unknown[] = [
      "not json",
      "[]",
      { d: "phone" },
      { p: "https://elsewhere.example/", d: "phone" },
      { p: "//elsewhere.example/x", d: "phone" },
      { p: "/admin/leads", d: "desktop" },
      { p: "/no-such-page/at-all", d: "desktop" },
      { p: "/sitemap.xml", d: "desktop" },
      { p: `/news/${"x".repeat(300)}`, d: "desktop" },
      { p: paths.home, d: "television" },
    ];
    for (const body of refused) await beacon(site, body).expect(400);
    await beacon(site, "x".repeat(3_000)).expect(413);
    await request(site.app)
      .post(PAGE_VIEW_ENDPOINT)
      .set("User-Agent", BROWSER)
      .set("Sec-Fetch-Site", "cross-site")
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(landing))
      .expect(403);
    expect(await totalViews(site)).toBe(0);
  });

  it("bounds what it keeps: unknown fields ignored, long or broken campaign text cut or left out", async () => {
    await beacon(site, {
      p: paths.home,
      d: "desktop",
      r: "Not a host!",
      s: "x".repeat(500),
      m: "line\u0000break",
      c: "  Ноябрь  ",
      k: "tracking-id",
      extra: { nested: true },
    }).expect(204);
    const [row] = await storedRows(site);
    expect(row).toMatchObject({
      path: paths.home,
      referrer_host: "",
      utm_source: "x".repeat(100),
      utm_medium: "",
      utm_campaign: "Ноябрь",
      click_id_kind: "",
    });
  });

  it("answers a flood from one address (over 600 views a minute) with 429", async () => {
    const ip = { "X-Forwarded-For": "192.0.2.200" };
    let limited = false;
    for (let sent = 0; sent < 650 && !limited; sent += 1) {
      limited = (await beacon(site, { p: paths.about, d: "desktop" }, ip)).status === 429;
    }
    expect(limited).toBe(true);
  });
});

describe("page-view counts across restarts and instances", () => {
  it("writes the views counted at shutdown, and two instances add to the same rows", async () => {
    const first = await createTestApp({}, { pageViews: { autoStart: false, flushEveryMs: 3_600_000 } });
    let firstOpen = true;
    try {
      const second = await createTestApp(first.database.env, {
        pageViews: { autoStart: false, flushEveryMs: 3_600_000 },
      });
      const phone = { p: paths.news, d: "phone", s: "newsletter", m: "email", c: "weekly" };
      await Promise.all([
        ...Array.from({ length: 5 }, () => beacon(first, phone).expect(204)),
        ...Array.from({ length: 7 }, () => beacon(second, phone, { "User-Agent": PHONE }).expect(204)),
      ]);
      // Nothing written yet: closing the instances writes what they counted.
      await second.cleanup();
      await first.pageViews.flush();
      const rows = await first.db.selectFrom("page_view_counts").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.views)).toBe(12);
      // Two browsers: two visitors, whichever instance saw them.
      expect(Number(rows[0]?.visits)).toBe(2);
      await first.close();
      firstOpen = false;
      const restarted = await createTestApp(first.database.env, { pageViews: { autoStart: false } });
      try {
        await beacon(restarted, phone).expect(204);
        await restarted.pageViews.flush();
        const after = await restarted.db.selectFrom("page_view_counts").selectAll().execute();
        expect(Number(after[0]?.views)).toBe(13);
        // The same visitor on the same day is not a new visit after a restart.
        expect(Number(after[0]?.visits)).toBe(2);
      } finally {
        await restarted.cleanup();
      }
    } finally {
      if (firstOpen) await first.close();
      await first.database.drop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

describe("forgetting past visitor days", () => {
  it("deletes a day's salt and seen visitors once the day is over, keeping today's", async () => {
    const site = await createTestApp(
      {},
      { pageViews: { autoStart: false, now: () => new Date("2026-11-26T00:30:00Z") } },
    );
    try {
      await site.db
        .insertInto("visitor_salts")
        .values([
          { day: "2026-11-25", salt: "yesterday" },
          { day: "2026-11-26", salt: "today" },
        ])
        .execute();
      await site.db
        .insertInto("visitors_seen")
        .values([
          { day: "2026-11-25", visitor_hash: "a" },
          { day: "2026-11-25", visitor_hash: "b" },
          { day: "2026-11-26", visitor_hash: "c" },
        ])
        .execute();
      expect(await site.visitorDays.runOnce()).toEqual({ salts: 1, visitors: 2 });
      expect(await site.db.selectFrom("visitor_salts").select("day").execute()).toEqual([
        { day: "2026-11-26" },
      ]);
      expect(await site.db.selectFrom("visitors_seen").select("visitor_hash").execute()).toEqual([
        { visitor_hash: "c" },
      ]);
    } finally {
      await site.cleanup();
    }
  });
});
