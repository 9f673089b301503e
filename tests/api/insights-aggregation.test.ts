import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDbBoolean } from "#server/db/dialect.ts";
import type { CountRow } from "#server/db/page-view-counts.ts";
import { agencyDate } from "#server/operations/agency-time.ts";
import { boundsOf, loadInsights, type InsightsRequest } from "#server/operations/insights/insights.ts";
import { campaignLabel, DIRECT, sourceName } from "#server/operations/insights/source-names.ts";
import {
  INSIGHTS_TOP_ROWS,
  NOT_COUNTED_LABEL,
  OTHER_LABEL,
  type Insights,
  type InsightsCell,
} from "#shared/insights.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The dashboard's figures are summed and grouped by the database: here they are checked
 * against the plainest computation, every stored row read one by one and added up in
 * the test, on a generated set of counts and leads (the same seed every run), for every
 * filter. Any difference in a total, a day or a table row fails.
 */

/** A small seeded generator, so a failure can be run again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const DAY = 86_400_000;
const paths = ["/", "/about", "/services/web-apps", "/contact", "/news/a", OTHER_LABEL];
const hosts = [
  "",
  "",
  "www.google.com",
  "google.com",
  "www.google.co.za",
  "l.facebook.com",
  "m.facebook.com",
  "example.org",
  OTHER_LABEL,
];
const utmSources = ["", "", "", "google", "fb", "Facebook", "newsletter", OTHER_LABEL];
const mediums = ["", "cpc", "social", OTHER_LABEL];
const campaigns = ["", "spring", "winter", OTHER_LABEL];
const clickIds = ["", "", "gclid", "fbclid"];
const devices = ["phone", "tablet", "desktop"];
const people = [
  "ann@example.com",
  "  Ann@Example.com ",
  "ben@example.com",
  "cleo@example.com",
  "dan@example.com",
  "eve@example.com",
];

type Lead = {
  table: "website_design_leads" | "web_app_leads";
  created_at: string;
  email: string;
  source_page: string | null;
  landing_page: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  click_id_kind: string | null;
  visit_counted: number | null;
  /** Held back as likely spam, or marked as spam by staff: neither is a lead. */
  spam: "suspected" | "marked" | null;
};

function generate(now: number) {
  const { next, pick } = generator(20261128);
  const counts = new Map<string, CountRow>();
  for (let n = 0; n < 2500; n++) {
    const instant = now - Math.floor(next() * 62 * DAY);
    const campaignRow = next() < 0.4;
    const row: CountRow = {
      hour: new Date(instant).toISOString().slice(0, 13),
      path: pick(paths),
      referrer_host: pick(hosts),
      utm_source: campaignRow ? pick(utmSources) : "",
      utm_medium: campaignRow ? pick(mediums) : "",
      utm_campaign: campaignRow ? pick(campaigns) : "",
      click_id_kind: pick(clickIds),
      device: pick(devices),
      views: 1 + Math.floor(next() * 20),
      visits: 1 + Math.floor(next() * 5),
    };
    const { views: _views, visits: _visits, ...key } = row;
    counts.set(JSON.stringify(key), row);
  }
  const leads: Lead[] = [];
  const instants = new Set<number>();
  while (instants.size < 600) instants.add(now - 1000 - Math.floor(next() * 62 * DAY));
  for (const instant of instants) {
    const nullable = (value: string) => (value === "" && next() < 0.5 ? null : value);
    leads.push({
      table: next() < 0.5 ? "website_design_leads" : "web_app_leads",
      created_at: new Date(instant).toISOString(),
      email: pick(people),
      source_page: nullable(pick(["", ...paths])),
      landing_page: nullable(pick(["", ...paths])),
      referrer_host: nullable(pick(hosts.filter((host) => host !== OTHER_LABEL))),
      utm_source: nullable(pick(utmSources.filter((source) => source !== OTHER_LABEL))),
      utm_medium: nullable(pick(mediums.filter((medium) => medium !== OTHER_LABEL))),
      utm_campaign: nullable(pick(campaigns.filter((campaign) => campaign !== OTHER_LABEL))),
      click_id_kind: nullable(pick(clickIds)),
      visit_counted: pick([null, 0, 1, 1, 1]),
      spam: pick(["suspected", "marked", ...Array<null>(18).fill(null)]),
    });
  }
  return { counts: [...counts.values()], leads };
}

