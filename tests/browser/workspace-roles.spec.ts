import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { roleDescription, type StaffRole } from "#shared/staff-roles.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { addSessionCookie } from "./session-cookie";

/**
 * Roles that fit (docs/decisions/068-roles-that-fit.md), as the agency's marketer meets
 * them on a phone: an editor changes the phone number on the settings page, sees the agency
 * inbox read-only with who may change it, and finds their own areas on the overview, and
 * only those. An admin's invitation form says what each role does. On a server of this
 * file's own, since a save changes what every page shows.
 */

let server: OwnServer;
let db: Db;
const tokens: Partial<Record<StaffRole, string>> = {};

test.beforeAll(async () => {
  server = await startOwnServer();
  db = await openDatabase(path.join(server.dataDir, "site.sqlite"));
  for (const role of ["admin", "editor"] as const) {
    const id = await addStaff(db, `roles-${role}@agency.test`, role);
    tokens[role] = (await createSession(db, id, { ip: "127.0.0.1" })).token;
  }
});
test.afterAll(async () => {
  await db.destroy();
  await server.stop();
});

async function openAs(page: Page, context: BrowserContext, role: StaffRole, where: string): Promise<void> {
  await addSessionCookie(context, tokens[role] ?? "");
  await page.goto(`${server.url}${where}`);
  await waitForHydration(page);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test("an editor changes the phone number at 360 px, and sees the agency inbox read-only with who may change it", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openAs(page, context, "editor", staffPaths.settings);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site settings");

  const inbox = page.getByLabel("Agency inbox", { exact: true });
  await expect(inbox).toHaveAttribute("readonly", "");
  await expect(inbox).toHaveAccessibleDescription("Only an admin can change where lead e-mails go.");
  // No MAIL_FROM on this server: the contact e-mail is the sender, so it is an admin's too.
  await expect(page.getByLabel("Contact e-mail", { exact: true })).toHaveAttribute("readonly", "");
  // The booking calendar is an admin's: not on an editor's page at all.
  await expect(page.getByRole("heading", { name: "Booking calendar" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  const phone = page.getByLabel("Phone", { exact: true });
  await phone.fill("021 555 0177");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await expect(phone).toHaveValue("+27 21 555 0177");
  await expectNoSidewaysScroll(page);

  await expect(async () => {
    await page.goto(`${server.url}/contact`);
    await expect(page.getByRole("main").getByRole("link", { name: "+27 21 555 0177" })).toHaveAttribute(
      "href",
      "tel:+27215550177",
      { timeout: 100 },
    );
  }).toPass({ timeout: 5_000 });
});

// On a phone and on a desk, in both themes: the overview's cards and links change with the width.
for (const width of [360, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`an editor's overview shows their areas and nothing they cannot open, at ${width} px in the ${colorScheme} theme`, async ({
      page,
      context,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      await openAs(page, context, "editor", staffPaths.overview);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
      await expect(page.getByText(roleDescription("editor"))).toBeVisible();

      const counts = page.getByRole("list", { name: "Pages and search snippets" });
      await expect(counts.getByRole("link", { name: /pages? with a draft/ })).toHaveAttribute(
        "href",
        staffPaths.pages,
      );
      await expect(counts.getByRole("link", { name: /search snippets? written/ })).toHaveAttribute(
        "href",
        staffPaths.snippets,
      );

      const parts = page.getByRole("region", { name: "Your workspace" });
      for (const title of ["Pages", "Search snippets", "Projects", "News", "Case studies", "Site settings"]) {
        await expect(parts.getByRole("link", { name: new RegExp(`^${title}`) })).toBeVisible();
      }
      await expect(parts.getByRole("link", { name: /^Site settings/ })).toContainText(
        "The phone number, street address, LinkedIn page and map",
      );
      for (const title of ["Leads and appointments", "Meetings", "Users", "Audit log"]) {
        await expect(parts.getByRole("link", { name: new RegExp(`^${title}`) })).toHaveCount(0);
      }
      await expect(page.getByRole("heading", { name: "Staff" })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // Each part opens for them.
      await parts.getByRole("link", { name: /^Search snippets/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Not available to your role");
    });
  }
}

test("an admin's invitation form says what each role does, at 360 px", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openAs(page, context, "admin", staffPaths.users);
  const roles = page.getByRole("group", { name: "Role" });
  const editor = roles.getByRole("radio", { name: /^Editor/ });
  await expect(editor).toBeChecked();
  await expect(editor).toHaveAccessibleDescription(/every page’s words and search snippet/);
  await expect(roles.getByRole("radio", { name: /^Sales/ })).toHaveAccessibleDescription(
    /leads and appointment requests/,
  );
  const box = await roles.locator("label").first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
});
