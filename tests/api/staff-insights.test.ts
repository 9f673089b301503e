import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insights } from "#shared/insights.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs } from "#tests/support/staff-workspace.ts";
import { endpoints, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The insights dashboard's figures (docs/decisions/044-first-party-counting.md), as the
 * workspace's API and `site-admin insights` give them: counts seeded as hourly rows, leads
 * sent through the forms and given their sources.
 */

// Thursday 26 November 2026, 12:00 in Cape Town.
const NOW = new Date("2026-11-26T10:00:00Z");
const week = "days=7"; // 20 to 26 November, against 13 to 19 November.

const campaign = { utm_source: "linkedin", utm_medium: "paid", utm_campaign: "november-launch" };
const none = { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "", click_id_kind: "" };

async function seedCounts(site: TestApp): Promise<void> {
  await site.db
    .insertInto("page_view_counts")
    .values([
      {
        ...none,
        ...campaign,
        hour: "2026-11-25T08",
        path: paths.websiteDesign,
        device: "phone",
        views: 40,
        visits: 10,
      },
      { ...none, hour: "2026-11-26T09", path: paths.home, device: "desktop", views: 60, visits: 30 },
      // 00:30 on the 26th in Cape Town, 22:30 on the 25th in UTC: the agency's 26th.
      {
        ...none,
        referrer_host: "www.google.com",
        hour: "2026-11-25T22",
        path: paths.about,
        device: "tablet",
        views: 1,
        visits: 1,
      },
      // The week before.
      { ...none, hour: "2026-11-15T10", path: paths.home, device: "desktop", views: 50, visits: 20 },
      // Before both periods: never counted.
      { ...none, hour: "2026-11-01T10", path: paths.home, device: "desktop", views: 999, visits: 999 },
    ])
    .execute();
}

async function seedLeads(site: TestApp): Promise<void> {
  for (const email of ["ana@example.co.za", "ben@example.co.za"]) {
    await request(site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ businessEmail: email }))
      .expect(201);
  }
  await request(site.app)
    .post(endpoints.webApp)
    .send(webAppLead({ workEmail: "spam@example.co.za" }))
    .expect(201);
  await site.db
    .updateTable("website_design_leads")
    .set({
      ...campaign,
      source_page: paths.websiteDesign,
      landing_page: paths.websiteDesign,
      created_at: "2026-11-25T09:00:00.000Z",
    })
    .execute();
  // Marked spam by staff: not a lead.
  await site.db
    .updateTable("web_app_leads")
    .set({
      ...campaign,
      source_page: paths.websiteDesign,
      status: "spam",
      created_at: "2026-11-25T09:00:00.000Z",
    })
    .execute();
}

