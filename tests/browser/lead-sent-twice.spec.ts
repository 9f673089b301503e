import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "#scripts/lib/chromium.ts";
import { paths } from "#shared/paths.ts";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * One lead per form (docs/decisions/067-one-lead-per-form.md): Back from the thank-you
 * page and Send again gives the same thank-you page and no second lead.
 */

// Playwright turns the back/forward cache off; a visitor's browser keeps it on.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

/** The browser suite's server writes here (playwright.config.ts). */
const databaseFile = path.join("tests", ".tmp", "browser-data", "site.sqlite");

function leadsFrom(email: string): { id: number; repeat_of: number | null }[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT id, repeat_of FROM website_design_leads WHERE business_email = ? ORDER BY id")
      .all(email) as { id: number; repeat_of: number | null }[];
  } finally {
    db.close();
  }
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function send(page: Page) {
  await page.getByRole("button", { name: "Request My Website Proposal" }).click();
  await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
}

for (const width of [360, 1280]) {
  test(`at ${width} px: Back from the thank-you page, then Send again, keeps one lead`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(paths.websiteDesign);
    await waitForHydration(page);
    const email = `twice-${width}-${unique()}@example.co.za`;
    await page.getByLabel("Full Name").fill("Thandi Nkosi");
    await page.getByLabel("Company Name").fill("Nkosi Interiors");
    await page.getByLabel("Business Email").fill(email);
    const token = await page.locator('input[name="formStartedAt"]').inputValue();
    await send(page);

    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(paths.websiteDesign);
    // The same served form, with what was typed.
    await expect(page.locator('input[name="formStartedAt"]')).toHaveValue(token);
    await expect(page.getByLabel("Business Email")).toHaveValue(email);
    await send(page);

    expect(leadsFrom(email)).toHaveLength(1);
  });
}

test("a changed answer sent from the same form is kept as a repeat of the first", async ({ page }) => {
  await page.goto(paths.websiteDesign);
  await waitForHydration(page);
  const email = `changed-${unique()}@example.co.za`;
  await page.getByLabel("Full Name").fill("Thandi Nkosi");
  await page.getByLabel("Company Name").fill("Nkosi Interiors");
  await page.getByLabel("Business Email").fill(email);
  await send(page);
  await page.goBack({ waitUntil: "commit" });
  await expect(page.getByLabel("Company Name")).toHaveValue("Nkosi Interiors");
  await page.getByLabel("Company Name").fill("Nkosi Interiors (Pty) Ltd");
  await send(page);
  const [first, repeat] = leadsFrom(email);
  expect(first?.repeat_of).toBeNull();
  expect(repeat?.repeat_of).toBe(first?.id);
});
