import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { selectWeeklyReportChoice } from "#server/db/weekly-report.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { addSessionCookie } from "./session-cookie";

/**
 * The weekly e-mail's choice on the account page (docs/decisions/059-weekly-report.md): an
 * admin turns it off and on with the checkbox, by tap or keyboard, and the choice is kept;
 * other roles are not offered it. At 360 px in both themes: axe clean, no sideways scroll,
 * a tap target of at least 44 px.
 */
const dataDir = "tests/.tmp/browser-data";
let db: Db;
let tag = "";
/** One account per test: the two themes' tests may run at once, each changing its own choice. */
const users: Record<string, { id: number; session: string }> = {};
const account = (name: string) => {
  const user = users[name];
  if (!user) throw new Error(`no account ${name}`);
  return user;
};

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  for (const [name, role] of [
    ["light", "admin"],
    ["dark", "admin"],
    ["sales", "sales"],
  ] as const) {
    const id = await addStaff(db, `${name}-weekly-${tag}@agency.test`, role);
    users[name] = { id, session: (await createSession(db, id, { ip: "127.0.0.1" })).token };
  }
});
test.afterAll(async () => db.destroy());

const checkbox = (page: Page) =>
  page.getByRole("checkbox", { name: "Send me last week’s figures every Monday" });

for (const colorScheme of ["light", "dark"] as const) {
  test(`an admin turns the weekly e-mail off and on at 360 px in the ${colorScheme} theme`, async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme });
    const admin = account(colorScheme);
    await addSessionCookie(context, admin.session);
    await page.goto(staffPaths.account);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Weekly e-mail" })).toBeVisible();
    await expect(checkbox(page)).toBeChecked();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The row the checkbox and its label share is the tap target.
    const row = page.locator("#weekly-report-on").locator("..");
    expect((await row.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    // A tap on the label turns it off; the choice is stored and shown after a reload.
    await page.getByText("Send me last week’s figures every Monday").click();
    await expect(page.getByText("You will no longer get the weekly e-mail")).toBeVisible();
    await expect(checkbox(page)).not.toBeChecked();
    await expect.poll(() => selectWeeklyReportChoice(db, admin.id)).toBe(false);
    await page.reload();
    await waitForHydration(page);
    await expect(checkbox(page)).not.toBeChecked();

    // With the keyboard: Space turns it back on.
    await checkbox(page).focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("You will get the weekly e-mail on Monday mornings")).toBeVisible();
    await expect(checkbox(page)).toBeChecked();
    await expect.poll(() => selectWeeklyReportChoice(db, admin.id)).toBe(true);
    await expectNoAxeViolations(page);
  });
}

test("a member of sales is not offered the weekly e-mail", async ({ page, context }) => {
  await addSessionCookie(context, account("sales").session);
  await page.goto(staffPaths.account);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Recovery codes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Weekly e-mail" })).toHaveCount(0);
  await expect(checkbox(page)).toHaveCount(0);
});
