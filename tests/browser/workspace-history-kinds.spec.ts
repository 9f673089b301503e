import { savePageCopy, readPageCopy } from "#server/operations/pages/page-copy-operations.ts";
import { historyPath } from "#shared/staff-paths.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { useSignedInServer } from "./signed-in-server";

/**
 * The history of a page's copy and of the site settings, reached from where staff edit
 * them (docs/decisions/041-revisions.md): restoring a page's earlier copy shows it on the
 * site. Its own server: a restore changes a public page.
 */
const earlier = "Harbour Apps Built Here";
const later = "Ferry Apps Built Here";

const own = useSignedInServer({ email: "admin@agency.test", role: "admin" }, async (_server, db) => {
  const ctx = { db, actor: { actor: "admin@agency.test", ip: "127.0.0.1" }, now: () => new Date() };
  const home = await readPageCopy(ctx, "home");
  if (!home.ok) throw new Error("no home page copy");
  const published = home.value.published as { hero: Record<string, unknown> };
  for (const title of [earlier, later]) {
    const saved = await savePageCopy(ctx, "home", { ...published, hero: { ...published.hero, title } });
    if (!saved.ok) throw new Error(saved.message);
  }
});

test.describe.configure({ mode: "serial" });

test("an admin opens the home page copy's history from its editor, restores the earlier headline and the site shows it", async ({
  page,
}) => {
  await page.goto(`${own.server.url}/`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(later);

  await page.goto(`${own.server.url}/admin/pages/home`);
  await page.getByRole("link", { name: "History and restore" }).click();
  await expect(page).toHaveURL(`${own.server.url}${historyPath("page:home")}`);
  await expect(page.getByText("Home page copy")).toBeVisible();
  const versions = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  // The two saves, after the copy the site was built with.
  await expect(versions).toHaveCount(3);
  await versions
    .nth(1)
    .getByRole("button", { name: /^Restore this version \(saved / })
    .click();
  const dialog = page.getByRole("dialog", { name: "Restore this version?" });
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText(/^Restored the version of /)).toBeVisible();
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(4);

  await page.goto(`${own.server.url}/`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(earlier);
});

for (const width of [360, 1280]) {
  test(`at ${width} px, History's first entry is the shipped copy, named as the form names it, and it can be put back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${own.server.url}${historyPath("page:home")}`);
    const versions = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    const first = versions.last();
    await expect(first).toContainText("Revision 1");
    await expect(first).toContainText("The page as the site was built, before the first change");
    await first.getByText("What it was").click();
    await expect(first).toContainText("Headline: Transform Your Ideas Into Reality");
    await expect(first).toContainText("Line above the headline: Cape Town software studio");
    await first.getByRole("button", { name: /^Restore this version \(saved / }).click();
    await page
      .getByRole("dialog", { name: "Restore this version?" })
      .getByRole("button", { name: "Restore", exact: true })
      .click();
    await expect(page.getByText(/^Restored the version of /)).toBeVisible();
    await page.goto(`${own.server.url}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Transform Your Ideas Into Reality");
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`the settings page and its history pass axe in the ${colorScheme} theme and fit 360 px`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${own.server.url}/admin/settings`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site settings");
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("link", { name: "History and restore" }).click();
    await expect(page).toHaveURL(`${own.server.url}${historyPath("settings")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("History");
    await expect(page.getByText("Site settings").first()).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
