import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertWebAppLead } from "#server/db/leads.ts";
import { addPageViewCounts, type CountRow } from "#server/db/page-view-counts.ts";
import { admitValues } from "#server/db/page-view-values.ts";
import { createLogger } from "#server/platform/logger.ts";
import { ROW_CAP, dimensionCaps } from "#server/operations/insights/page-view-caps.ts";
import { createPageViewCounter } from "#server/operations/insights/page-view-counter.ts";
import { readPageView, type PageView } from "#server/operations/insights/page-view-input.ts";
import { COUNTS_KEPT_DAYS } from "#server/operations/privacy/retention-sweep.ts";
import { INSIGHTS_TOP_ROWS, OTHER_LABEL, type Insights } from "#shared/insights.ts";
import { PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";
import { indexablePages, paths } from "#shared/paths.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The page-view counts stay bounded whatever beacons say
 * (docs/decisions/049-bounded-counting.md): a capped number of values per dimension and
 * of rows per UTC day, the rest under "(other)", also with several instances writing at
 * once; values cleaned and cut like form text; counts past keeping swept daily; and each
 * insights table its top rows and "(other)", by the API, the CSV and the CLI's JSON.
 * Normal traffic is counted exactly as before. Both engines.
 */

// Thursday 26 November 2026, 12:00 in Cape Town.
const NOW = new Date("2026-11-26T10:00:00Z");
const TODAY = "2026-11-26";
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

let site: TestApp;
/**
 * When the counter takes a beacon to come. Each test counts on a day of its own: what a
 * day keeps apart is remembered by the counter, as it is on a server, beyond the rows
 * each test deletes.
 */
let clock = NOW;
const onDay = (day: string) => new Date(`${day}T10:00:00Z`);

beforeAll(async () => {
  site = await createTestApp(
    { TRUST_PROXY_HOPS: "1" },
    {
      pageViews: { autoStart: false, flushEveryMs: 3_600_000, now: () => clock },
      workspace: { now: () => NOW },
      retention: { autoStart: false, now: () => NOW },
    },
  );
});
afterAll(async () => site.cleanup());
afterEach(async () => {
  await site.pageViews.flush();
  for (const table of ["page_view_counts", "page_view_values", "visitors_seen"] as const) {
    await site.db.deleteFrom(table).execute();
  }
});

function beacon(body: unknown, ip = "192.0.2.1"): request.Test {
  return request(site.app)
    .post(PAGE_VIEW_ENDPOINT)
    .set("Content-Type", "text/plain;charset=UTF-8")
    .set("User-Agent", BROWSER)
    .set("Sec-Fetch-Site", "same-origin")
    .set("X-Forwarded-For", ip)
    .send(JSON.stringify(body));
}

/** A page view as the endpoint reads it from `body`. */
function viewOf(body: PageViewBeacon): PageView {
  const view = readPageView(body);
  if (!view) throw new Error(`not a page view: ${JSON.stringify(body)}`);
  return view;
}

async function storedRows() {
  await site.pageViews.flush();
  const rows = await site.db.selectFrom("page_view_counts").selectAll().execute();
  return rows.map((row) => ({ ...row, views: Number(row.views), visits: Number(row.visits) }));
}

const sumOf = (rows: Array<{ views: number }>) => rows.reduce((sum, row) => sum + row.views, 0);
const distinct = (rows: CountRow[], column: keyof CountRow) =>
  new Set(rows.map((row) => row[column]).filter((value) => value !== OTHER_LABEL && value !== ""));

async function admittedCount(day: string, dimension: string): Promise<number> {
  const rows = await site.db
    .selectFrom("page_view_values")
    .select("slot")
    .where("day", "=", day)
    .where("dimension", "=", dimension)
    .execute();
  return rows.length;
}

describe("a day's values per dimension", () => {
  it("keeps at most the cap of campaigns apart and counts the rest, every view, under (other)", async () => {
    clock = onDay("2026-11-20");
    const cap = dimensionCaps.utm_campaign;
    for (let n = 0; n < cap + 50; n += 1) {
      await beacon({ p: paths.home, d: "desktop", s: "google", m: "cpc", c: `campaign-${n}` }).expect(204);
    }
    const rows = await storedRows();
    expect(distinct(rows, "utm_campaign").size).toBe(cap);
    expect(sumOf(rows)).toBe(cap + 50);
    expect(sumOf(rows.filter((row) => row.utm_campaign === OTHER_LABEL))).toBe(50);
    // Source and medium were one value each: kept as sent.
    expect(new Set(rows.map((row) => `${row.utm_source}/${row.utm_medium}`))).toEqual(
      new Set(["google/cpc"]),
    );
    expect(await admittedCount("2026-11-20", "utm_campaign")).toBe(cap);
  });

  it("keeps a value already kept that day, and starts afresh the next day", async () => {
    const cap = dimensionCaps.utm_source;
    const visitor = { ip: "192.0.2.2", userAgent: BROWSER };
    const day = onDay("2026-11-21");
    const count = (s: string, at = day) =>
      site.pageViews.count(viewOf({ p: paths.about, d: "phone", s }), visitor, at);
    for (let n = 0; n < cap + 10; n += 1) count(`s${n}`);
    await site.pageViews.flush();
    // A later write that day: s0 is kept, s70 still is not.
    count("s0");
    count("s70");
    count("s70", onDay("2026-11-22"));
    const rows = await storedRows();
    const today = rows.filter((row) => row.hour.startsWith("2026-11-21"));
    expect(today.find((row) => row.utm_source === "s0")?.views).toBe(2);
    expect(today.find((row) => row.utm_source === OTHER_LABEL)?.views).toBe(11);
    expect(distinct(today, "utm_source").size).toBe(cap);
    const next = rows.filter((row) => row.hour.startsWith("2026-11-22"));
    expect(next.map((row) => [row.utm_source, row.views])).toEqual([["s70", 1]]);
  });

  it("keeps at most the cap of rows a day apart, folding the rest into one (other) row per device and click", async () => {
    const visitor = { ip: "192.0.2.3", userAgent: BROWSER };
    let sent = 0;
    // 100 campaigns (all within their cap) × 3 devices × 3 click kinds: 900 rows.
    for (let n = 0; n < dimensionCaps.utm_campaign; n += 1) {
      for (const d of ["phone", "tablet", "desktop"] as const) {
        for (const k of ["gclid", "fbclid", undefined]) {
          const view = viewOf({ p: paths.services, d, c: `c${n}`, ...(k ? { k } : {}) });
          site.pageViews.count(view, visitor, onDay("2026-11-23"));
          sent += 1;
        }
      }
    }
    const rows = await storedRows();
    expect(sumOf(rows)).toBe(sent);
    const folded = rows.filter((row) => row.path === OTHER_LABEL);
    expect(rows.length - folded.length).toBe(ROW_CAP);
    expect(folded.length).toBeLessThanOrEqual(9);
    for (const row of folded) {
      expect(row).toMatchObject({
        referrer_host: OTHER_LABEL,
        utm_source: OTHER_LABEL,
        utm_medium: OTHER_LABEL,
        utm_campaign: OTHER_LABEL,
      });
    }
    expect(await admittedCount("2026-11-23", "combination")).toBe(ROW_CAP);
  });

  it("holds the cap with several instances writing at once: a place is never taken twice", async () => {
    // Each a counter of its own, as on another instance; on PostgreSQL each write has a connection of its own.
    const counters = Array.from({ length: 3 }, () =>
      createPageViewCounter({
        db: site.db,
        site: "agency.test",
        logger: createLogger("silent"),
        flushEveryMs: 3_600_000,
        now: () => onDay("2026-11-24"),
      }),
    );
    let sent = 0;
    for (let round = 0; round < 3; round += 1) {
      counters.forEach((counter, index) => {
        for (let n = 0; n < 40; n += 1) {
          // Some campaigns every instance sees, most only one.
          const c = n < 10 ? `shared-${round}-${n}` : `own-${round}-${index}-${n}`;
          counter.count(viewOf({ p: paths.home, d: "desktop", c }), {
            ip: `192.0.2.${10 + index}`,
            userAgent: BROWSER,
          });
          sent += 1;
        }
      });
      await Promise.all(counters.map((counter) => counter.flush()));
    }
    const rows = await storedRows();
    expect(sumOf(rows)).toBe(sent);
    const cap = dimensionCaps.utm_campaign;
    expect(await admittedCount("2026-11-24", "utm_campaign")).toBeLessThanOrEqual(cap);
    const kept = distinct(rows, "utm_campaign");
    expect(kept.size).toBeLessThanOrEqual(cap);
    const admitted = await site.db
      .selectFrom("page_view_values")
      .select("value")
      .where("dimension", "=", "utm_campaign")
      .execute();
    for (const value of kept) expect(admitted.map((row) => row.value)).toContain(value);
  });

  it("never fills a slot twice, however many instances offer it at once", async () => {
    // Six instances each offer their own 25 values the same 25 slots, as six at once would on a fresh day.
    const offers = Array.from({ length: 6 }, (_, instance) =>
      Array.from({ length: 25 }, (_, slot) => ({ slot, value: `i${instance}-v${slot}` })),
    );
    const taken = await Promise.all(offers.map((offer) => admitValues(site.db, TODAY, "race", offer)));
    const slots = await site.db
      .selectFrom("page_view_values")
      .select(["slot", "value"])
      .where("dimension", "=", "race")
      .execute();
    expect(slots).toHaveLength(25);
    expect(new Set(slots.map((row) => Number(row.slot))).size).toBe(25);
    // Each value stored was answered as admitted to the one instance that offered it.
    expect(taken.reduce((sum, values) => sum + values.size, 0)).toBe(25);
    for (const row of slots) expect(taken.some((values) => values.has(row.value))).toBe(true);
  });
});

describe("values as counted", () => {
  it("are cleaned like form text and cut at a whole grapheme", async () => {
    clock = onDay("2026-11-25");
    await beacon({
      p: paths.home,
      d: "desktop",
      s: "\u200Bnews\u2060letter ",
      m: "e<mail>",
      c: `${"a".repeat(99)}👩🏽‍💻`,
      r: `${"a".repeat(250)}.com`,
    }).expect(204);
    await beacon({
      p: paths.about,
      d: "desktop",
      s: "x".repeat(98) + "  y",
      m: "pa\u202Eid",
      c: "line\nbreak",
    }).expect(204);
    const rows = (await storedRows()).sort((a, b) => a.path.localeCompare(b.path));
    expect(
      rows.map(({ path, referrer_host, utm_source, utm_medium, utm_campaign }) => ({
        path,
        referrer_host,
        utm_source,
        utm_medium,
        utm_campaign,
      })),
    ).toEqual([
      {
        path: paths.home,
        referrer_host: "",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "a".repeat(99),
      },
      { path: paths.about, referrer_host: "", utm_source: "x".repeat(98), utm_medium: "", utm_campaign: "" },
    ]);
  });
});

describe("normal traffic", () => {
  it("is counted exactly as sent: a few dozen values, none under (other)", async () => {
    clock = onDay("2026-11-18");
    const sent = new Map<string, number>();
    for (let n = 0; n < 36; n += 1) {
      const page = indexablePages[n % indexablePages.length] ?? paths.home;
      const body = {
        p: page,
        d: "phone" as const,
        r: `site${n % 12}.example`,
        s: `source${n % 6}`,
        m: "social",
        c: `c${n}`,
      };
      for (let view = 0; view <= n % 3; view += 1) {
        await beacon(body, `198.51.100.${n}`).expect(204);
        sent.set(
          `${page} ${body.r} ${body.s} ${body.c}`,
          (sent.get(`${page} ${body.r} ${body.s} ${body.c}`) ?? 0) + 1,
        );
      }
    }
    const rows = await storedRows();
    expect(rows.some((row) => Object.values(row).includes(OTHER_LABEL))).toBe(false);
    expect(
      new Map(
        rows.map((row) => [
          `${row.path} ${row.referrer_host} ${row.utm_source} ${row.utm_campaign}`,
          row.views,
        ]),
      ),
    ).toEqual(sent);
    expect(rows.every((row) => row.visits === 1)).toBe(true);
  });
});

describe("the daily sweep", () => {
  it("deletes counts past their keeping and values of days before yesterday", async () => {
    const keptFrom = new Date(NOW.getTime() - COUNTS_KEPT_DAYS * 86_400_000).toISOString().slice(0, 13);
    const old = new Date(NOW.getTime() - (COUNTS_KEPT_DAYS + 1) * 86_400_000).toISOString().slice(0, 13);
    const row = {
      path: paths.home,
      referrer_host: "",
      utm_source: "",
      utm_medium: "",
      utm_campaign: "",
      click_id_kind: "",
      device: "desktop",
      views: 1,
      visits: 1,
    };
    await addPageViewCounts(site.db, [
      { ...row, hour: old },
      { ...row, hour: keptFrom },
      { ...row, hour: "2026-11-26T09" },
    ]);
    for (const day of ["2026-11-24", "2026-11-25", TODAY]) {
      await admitValues(site.db, day, "utm_source", [{ slot: 0, value: "google" }]);
    }
    await site.retention.runOnce();
    const hours = await site.db.selectFrom("page_view_counts").select("hour").orderBy("hour").execute();
    expect(hours.map((kept) => kept.hour)).toEqual([keptFrom, "2026-11-26T09"]);
    const days = await site.db.selectFrom("page_view_values").select("day").orderBy("day").execute();
    expect(days.map((kept) => kept.day)).toEqual(["2026-11-25", TODAY]);
  });
});

describe("the insights answer", () => {
  /** Rows as an older, unbounded counter stored them: 300 pages, referrers and campaigns. */
  async function seedUnbounded(): Promise<number> {
    const rows: CountRow[] = Array.from({ length: 300 }, (_, n) => ({
      hour: "2026-11-26T08",
      path: `/news/post-${n}`,
      referrer_host: `site${n}.example`,
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: `campaign-${n}`,
      click_id_kind: "",
      device: "desktop",
      views: n + 1,
      visits: 1,
    }));
    await addPageViewCounts(site.db, rows);
    return sumOf(rows);
  }

  function checkBounded(insights: Insights, total: number): void {
    for (const name of ["pages", "referrers", "campaigns"]) {
      const table = insights.tables.find((candidate) => candidate.name === name);
      expect(table?.rows).toHaveLength(INSIGHTS_TOP_ROWS + 1);
      expect(table?.rows.at(-1)?.label).toBe(OTHER_LABEL);
      // The most viewed first, and (other) holds the rest: nothing is lost.
      expect(table?.rows[0]).toMatchObject({ views: 300 });
      expect(table?.rows.reduce((sum, row) => sum + Number(row.views), 0)).toBe(total);
    }
  }

  it("is each table's top rows and (other), by the API, the CSV and site-admin insights --json", async () => {
    const total = await seedUnbounded();
    const staff = await signInAs(site, "editor", "bounded@agency.test");
    const answer = await staff.get("/admin/api/insights?days=7").expect(200);
    checkBounded(answer.body as Insights, total);
    const csv = await staff.get("/admin/api/insights/campaigns.csv?days=7").expect(200);
    const lines = csv.text.trim().split("\r\n");
    expect(lines).toHaveLength(1 + INSIGHTS_TOP_ROWS + 1);
    expect(lines.at(-1)).toMatch(/^\(other\),/);
    const cli = await runCliOn(site, "insights", "--days", "7", "--json");
    expect(cli.code).toBe(0);
    checkBounded(JSON.parse(cli.stdout) as Insights, total);
  });

  it("bounds the lead tables too, converting (other)'s leads against the visits of the sources folded into it", async () => {
    const row = {
      hour: "2026-11-25T08",
      path: paths.home,
      referrer_host: "",
      utm_medium: "",
      utm_campaign: "",
      click_id_kind: "",
      device: "desktop",
    };
    await addPageViewCounts(
      site.db,
      Array.from({ length: 60 }, (_, n) => ({
        ...row,
        utm_source: `source-${String(n).padStart(2, "0")}`,
        views: 20,
        visits: 10,
      })),
    );
    for (let n = 0; n < 60; n += 1) {
      const source = `source-${String(n).padStart(2, "0")}`;
      // source-00 brings three leads, every other source one.
      for (let lead = 0; lead < (n === 0 ? 3 : 1); lead += 1) {
        const name = `${source}-${lead}`;
        await insertWebAppLead(site.db, {
          full_name: name,
          company_name: "Acme",
          work_email: `${name}@example.org`,
          phone_number: null,
          industry: null,
          company_size: null,
          created_at: "2026-11-25T09:00:00.000Z",
          suspected_spam: null,
        });
        await site.db
          .updateTable("web_app_leads")
          .set({ utm_source: source })
          .where("full_name", "=", name)
          .execute();
      }
    }
    const staff = await signInAs(site, "sales", "leads-bounded@agency.test");
    const insights = (await staff.get("/admin/api/insights?days=7").expect(200)).body as Insights;
    const sources = insights.tables.find((table) => table.name === "lead-sources")?.rows ?? [];
    expect(sources).toHaveLength(INSIGHTS_TOP_ROWS + 1);
    expect(sources[0]).toEqual({ label: "source-00", leads: 3, visits: 10, conversion: 30 });
    // source-50 to source-59: ten leads from 100 visits.
    expect(sources.at(-1)).toEqual({ label: OTHER_LABEL, leads: 10, visits: 100, conversion: 10 });
    await site.db.deleteFrom("web_app_leads").execute();
  });

  it("stays small after 3,000 beacons with a campaign each: at most 1,000 rows, --json under 300 KB", async () => {
    for (let n = 0; n < 3_000; n += 1) {
      const body: PageViewBeacon = {
        p: indexablePages[n % indexablePages.length] ?? paths.home,
        d: (["phone", "tablet", "desktop"] as const)[n % 3] ?? "desktop",
        s: "google",
        m: "cpc",
        c: `campaign-${n}`,
      };
      site.pageViews.count(viewOf(body), { ip: `127.0.0.${2 + (n % 10)}`, userAgent: BROWSER }, NOW);
    }
    const rows = await storedRows();
    expect(sumOf(rows)).toBe(3_000);
    expect(rows.length).toBeLessThanOrEqual(1_000);
    const cli = await runCliOn(site, "insights", "--days", "7", "--json");
    expect(cli.code).toBe(0);
    expect(Buffer.byteLength(cli.stdout)).toBeLessThan(300 * 1024);
  });
});