type Figures = { views: number; visits: number; leads: number; uncounted: number };
const zero = (): Figures => ({ views: 0, visits: 0, leads: 0, uncounted: 0 });
function addTo(map: Map<string, Figures>, label: string, part: Partial<Figures>) {
  const held = map.get(label) ?? zero();
  map.set(label, {
    views: held.views + (part.views ?? 0),
    visits: held.visits + (part.visits ?? 0),
    leads: held.leads + (part.leads ?? 0),
    uncounted: held.uncounted + (part.uncounted ?? 0),
  });
}
const countSource = (row: CountRow) =>
  sourceName({
    utmSource: row.utm_source,
    referrerHost: row.referrer_host,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    clickIdKind: row.click_id_kind,
  });
const leadSource = (lead: Lead) =>
  sourceName({
    utmSource: lead.utm_source,
    referrerHost: lead.referrer_host,
    utmMedium: lead.utm_medium,
    utmCampaign: lead.utm_campaign,
    clickIdKind: lead.click_id_kind,
  });

/** The period's figures the plain way: every row read, filtered and added up here. */
function expectedFigures(
  all: { counts: CountRow[]; leads: Lead[] },
  period: { from: string; to: string },
  filters: InsightsRequest,
) {
  const { hours, iso } = boundsOf(period);
  const rows = all.counts.filter(
    (row) =>
      row.hour >= hours.from &&
      row.hour < hours.to &&
      (filters.source === undefined || countSource(row) === filters.source) &&
      (filters.page === undefined || row.path === filters.page) &&
      (filters.device === undefined || row.device === filters.device) &&
      (filters.campaign === undefined || row.utm_campaign === filters.campaign),
  );
  const daily = new Map<string, Figures>();
  const tables = {
    sources: new Map<string, Figures>(),
    pages: new Map<string, Figures>(),
    devices: new Map<string, Figures>(),
    referrers: new Map<string, Figures>(),
    campaigns: new Map<string, Figures>(),
  };
  const referrerNames = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const counts = { views: row.views, visits: row.visits };
    const source = countSource(row);
    addTo(daily, agencyDate(new Date(`${row.hour}:00:00.000Z`)), counts);
    addTo(tables.sources, source, counts);
    addTo(tables.pages, row.path, counts);
    addTo(tables.devices, row.device, counts);
    const campaignTraffic = Boolean(row.utm_source || row.utm_medium || row.utm_campaign);
    const host = row.referrer_host || (campaignTraffic || row.click_id_kind ? "(no referring site)" : DIRECT);
    addTo(tables.referrers, host, counts);
    if (row.referrer_host) {
      const names = referrerNames.get(host) ?? new Map<string, number>();
      names.set(source, (names.get(source) ?? 0) + row.views);
      referrerNames.set(host, names);
    }
    if (campaignTraffic) {
      const folded = row.utm_source === OTHER_LABEL && row.utm_campaign === OTHER_LABEL;
      const label = folded ? OTHER_LABEL : campaignLabel(source, row.utm_campaign);
      addTo(tables.campaigns, label, counts);
    }
  }
  // Leads: oldest first, filtered, a person's repeat enquiry of an agency day once.
  const seen = new Set<string>();
  const leads = all.leads
    .filter(
      (lead) =>
        filters.device === undefined &&
        !lead.spam &&
        lead.created_at >= iso.from &&
        lead.created_at < iso.to &&
        (filters.source === undefined || leadSource(lead) === filters.source) &&
        (filters.campaign === undefined || lead.utm_campaign === filters.campaign) &&
        (filters.page === undefined ||
          lead.landing_page === filters.page ||
          lead.source_page === filters.page),
    )
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .filter((lead) => {
      const once = `${agencyDate(new Date(lead.created_at))} ${lead.email.trim().toLowerCase()}`;
      if (seen.has(once)) return false;
      seen.add(once);
      return true;
    });
  const leadTables = {
    "lead-sources": new Map<string, Figures>(),
    "lead-pages": new Map<string, Figures>(),
    "lead-campaigns": new Map<string, Figures>(),
  };
  for (const [label, figures] of tables.sources)
    addTo(leadTables["lead-sources"], label, { visits: figures.visits });
  for (const [label, figures] of tables.pages)
    addTo(leadTables["lead-pages"], label, { views: figures.views });
  for (const [label, figures] of tables.campaigns)
    addTo(leadTables["lead-campaigns"], label, { visits: figures.visits });
  for (const lead of leads) {
    const part = lead.visit_counted === 0 ? { uncounted: 1 } : { leads: 1 };
    const source = leadSource(lead);
    addTo(leadTables["lead-sources"], source, part);
    addTo(leadTables["lead-pages"], lead.source_page || "(not recorded)", part);
    if (lead.utm_source || lead.utm_medium || lead.utm_campaign) {
      const label = campaignLabel(source, lead.utm_campaign ?? "");
      addTo(leadTables["lead-campaigns"], label, part);
    }
  }
  // The headline: per source, leads of counted visits up to its visits; the rest not counted.
  let counted = 0;
  let notCounted = 0;
  for (const figures of leadTables["lead-sources"].values()) {
    const kept = Math.min(figures.leads, figures.visits);
    counted += kept;
    notCounted += figures.uncounted + figures.leads - kept;
  }
  return { daily, tables, leadTables, referrerNames, counted, notCounted };
}

