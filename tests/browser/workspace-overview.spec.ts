import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { insertWebAppLead } from "#server/db/leads.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The overview in the browser: what needs doing for the member's role, each count a link
 * to the list of exactly those. The suite's server is shared with other files, so the
 * counts are theirs too; the API suite (staff-overview.test.ts) pins them exactly, and
 * this file follows the links to its own tagged lead.
 */
const dataDir = "tests/.tmp/browser-data";
let db: Db;
let tag = "";
let leadId = 0;
const sessions: Partial<Record<StaffRole, string>> = {};

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  for (const role of ["admin", "sales", "editor"] as const) {
    const userId = await addStaff(db, `${role}-overview-${tag}@agency.test`, role);
    sessions[role] = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
  }
  // Two days old, still new and unread: among the new, the unread and the overdue.
  leadId = await insertWebAppLead(db, {
    full_name: `Overdue ${tag}`,
    work_email: `overdue-${tag}@example.test`,
    phone_number: "+27825550199",
    company_name: `Late Co ${tag}`,
    industry: "Retail",
    company_size: "11-50",
    created_at: new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString(),
  });
});
test.afterAll(async () => {
  await db.deleteFrom("web_app_leads").where("id", "=", leadId).execute();
  await db.destroy();
});

async function signInAs(context: BrowserContext, role: StaffRole) {
  await context.addCookies([
    {
      name: "staff_session",
      value: sessions[role] ?? "",
      domain: "127.0.0.1",
      path: "/admin",
      httpOnly: true,
    },
  ]);
}

async function openOverview(page: Page) {
  await page.goto(staffPaths.overview);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
}

const counts = (page: Page) => page.getByRole("list", { name: "Leads and meetings to act on" });

test("a sales member sees what needs doing, and each count opens the list of exactly those", async ({
  page,
  context,
}) => {
  await signInAs(context, "sales");
  await openOverview(page);
  await expect(page).toHaveTitle(/^Overview/);
  for (const label of [
    /new leads?$/,
    /unread$/,
    /overdue for follow-up/,
    /e-mails? waiting/,
    /meetings? today$/,
    /meetings? in the next 7 days$/,
  ]) {
    await expect(counts(page).getByRole("link", { name: label })).toBeVisible();
  }
  // Each week named by its Monday in words, never an ISO date.
  const weeks = page.getByRole("table", { name: /Leads per form, this week/ });
  await expect(weeks).toBeVisible();
  await expect(weeks.locator("caption")).toHaveText(
    /^Leads per form, this week \(from Monday \d{1,2} [A-Z][a-z]{2}\) and last week \(from Monday \d{1,2} [A-Z][a-z]{2}\)$/,
  );
  // A sales member has no content or accounts to look after.
  await expect(page.getByRole("heading", { name: "Content" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Staff" })).toHaveCount(0);

  for (const [label, query] of [
    [/overdue for follow-up/, "overdue=1"],
    [/unread$/, "unread=1"],
    [/new leads?$/, "status=new"],
  ] as const) {
    await openOverview(page);
    // By keyboard: focus the count's link and follow it.
    await counts(page).getByRole("link", { name: label }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${staffPaths.leads}?${query}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
    await page.getByLabel("Search").fill(tag);
    await page.getByLabel("Search").press("Enter");
    await expect(page.getByRole("link", { name: `Overdue ${tag}` })).toBeVisible();
  }
  // The overdue filter shows it is on, and leaves out what is not overdue.
  await page.goto(`${staffPaths.leads}?overdue=1&status=contacted&q=${tag}`);
  await expect(page.getByLabel("Overdue for follow-up")).toBeChecked();
  await expect(page.getByText("No leads match these filters.")).toBeVisible();

  await openOverview(page);
  await page.getByRole("link", { name: /Web app this week$/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?form=web-app&since=\d{4}-\d{2}-\d{2}$/);
});

test("an editor sees drafts per kind, an admin every area", async ({ page, context }) => {
  await signInAs(context, "editor");
  await openOverview(page);
  await expect(counts(page)).toHaveCount(0);
  const content = page.getByRole("list", { name: "Drafts by kind of content" });
  await expect(content.getByRole("link")).toHaveCount(3);
  await content.getByRole("link", { name: /drafts? in news posts/ }).click();
  await expect(page).toHaveURL("/admin/content/news");
  // The list's own request must finish before the session goes, or it ends in a 401.
  await page.waitForLoadState("networkidle");

  await context.clearCookies();
  await signInAs(context, "admin");
  await openOverview(page);
  await expect(counts(page)).toBeVisible();
  await expect(page.getByRole("list", { name: "Drafts by kind of content" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Staff accounts" }).getByRole("link", { name: /invitations? waiting/ }),
  ).toBeVisible();
});

for (const colorScheme of ["light", "dark"] as const) {
  for (const width of [360, 1280]) {
    test(`the overview passes axe at ${width} px in the ${colorScheme} theme, without scrolling sideways`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await signInAs(context, "admin");
      await openOverview(page);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
