import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { insertWebAppLead } from "#server/db/leads.ts";
import { paths } from "#shared/paths.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { addSessionCookie } from "./session-cookie";

/**
 * Insights' first screen (docs/decisions/058-one-name-per-source.md): at 360 × 740 and
 * 1280 × 800 the visitors, leads, conversion, trend, "Leads by source" and the top
 * campaigns are on screen without scrolling; a source or campaign opened becomes a chip
 * in the address that filters the page, and taking the chip away takes the filter away;
 * axe passes in both themes. The server is shared with other suites, so figures are
 * checked by this suite's own source and campaign.
 */
const dataDir = "tests/.tmp/browser-data";
let db: Db;
let tag = "";
let session = "";
const leadIds: number[] = [];

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  const userId = await addStaff(db, `first-screen-${tag}@agency.test`, "sales");
  session = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
  const hour = new Date().toISOString().slice(0, 13);
  const none = { utm_source: "", utm_medium: "", utm_campaign: "", click_id_kind: "", device: "phone" };
  // A site of this suite's own, under two hosts (with and without "www."): one name, one row.
  await db
    .insertInto("page_view_counts")
    .values(
      [`www.${tag}.example`, `${tag}.example`].map((host, index) => ({
        ...none,
        hour,
        path: paths.about,
        referrer_host: host,
        views: 3 + index,
        visits: 2,
      })),
    )
    .execute();
  await db
    .insertInto("page_view_counts")
    .values({
      ...none,
      hour,
      path: paths.webAppDevelopment,
      referrer_host: "",
      utm_source: `src-${tag}`,
      utm_medium: "email",
      utm_campaign: `spring-${tag}`,
      views: 9,
      visits: 4,
    })
    .execute();
  // One lead whose visit was counted, one whose was not.
  for (const counted of [1, 0]) {
    const id = await insertWebAppLead(db, {
      full_name: `First ${tag} ${counted}`,
      work_email: `first-${tag}-${counted}@example.test`,
      phone_number: "+27825550199",
      company_name: `First Co ${tag}`,
      industry: "Retail",
      company_size: "11-50",
      created_at: new Date().toISOString(),
      utm_source: `src-${tag}`,
      utm_medium: "email",
      utm_campaign: `spring-${tag}`,
      source_page: paths.webAppDevelopment,
      visit_counted: counted,
    });
    leadIds.push(id);
  }
});
test.afterAll(async () => {
  for (const id of leadIds) await db.deleteFrom("web_app_leads").where("id", "=", id).execute();
  await db.deleteFrom("page_view_counts").where("utm_campaign", "=", `spring-${tag}`).execute();
  await db.deleteFrom("page_view_counts").where("referrer_host", "like", `%${tag}.example`).execute();
  await db.destroy();
});

async function openInsights(page: Page, query = "") {
  await addSessionCookie(page.context(), session);
  await page.goto(`${staffPaths.insights}${query}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights");
}

/** The bottom of an element, in CSS px from the top of the page at scroll 0. */
async function bottomOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
}

for (const [width, height] of [
  [360, 740],
  [1280, 800],
] as const) {
  test(`at ${width} × ${height} the first screen answers without scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // This suite's source is among the top five only when it leads: filter by it to be sure it shows.
    await openInsights(page, `?days=7&campaign=spring-${tag}`);
    const figures = page.getByRole("list", { name: "This period against the one before" }).first();
    await expect(figures).toContainText("Visitors");
    await expect(figures).toContainText("Leads");
    await expect(figures).toContainText("Conversion");
    // One lead counted of 4 visits; the other in the leads, "not counted", in no rate.
    await expect(figures).toContainText("25 %");
    await expect(figures).toContainText("not counted: 1");
    await expect(page.getByRole("img", { name: /^Visits per day/ })).toBeVisible();
    const sources = page.getByRole("region", { name: "Leads by source", exact: true });
    await expect(sources.getByRole("row", { name: new RegExp(`src-${tag}`) })).toContainText("25 %");
    const campaigns = page.getByRole("region", { name: "Top campaigns", exact: true });
    await expect(campaigns.getByRole("row", { name: new RegExp(`spring-${tag}`) })).toBeVisible();
    const bottom = await bottomOf(page, "#first-screen");
    const tops = await page.evaluate(() =>
      ["h1", "#first-screen", "#first-sources-title", "#first-campaigns-title"].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return `${selector} ${Math.round(box?.top ?? -1)}`;
      }),
    );
    console.log(`tops at ${width}: ${tops.join(", ")}`);
    await page.screenshot({ path: `test-results/first-screen-${width}.png` });
    console.log(`first screen at ${width} × ${height}: bottom at ${Math.round(bottom)} px`);
    expect(bottom).toBeLessThanOrEqual(height);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("two hosts of one site are one source, and opening it is a chip in the address that filters every table", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openInsights(page, "?days=7");
  const name = `${tag}.example`;
  const sources = page.getByRole("region", { name: /^Sources, / });
  await expect(sources.getByRole("row", { name: new RegExp(name.replace(".", "\\.")) })).toHaveCount(1);
  await expect(sources.getByRole("row", { name: new RegExp(name.replace(".", "\\.")) })).toContainText("7");
  await sources.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`source=${name.replace(".", "\\.")}`));
  await waitForHydration(page);
  const chip = page.getByRole("link", { name: `Remove the filter Source: ${name}` });
  await expect(chip).toBeVisible();
  // Every table is this source's only: its two hosts under "Referring sites", nothing else.
  const referrers = page.getByRole("region", { name: /^Referring sites, / });
  await expect(referrers.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("region", { name: /^Campaigns, / })).toHaveCount(0);
  await chip.click();
  await expect(page).not.toHaveURL(/source=/);
  await expect(page.getByRole("link", { name: /^Remove the filter/ })).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  for (const width of [360, 1280]) {
    test(`filtered insights pass axe at ${width} px in the ${colorScheme} theme`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme });
      await openInsights(page, `?days=7&source=src-${tag}`);
      await expect(page.getByRole("link", { name: `Remove the filter Source: src-${tag}` })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
}
