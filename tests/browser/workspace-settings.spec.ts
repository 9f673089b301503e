import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { addPasswordAccount, addStaff, type PasswordAccount } from "#tests/support/staff-workspace.ts";
import { totpCode } from "./workspace-server";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { addSessionCookie } from "./session-cookie";

/**
 * Site settings at /admin/settings (docs/decisions/038-site-settings-in-the-database.md):
 * an admin edits the phone number, sees a bad one refused beside its field, saves, and the
 * contact page shows the new number without a restart. On a server of this file's own,
 * since a save changes what every page shows.
 */

let server: OwnServer;
let db: Db;
const tokens: Partial<Record<StaffRole, string>> = {};
let owner: PasswordAccount;
let ownerToken = "";

test.beforeAll(async () => {
  server = await startOwnServer();
  db = await openDatabase(path.join(server.dataDir, "site.sqlite"));
  for (const role of ["admin", "editor", "sales"] as const) {
    const id = await addStaff(db, `settings-${role}@agency.test`, role);
    tokens[role] = (await createSession(db, id, { ip: "127.0.0.1" })).token;
  }
  // An admin who signed in an hour ago: moving the inbox asks them to confirm it's them.
  owner = await addPasswordAccount(db, "settings-owner@agency.test", "admin");
  ownerToken = (await createSession(db, owner.id, { ip: "127.0.0.1" })).token;
  await db
    .updateTable("staff_sessions")
    .set({ proved_at: new Date(Date.now() - 60 * 60_000).toISOString() })
    .where("user_id", "=", owner.id)
    .execute();
});
test.afterAll(async () => {
  await db.destroy();
  await server.stop();
});

const settingsUrl = () => `${server.url}${staffPaths.settings}`;

async function openAs(page: Page, context: BrowserContext, role: StaffRole): Promise<void> {
  await addSessionCookie(context, tokens[role] ?? "");
  await page.goto(settingsUrl());
  await waitForHydration(page);
}

test.describe("an admin", () => {
  test.use({ expectedHttpErrors: ["/admin/api/settings"] });

  test("changes the phone number: a bad one is refused beside its field, a good one shows on the contact page", async ({
    page,
    context,
  }) => {
    await openAs(page, context, "admin");
    await expect(page).toHaveTitle("Site settings · Workspace");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site settings");
    await expect(
      page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Settings" }),
    ).toBeVisible();

    const phone = page.getByLabel("Phone", { exact: true });
    await phone.fill("021 555");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(
      page.locator('[id$="-error"]', { hasText: "Phone must be a phone number, e.g. 021 555 0199." }),
    ).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");

    await phone.fill("021 555 0199");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    // Stored in international writing, dialled as E.164.
    await expect(phone).toHaveValue("+27 21 555 0199");
    await expect(page.getByText("Dialled as +27215550199.")).toBeVisible();

    // The contact page's kept copy notices the new revision within about a second.
    await expect(async () => {
      await page.goto(`${server.url}/contact`);
      await expect(page.getByRole("main").getByRole("link", { name: "+27 21 555 0199" })).toHaveAttribute(
        "href",
        "tel:+27215550199",
        { timeout: 100 },
      );
    }).toPass({ timeout: 5_000 });
  });
});

test.describe("moving the agency inbox", () => {
  test.use({ expectedHttpErrors: ["/admin/api/settings"] });

  test("asks an admin whose proof is old to confirm it's them, then saves", async ({ page, context }) => {
    await addSessionCookie(context, ownerToken);
    await page.goto(settingsUrl());
    await waitForHydration(page);
    await page.getByLabel("Agency inbox", { exact: true }).fill("new-leads@agency.test");
    await page.getByRole("button", { name: "Save settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill(owner.password);
    await dialog.getByLabel("Authenticator code or recovery code").fill(await totpCode(owner.secret));
    await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await expect(page.getByLabel("Agency inbox", { exact: true })).toHaveValue("new-leads@agency.test");
  });
});

// Editors change the contact details here (decision 068, tests/browser/workspace-roles.spec.ts).
test("sales are told the page is not for their role, and have no Settings link", async ({
  page,
  context,
}) => {
  await openAs(page, context, "sales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not available to your role");
  await expect(
    page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Settings" }),
  ).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe and a 360 px screen, ${colorScheme} theme`, () => {
    test.use({ colorScheme, expectedHttpErrors: ["/admin/api/settings"] });

    test("the settings page, with a field's message showing", async ({ page, context }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await openAs(page, context, "admin");
      await page.getByLabel("Map link", { exact: true }).fill("http://www.google.com/maps");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(
        page.locator('[id$="-error"]', { hasText: "Map link must start with https://." }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  });
}
