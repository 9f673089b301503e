import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { VISIT_PARAM } from "#shared/visit-source.ts";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * A lead's source carried from the page the visit began on to the form, in the links'
 * address and the form's hidden field (docs/decisions/045-lead-attribution.md).
 */

/** The browser suite's server writes here (playwright.config.ts). */
const databaseFile = path.join("tests", ".tmp", "browser-data", "site.sqlite");

function leadByEmail(email: string): Record<string, unknown> | undefined {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT * FROM website_design_leads WHERE business_email = ?").get(email) as
      Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function fillLead(page: Page, email: string) {
  await page.getByLabel("Full Name").fill("Thandi Nkosi");
  await page.getByLabel("Company Name").fill("Nkosi Interiors");
  await page.getByLabel("Business Email").fill(email);
}

test("a campaign visit, two pages on, sends a lead carrying its campaign, click id, landing page and referrer", async ({
  page,
}) => {
  await page.goto("/?utm_source=linkedin&utm_medium=paid&utm_campaign=november-launch&gclid=Cj0KCQiA-abc_1", {
    referer: "https://www.linkedin.com/feed/",
  });
  // Links read as they are until the visitor comes to one.
  const services = page
    .getByRole("navigation", { name: "Main" })
    .first()
    .getByRole("link", { name: "Services" });
  await expect(services).toHaveAttribute("href", paths.services);
  await services.click();
  // The next page read its source and took it out of its address.
  await expect(page).toHaveURL(new RegExp(`${paths.services}$`));
  await page.locator(`main a[href="${paths.websiteDesign}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${paths.websiteDesign}$`));
  await waitForHydration(page);

  const email = `campaign-${unique()}@example.co.za`;
  await fillLead(page, email);
  await page.getByRole("button", { name: "Request My Website Proposal" }).click();
  await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
  expect(leadByEmail(email)).toMatchObject({
    source_page: paths.websiteDesign,
    landing_page: "/",
    referrer_host: "www.linkedin.com",
    utm_source: "linkedin",
    utm_medium: "paid",
    utm_campaign: "november-launch",
    utm_term: null,
    click_id_kind: "gclid",
    click_id: "Cj0KCQiA-abc_1",
  });
});

test("the form's source survives React starting: typed before and sent after, nothing lost", async ({
  page,
}) => {
  await page.goto(`${paths.websiteDesign}?utm_source=newsletter&utm_campaign=spring`);
  const field = page.locator(`input[type="hidden"][name="${VISIT_PARAM}"]`);
  const before = await field.inputValue();
  expect(before).not.toBe("");
  const email = `typed-${unique()}@example.co.za`;
  await fillLead(page, email);
  await waitForHydration(page);
  expect(await field.inputValue()).toBe(before);
  await expect(page.getByLabel("Business Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Request My Website Proposal" }).click();
  await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
  expect(leadByEmail(email)).toMatchObject({
    source_page: paths.websiteDesign,
    landing_page: paths.websiteDesign,
    referrer_host: null,
    utm_source: "newsletter",
    utm_campaign: "spring",
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a lead still records the page it was sent from", async ({ page }) => {
    await page.goto(paths.websiteDesign);
    const email = `nojs-source-${unique()}@example.co.za`;
    await fillLead(page, email);
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
    expect(leadByEmail(email)).toMatchObject({ source_page: paths.websiteDesign, landing_page: null });
  });
});
