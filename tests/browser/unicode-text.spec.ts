import path from "node:path";
import Database from "better-sqlite3";
import { apiPaths, paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";

/**
 * The Unicode text policy (decision 029) runs in the browser as on the server: the form
 * validation's Unicode property patterns compile in the browser, an invisible name is
 * answered as missing before anything is sent, and a real name is stored as typed.
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

test.describe("names in the website-design lead form", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
  });

  test("a name of nothing but an invisible character is required, and nothing is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(apiPaths.websiteDesign)) sent.push(request.url());
    });
    await page.getByLabel("Full Name").fill("\u206f");
    await page.getByLabel("Company Name").fill("\u3164");
    await page.getByLabel("Business Email").fill("someone@example.com");
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    // Each beside its field; the toast repeats the first (requirements §5), so the text is on the page twice.
    await expect(page.locator("#fullName-error")).toHaveText("Full Name is required");
    await expect(page.locator("#companyName-error")).toHaveText("Company Name is required");
    await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("Full Name is required"),
    ).toBeVisible();
    expect(sent).toEqual([]);
  });

  test("a Persian name and an emoji studio name are stored as typed", async ({ page }) => {
    const email = `names-${Date.now()}@example.co.za`;
    await page.getByLabel("Full Name").fill("نسرین\u200c رضایی");
    await page.getByLabel("Company Name").fill("👩🏽\u200d💻 Studio");
    await page.getByLabel("Business Email").fill(email);
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
    expect(leadByEmail(email)).toMatchObject({
      full_name: "نسرین\u200c رضایی",
      company_name: "👩🏽\u200d💻 Studio",
    });
  });
});
