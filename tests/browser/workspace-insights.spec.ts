import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
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
 * The insights dashboard in the browser: every role reaches it from the nav, it shows
 * this suite's own campaign with its lead, each table downloads as CSV, a period can be
 * chosen by dates, and it passes axe in both themes at 360 px without scrolling sideways.
 * The suite's server is shared, so other files' views add to the totals; the API suite
 * (staff-insights.test.ts) pins the figures exactly.
 */
const dataDir = "tests/.tmp/browser-data";
let db: Db;
let tag = "";
let leadId = 0;
const sessions: Record<string, string> = {};

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  for (const role of ["admin", "sales", "editor"] as const) {
    const userId = await addStaff(db, `${role}-insights-${tag}@agency.test`, role);
    sessions[role] = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
  }
  const hour = new Date().toISOString().slice(0, 13);
  await db
    .insertInto("page_view_counts")
    .values({
      hour,
      path: paths.webAppDevelopment,
      referrer_host: "www.linkedin.com",
      utm_source: "linkedin",
      utm_medium: "paid",
      utm_campaign: `launch-${tag}`,
      click_id_kind: "",
      device: "phone",
      views: 8,
      visits: 4,
    })
    .execute();
  leadId = await insertWebAppLead(db, {
    full_name: `Insight ${tag}`,
    work_email: `insight-${tag}@example.test`,
    phone_number: "+27825550199",
    company_name: `Insight Co ${tag}`,
    industry: "Retail",
    company_size: "11-50",
    created_at: new Date().toISOString(),
  });
  await db
    .updateTable("web_app_leads")
    .set({
      source_page: paths.webAppDevelopment,
      utm_source: "linkedin",
      utm_medium: "paid",
      utm_campaign: `launch-${tag}`,
    })
    .where("id", "=", leadId)
    .execute();
});
test.afterAll(async () => {
  await db.deleteFrom("web_app_leads").where("id", "=", leadId).execute();
  await db.deleteFrom("page_view_counts").where("utm_campaign", "=", `launch-${tag}`).execute();
  await db.destroy();
});

async function openInsights(page: Page, query = "") {
  await page.goto(`${staffPaths.insights}${query}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights");
}

for (const role of ["sales", "editor"] as const) {
  test(`a ${role} member opens Insights from the nav and finds the campaign with its lead`, async ({
    page,
    context,
  }) => {
    await addSessionCookie(context, sessions[role] ?? "");
    await page.goto(staffPaths.overview);
    await waitForHydration(page);
    await page.getByRole("navigation").first().getByRole("link", { name: "Insights", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights");
    await expect(page).toHaveTitle(/^Insights/);
    // A campaign is its source's name and the campaign; the medium is a column.
    const campaign = `LinkedIn / launch-${tag}`;
    const campaigns = page.getByRole("region", { name: /^Campaigns, / });
    await expect(campaigns.getByRole("row", { name: new RegExp(campaign) })).toContainText("8");
    const leads = page.getByRole("region", { name: /^Visitors and leads by campaign, / });
    // One lead of four visits: 25 %.
    await expect(leads.getByRole("row", { name: new RegExp(campaign) })).toContainText("25 %");
  });
}

test("each table downloads as CSV, and the daily figures open as a table under the chart", async ({
  page,
  context,
}) => {
  await addSessionCookie(context, sessions.admin ?? "");
  await openInsights(page, "?days=7");
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /Page views and visits per day/ })).toBeVisible();
  await page.getByText("The figures per day, as a table").click();
  await expect(page.getByRole("region", { name: /^Page views and visits per day, \d{4}-/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download “Campaigns” as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^campaigns-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path()) ?? "", "utf8");
  expect(text).toContain(`LinkedIn / launch-${tag},paid,8,4,`);
});

test.describe("a period by dates", () => {
  // The refused period's answer is a 400 on purpose.
  test.use({ expectedHttpErrors: ["/admin/api/insights"] });

  test("a period chosen by dates is shown, and one that ends before it starts is refused beside the form", async ({
    page,
    context,
  }) => {
    await addSessionCookie(context, sessions.admin ?? "");
    await openInsights(page);
    await page.getByLabel("From", { exact: true }).fill("2026-01-01");
    await page.getByLabel("To", { exact: true }).fill("2026-01-31");
    await page.getByRole("button", { name: "Show these days" }).click();
    await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
    await expect(page.getByRole("heading", { name: "2026-01-01 to 2026-01-31" })).toBeVisible();
    await openInsights(page, "?from=2026-02-01&to=2026-01-01");
    await expect(page.getByRole("alert")).toHaveText("The first day must not be after the last.");
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  for (const width of [360, 1280]) {
    test(`insights pass axe at ${width} px in the ${colorScheme} theme, without scrolling sideways`, async ({
      page,
      context,
    }) => {
      // axe reads a long page; on a loaded machine that takes a while.
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await addSessionCookie(context, sessions.admin ?? "");
      await openInsights(page);
      await page.getByText("The figures per day, as a table").click();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