function tableOf(insights: Insights, name: string) {
  const table = insights.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table ${name}`);
  return table.rows;
}

describe("the insights dashboard", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({}, { workspace: { now: () => NOW } });
    await seedCounts(site);
    await seedLeads(site);
  });
  afterAll(async () => site.cleanup());

  it("is for every role, and for nobody signed out", async () => {
    await request(site.app).get(`/admin/api/insights?${week}`).expect(401);
    for (const role of ["sales", "editor", "admin"] as const) {
      const staff = await signInAs(site, role);
      await staff.get(`/admin/api/insights?${week}`).expect(200);
    }
  });

  it("counts the period's views, visits and leads against the week before, by the agency's days", async () => {
    const staff = await signInAs(site, "sales", "figures@agency.test");
    const insights = (await staff.get(`/admin/api/insights?${week}`).expect(200)).body as Insights;
    expect(insights.period).toEqual({ from: "2026-11-20", to: "2026-11-26", days: 7 });
    expect(insights.previous).toEqual({ from: "2026-11-13", to: "2026-11-19" });
    expect(insights.totals).toEqual([
      { label: "Page views", value: 101, previous: 50, change: 102 },
      { label: "Visits", value: 41, previous: 20, change: 105 },
      { label: "Leads", value: 2, previous: 0, change: null },
      // Leads of counted visits ÷ visits: neither lead's visit was counted (see below).
      { label: "Conversion (leads ÷ visits)", value: 0, previous: 0, change: null, unit: "%" },
    ]);
    expect(insights.daily).toHaveLength(7);
    expect(insights.daily.slice(-2)).toEqual([
      { date: "2026-11-25", views: 40, visits: 10 },
      { date: "2026-11-26", views: 61, visits: 31 },
    ]);
    expect(tableOf(insights, "pages")).toEqual([
      { label: paths.home, views: 60, visits: 30, change: 20 },
      { label: paths.websiteDesign, views: 40, visits: 10, change: null },
      { label: paths.about, views: 1, visits: 1, change: null },
    ]);
    // One name per source; a campaign's visit with no referring site is not "(direct)".
    expect(tableOf(insights, "referrers")).toEqual([
      { label: "(direct)", source: "–", views: 60, visits: 30, change: 20 },
      { label: "(no referring site)", source: "–", views: 40, visits: 10, change: null },
      { label: "www.google.com", source: "Google", views: 1, visits: 1, change: null },
    ]);
    expect(tableOf(insights, "sources")).toEqual([
      { label: "(direct)", views: 60, visits: 30, change: 20 },
      { label: "LinkedIn", views: 40, visits: 10, change: null },
      { label: "Google", views: 1, visits: 1, change: null },
    ]);
    // A campaign is its source and name, the medium a column.
    expect(tableOf(insights, "campaigns")).toEqual([
      {
        label: "LinkedIn / november-launch",
        medium: "paid",
        campaign: "november-launch",
        views: 40,
        visits: 10,
        change: null,
      },
    ]);
    expect(tableOf(insights, "devices").map((row) => row.label)).toEqual(["desktop", "phone", "tablet"]);
    // The two leads were sent with no counted visit (no page view came from their sender):
    // they are leads, "not counted", and in no rate. Before, they gave 2 ÷ 10 visits = 20 %.
    expect(tableOf(insights, "lead-pages")).toEqual([
      // Most leads first, those not counted too; then most views.
      { label: paths.websiteDesign, views: 40, leads: 0, conversion: 0 },
      { label: paths.home, views: 60, leads: 0, conversion: 0 },
      { label: paths.about, views: 1, leads: 0, conversion: 0 },
      { label: "Not counted", views: null, leads: 2, conversion: null },
    ]);
    expect(tableOf(insights, "lead-sources")).toEqual([
      { label: "LinkedIn", visits: 10, leads: 0, conversion: 0 },
      { label: "(direct)", visits: 30, leads: 0, conversion: 0 },
      { label: "Google", visits: 1, leads: 0, conversion: 0 },
      { label: "Not counted", visits: null, leads: 2, conversion: null },
    ]);
    expect(tableOf(insights, "lead-campaigns")).toEqual([
      {
        label: "LinkedIn / november-launch",
        medium: "paid",
        campaign: "november-launch",
        visits: 10,
        leads: 0,
        conversion: 0,
      },
      { label: "Not counted", medium: null, visits: null, leads: 2, conversion: null },
    ]);
    expect(insights.summary).toEqual({
      visitors: { value: 41, previous: 20, change: 105 },
      leads: { value: 2, previous: 0, change: null, notCounted: 2, notCountedBefore: 0 },
      conversion: { value: 0, previous: 0 },
    });
  });

  it("takes a period as dates, and refuses one it cannot read", async () => {
    const staff = await signInAs(site, "editor", "dates@agency.test");
    const insights = (await staff.get("/admin/api/insights?from=2026-11-26&to=2026-11-26").expect(200))
      .body as Insights;
    expect(insights.totals[0]).toMatchObject({ value: 61, previous: 40 });
    for (const query of [
      "days=12",
      "from=2026-11-31",
      "from=2026-11-26&to=2026-11-01",
      "from=2024-01-01&to=2026-01-01",
    ]) {
      const answer = await staff.get(`/admin/api/insights?${query}`).expect(400);
      expect(answer.body.error).toMatch(/^[A-Z].+\.$/);
    }
  });

  it("gives every table as CSV, named by table and period", async () => {
    const staff = await signInAs(site, "admin", "csv@agency.test");
    const answer = await staff.get(`/admin/api/insights/pages.csv?${week}`).expect(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/csv/);
    expect(answer.headers["content-disposition"]).toBe(
      'attachment; filename="pages-2026-11-20-to-2026-11-26.csv"',
    );
    expect(answer.text).toContain("Page,Page views,Visits,Views change (%)\r\n/,60,30,20\r\n");
    const leads = await staff.get(`/admin/api/insights/lead-campaigns.csv?${week}`).expect(200);
    expect(leads.text).toContain("LinkedIn / november-launch,paid,10,0,0\r\nNot counted,,,2,");
    await staff.get(`/admin/api/insights/nothing.csv?${week}`).expect(404);
    await request(site.app).get(`/admin/api/insights/pages.csv?${week}`).expect(401);
  });

  it("site-admin insights prints the same figures, as a table or as JSON", async () => {
    const json = await runCliOn(site, "insights", "--from", "2026-11-20", "--to", "2026-11-26", "--json");
    expect(json.code).toBe(0);
    const insights = JSON.parse(json.stdout) as Insights;
    expect(insights.totals[0]).toMatchObject({ label: "Page views", value: 101, previous: 50 });
    expect(tableOf(insights, "lead-campaigns").map((row) => row.label)).toEqual([
      "LinkedIn / november-launch",
      "Not counted",
    ]);
    const text = await runCliOn(site, "insights", "--from", "2026-11-20", "--to", "2026-11-26");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("2026-11-20 to 2026-11-26 (7 days), against 2026-11-13 to 2026-11-19");
    expect(text.stdout).toMatch(/Page views\s+101\s+50\s+\+102 %/);
    expect(text.stdout).toMatch(/LinkedIn \/ november-launch\s+paid\s+10\s+0\s+0/);
    expect(text.stdout).toContain("not counted: 2 of the leads");
    const refused = await runCliOn(site, "insights", "--days", "12");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Choose 7, 30, 90 days");
  });
});