const rate = (leads: number, of: number) =>
  of > 0 ? Math.round((Math.min(leads, of) / of) * 1000) / 10 : null;
const byLabel = (a: { label?: InsightsCell }, b: { label?: InsightsCell }) =>
  String(a.label).localeCompare(String(b.label));

function tableRows(insights: Insights, name: string) {
  const table = insights.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table ${name}`);
  return table.rows;
}

describe("the insights summed by the database against a row-by-row computation", () => {
  let site: TestApp;
  const now = new Date();
  const data = generate(now.getTime());
  beforeAll(async () => {
    site = await createTestApp();
    for (let start = 0; start < data.counts.length; start += 300)
      await site.db
        .insertInto("page_view_counts")
        .values(data.counts.slice(start, start + 300))
        .execute();
    for (const lead of data.leads) {
      const { table, email, spam, ...columns } = lead;
      const common = {
        ...columns,
        full_name: "Generated Visitor",
        company_name: "Generated Co",
        read: toDbBoolean(false),
        ...(spam === "suspected" ? { suspected_spam: "honeypot" as const } : {}),
        ...(spam === "marked" ? { status: "spam" as const } : {}),
      };
      if (table === "web_app_leads")
        await site.db
          .insertInto(table)
          .values({ ...common, work_email: email })
          .execute();
      else
        await site.db
          .insertInto(table)
          .values({ ...common, business_email: email })
          .execute();
    }
  });
  afterAll(async () => {
    await site.close();
  });

  const requests: InsightsRequest[] = [
    {},
    { days: "7" },
    { days: "90" },
    { source: "Google" },
    { source: "Facebook" },
    { source: "(campaign, no source)" },
    { source: DIRECT },
    { source: OTHER_LABEL },
    { source: "no such source" },
    { campaign: "spring" },
    { page: "/" },
    { device: "phone" },
    { source: "Google", page: "/about", campaign: "spring" },
  ];
  it.each(requests)("gives the same figures for %o", async (request) => {
    const loaded = await loadInsights(site.db, request, now);
    if (!loaded.ok) throw new Error(loaded.message);
    const insights = loaded.value;
    const filters = { ...request, days: undefined };
    const current = expectedFigures(data, insights.period, filters);
    const before = expectedFigures(data, insights.previous, filters);
    const sum = (map: Map<string, Figures>, key: "views" | "visits") =>
      [...map.values()].reduce((total, figures) => total + figures[key], 0);

    // The data reaches every table, so a comparison of empty tables proves nothing.
    if (Object.keys(request).length === 0) {
      expect(sum(current.tables.sources, "views")).toBeGreaterThan(1000);
      expect(current.counted + current.notCounted).toBeGreaterThan(50);
      expect(current.tables.campaigns.size).toBeLessThan(INSIGHTS_TOP_ROWS);
    }

    const totals = Object.fromEntries(
      insights.totals.map((total) => [total.label, [total.value, total.previous]]),
    );
    expect(totals["Page views"]).toEqual([
      sum(current.tables.sources, "views"),
      sum(before.tables.sources, "views"),
    ]);
    expect(totals.Visits).toEqual([
      sum(current.tables.sources, "visits"),
      sum(before.tables.sources, "visits"),
    ]);
    if (request.device === undefined) {
      expect(totals.Leads).toEqual([
        current.counted + current.notCounted,
        before.counted + before.notCounted,
      ]);
      expect(insights.summary.leads?.notCounted).toBe(current.notCounted);
      expect(insights.summary.conversion?.value).toBe(
        rate(current.counted, sum(current.tables.sources, "visits")),
      );
    } else expect(insights.summary.leads).toBeNull();

    expect(insights.daily.filter((day) => day.views > 0 || day.visits > 0)).toEqual(
      [...current.daily]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, figures]) => ({ date, views: figures.views, visits: figures.visits })),
    );

    for (const name of ["sources", "pages", "devices", "referrers", "campaigns"] as const) {
      const expected = [...current.tables[name]].map(([label, figures]) => ({
        label,
        views: figures.views,
        visits: figures.visits,
        ...(name === "referrers"
          ? {
              // "(other)" is the rest added up: it has no one source.
              source:
                [...((label !== OTHER_LABEL && current.referrerNames.get(label)) || [])].sort(
                  ([a, x], [b, y]) => y - x || a.localeCompare(b),
                )[0]?.[0] ?? "–",
            }
          : {}),
      }));
      const actual = tableRows(insights, name).map((row) => ({
        label: row.label,
        views: row.views,
        visits: row.visits,
        ...(name === "referrers" ? { source: row.source } : {}),
      }));
      expect(actual.sort(byLabel), name).toEqual(expected.sort(byLabel));
    }

    for (const name of ["lead-sources", "lead-pages", "lead-campaigns"] as const) {
      const per = name === "lead-pages" ? "views" : "visits";
      if (request.device !== undefined) {
        expect(tableRows(insights, name)).toEqual([]);
        continue;
      }
      let notCounted = 0;
      const expected: Array<Record<string, InsightsCell>> = [];
      for (const [label, figures] of current.leadTables[name]) {
        const kept = Math.min(figures.leads, figures[per]);
        notCounted += figures.uncounted + figures.leads - kept;
        if (kept > 0 || figures[per] > 0)
          expected.push({ label, [per]: figures[per], leads: kept, conversion: rate(kept, figures[per]) });
      }
      if (notCounted > 0)
        expected.push({ label: NOT_COUNTED_LABEL, [per]: null, leads: notCounted, conversion: null });
      const actual = tableRows(insights, name).map((row) => ({
        label: row.label,
        [per]: row[per],
        leads: row.leads,
        conversion: row.conversion,
      }));
      expect(actual.sort(byLabel), name).toEqual(expected.sort(byLabel));
    }
  });
});
