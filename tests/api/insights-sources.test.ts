import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_VIEW_ENDPOINT } from "#shared/page-view-beacon.ts";
import type { Insights } from "#shared/insights.ts";
import { paths } from "#shared/paths.ts";
import { hostSourceName, sourceName, utmSourceName } from "#server/operations/insights/source-names.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs } from "#tests/support/staff-workspace.ts";
import { endpoints, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * One name per source and honest conversion (docs/decisions/058-one-name-per-source.md):
 * referring hosts and utm_source values by the names people use; conversion only from
 * leads whose visit was counted (a real beacon before the form, from the same browser),
 * the others "not counted"; a person's repeat enquiry of a day once; the filters on every
 * figure, in the API and the CLI.
 */
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const OTHER_BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const none = { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "", click_id_kind: "" };

function tableOf(insights: Insights, name: string) {
  const table = insights.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table ${name}`);
  return table.rows;
}

describe("source names", () => {
  it("names hosts and utm_source values as people do", () => {
    for (const host of ["www.google.com", "google.com", "www.google.co.za"])
      expect(hostSourceName(host)).toBe("Google");
    for (const host of ["l.facebook.com", "m.facebook.com"]) expect(hostSourceName(host)).toBe("Facebook");
    expect(utmSourceName("google")).toBe("Google");
    expect(utmSourceName("fb")).toBe("Facebook");
    expect(utmSourceName("LinkedIn")).toBe("LinkedIn");
    expect(utmSourceName("newsletter")).toBe("newsletter");
    expect(hostSourceName("www.example.co.za")).toBe("example.co.za");
    // A prefix of a known host is not that host.
    expect(hostSourceName("t.coolsite.com")).toBe("t.coolsite.com");
    expect(sourceName({ utmCampaign: "spring" })).not.toBe("(direct)");
    expect(sourceName({ clickIdKind: "gclid" })).toBe("Google");
    expect(sourceName({})).toBe("(direct)");
  });
});

describe("the insights' sources, conversion and filters", () => {
  let site: TestApp;
  const hour = new Date().toISOString().slice(0, 13);
  beforeAll(async () => {
    site = await createTestApp({}, { pageViews: { autoStart: false, flushEveryMs: 3_600_000 } });
    const row = (over: object) => ({
      ...none,
      hour,
      path: paths.home,
      device: "desktop",
      views: 5,
      visits: 2,
      ...over,
    });
    await site.db
      .insertInto("page_view_counts")
      .values([
        row({ referrer_host: "www.google.com" }),
        row({ referrer_host: "google.com" }),
        row({ referrer_host: "www.google.co.za" }),
        row({ referrer_host: "l.facebook.com", device: "phone" }),
        row({ referrer_host: "m.facebook.com", device: "phone" }),
        row({ utm_source: "fb", utm_campaign: "spring", path: paths.webAppDevelopment }),
        row({
          utm_source: "fb",
          utm_medium: "social",
          utm_campaign: "spring",
          path: paths.webAppDevelopment,
        }),
        row({ utm_source: "newsletter", utm_campaign: "dec", views: 1, visits: 1 }),
      ])
      .execute();
    // A counted visit: the browser's beacon, then its form, from the same address and browser.
    await request(site.app)
      .post(PAGE_VIEW_ENDPOINT)
      .set("Content-Type", "text/plain;charset=UTF-8")
      .set("User-Agent", BROWSER)
      .set("Sec-Fetch-Site", "same-origin")
      .send(JSON.stringify({ p: paths.webAppDevelopment, s: "fb", c: "spring", d: "desktop" }))
      .expect(204);
    const send = (agent: string, lead: object) =>
      request(site.app).post(endpoints.webApp).set("User-Agent", agent).send(lead).expect(201);
    await send(BROWSER, webAppLead({ workEmail: "counted@example.co.za" }));
    // The same person again the same day: counted once.
    await send(BROWSER, webAppLead({ workEmail: " Counted@Example.co.za" }));
    // Two leads of a campaign whose visits were not counted (no beacon from that browser).
    for (const email of ["a@example.co.za", "b@example.co.za"]) {
      await request(site.app)
        .post(endpoints.websiteDesign)
        .set("User-Agent", OTHER_BROWSER)
        .send(websiteDesignLead({ businessEmail: email }))
        .expect(201);
    }
    await site.pageViews.flush();
    await site.db
      .updateTable("web_app_leads")
      .set({ utm_source: "fb", utm_campaign: "spring", source_page: paths.webAppDevelopment })
      .execute();
    await site.db
      .updateTable("website_design_leads")
      .set({ utm_source: "newsletter", utm_campaign: "dec" })
      .execute();
  });
  afterAll(async () => site.cleanup());

  it("stores whether each lead's visit was counted", async () => {
    const counted = await site.db.selectFrom("web_app_leads").select("visit_counted").execute();
    expect(counted.map((row) => row.visit_counted)).toEqual([1, 1]);
    const uncounted = await site.db.selectFrom("website_design_leads").select("visit_counted").execute();
    expect(uncounted.map((row) => row.visit_counted)).toEqual([0, 0]);
  });

  it("gives one row per source, campaigns by source and name, and never a rate over 100 %", async () => {
    const staff = await signInAs(site, "sales");
    const insights = (await staff.get("/admin/api/insights?days=7").expect(200)).body as Insights;
    const sources = tableOf(insights, "sources");
    expect(sources.filter((row) => row.label === "Google")).toEqual([
      { label: "Google", views: 15, visits: 6, change: null },
    ]);
    expect(sources.filter((row) => String(row.label).includes("acebook"))).toEqual([
      // The beacon's view is Facebook's too (utm_source=fb).
      { label: "Facebook", views: 21, visits: 9, change: null },
    ]);
    expect(tableOf(insights, "campaigns").map((row) => [row.label, row.medium])).toEqual([
      ["Facebook / spring", "social"],
      ["newsletter / dec", "–"],
    ]);
    expect(tableOf(insights, "referrers").map((row) => row.label)).not.toContain("(direct)");
    const bySource = tableOf(insights, "lead-sources");
    // Before: newsletter's two leads of one counted visit were 200 %.
    expect(bySource.find((row) => row.label === "newsletter")).toEqual({
      label: "newsletter",
      visits: 1,
      leads: 0,
      conversion: 0,
    });
    expect(bySource.find((row) => row.label === "Facebook")).toMatchObject({
      leads: 1,
      visits: 9,
      conversion: 11.1,
    });
    expect(bySource.at(-1)).toEqual({ label: "Not counted", visits: null, leads: 2, conversion: null });
    expect(insights.summary.leads).toMatchObject({ value: 3, notCounted: 2 });
    for (const table of insights.tables) {
      for (const row of table.rows) {
        if (!("conversion" in row)) continue;
        const value = row.conversion;
        expect(value === null || (typeof value === "number" && value >= 0 && value <= 100)).toBe(true);
      }
    }
  });

  it("filters every figure and table by a source, a campaign, a page or a device", async () => {
    const staff = await signInAs(site, "editor");
    const google = (await staff.get("/admin/api/insights?days=7&source=Google").expect(200)).body as Insights;
    expect(google.filters).toEqual({ source: "Google" });
    expect(google.summary.visitors.value).toBe(6);
    expect(google.summary.leads).toMatchObject({ value: 0, notCounted: 0 });
    expect(
      tableOf(google, "referrers")
        .map((row) => row.label)
        .sort(),
    ).toEqual(["google.com", "www.google.co.za", "www.google.com"]);
    expect(google.daily.reduce((sum, day) => sum + day.visits, 0)).toBe(6);
    const spring = (await staff.get("/admin/api/insights?days=7&campaign=spring").expect(200))
      .body as Insights;
    expect(spring.summary.visitors.value).toBe(5);
    expect(spring.summary.leads).toMatchObject({ value: 1, notCounted: 0 });
    expect(spring.summary.conversion).toEqual({ value: 20, previous: null });
    const page = (await staff.get(`/admin/api/insights?days=7&page=${paths.webAppDevelopment}`).expect(200))
      .body as Insights;
    expect(page.summary.visitors.value).toBe(5);
    const phone = (await staff.get("/admin/api/insights?days=7&device=phone").expect(200)).body as Insights;
    expect(phone.summary.visitors.value).toBe(4);
    expect(phone.summary.leads).toBeNull();
    expect(phone.summary.conversion).toBeNull();
    expect(phone.note).toMatch(/device/);
    const refused = await staff.get(`/admin/api/insights?days=7&source=${"x".repeat(301)}`).expect(400);
    expect(refused.body.error).toMatch(/^Give the source/);
  });

  it("site-admin insights takes the same filters, and its JSON has the same names", async () => {
    const json = await runCliOn(site, "insights", "--days", "7", "--source", "Google", "--json");
    expect(json.code).toBe(0);
    const insights = JSON.parse(json.stdout) as Insights;
    expect(insights.filters).toEqual({ source: "Google" });
    expect(tableOf(insights, "sources").map((row) => row.label)).toEqual(["Google"]);
    const all = JSON.parse((await runCliOn(site, "insights", "--days", "7", "--json")).stdout) as Insights;
    expect(tableOf(all, "lead-sources").map((row) => row.label)).toContain("Facebook");
    expect(typeof all.summary.conversion?.value).toBe("number");
    const text = await runCliOn(
      site,
      "insights",
      "--days",
      "7",
      "--campaign",
      "spring",
      "--page",
      paths.webAppDevelopment,
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Only campaign spring, page ${paths.webAppDevelopment}`);
    expect(text.stdout).toMatch(/Facebook \/ spring\s+social\s+5\s+1\s+20/);
    const device = await runCliOn(site, "insights", "--days", "7", "--device", "tablet");
    expect(device.stdout).toContain("Leads do not record the visitor's device");
  });
});
