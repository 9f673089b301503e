import { paths } from "#shared/paths.ts";
import { historyPath } from "#shared/staff-paths.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { useSignedInServer } from "./signed-in-server";

/**
 * A content item's history in the workspace (docs/decisions/041-revisions.md): an edit
 * shows in the history with what it changed, and "Restore this version" puts the earlier
 * title back on the form and on the site. Its own server: a restore changes a public page.
 */
const original = "Wine Estate Online Cellar Door";
const renamed = "Wine Estate Cellar Door, Now Online";

const own = useSignedInServer({ email: "editor@agency.test", role: "editor" });

test.describe.configure({ mode: "serial" });

test("an editor renames a project, sees the change in its history, restores the earlier title and the site shows it", async ({
  page,
}) => {
  await page.goto(`${own.server.url}/admin/content/projects/klipkop-wine-shop`);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("No versions kept yet")).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  const versions = history.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(versions).toHaveCount(2);
  await expect(versions.first().getByText("Current version")).toBeVisible();
  await expect(versions.first()).toContainText("By editor@agency.test");
  await expect(versions.last()).toContainText("As it was before its history was kept");

  await versions.first().getByText("What changed (1 field)").click();
  await expect(versions.first().locator("del")).toContainText("Online");
  await expect(versions.first().locator("ins")).toContainText("Now Online");

  await page.goto(`${own.server.url}${paths.projects}`);
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

  await page.goto(`${own.server.url}/admin/content/projects/klipkop-wine-shop`);
  const older = page.getByRole("region", { name: "History" }).getByRole("listitem").last();
  await older.getByRole("button", { name: /^Restore this version \(saved / }).click();
  const dialog = page.getByRole("dialog", { name: "Restore this version?" });
  await expect(dialog).toContainText("stays in the history");
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText(/^Restored the version of /)).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(original);
  const after = page.getByRole("region", { name: "History" }).getByRole("heading", { level: 3 });
  await expect(after).toHaveCount(3);
  await expect(page.getByRole("region", { name: "History" })).toContainText(/Restored revision \d+/);

  await page.goto(`${own.server.url}${paths.projects}`);
  await expect(page.getByRole("heading", { name: original })).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the history page passes axe in the ${colorScheme} theme and fits 360 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${own.server.url}${historyPath("projects/klipkop-wine-shop")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("History");
    await expect(page).toHaveTitle("History · Workspace");
    const versions = page.getByRole("heading", { level: 3 });
    await expect(versions).toHaveCount(3);
    // Open every version's changes and one comparison, so axe sees the diff too.
    for (const summary of await page.locator("summary").all()) await summary.click();
    await page.getByRole("button", { name: "Compare with the current version" }).first().click();
    await expect(page.getByRole("heading", { name: "Restoring it would change" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole("link", { name: "View on site" })).toHaveAttribute("href", paths.projects);
  });
}
