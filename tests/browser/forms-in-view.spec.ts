import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { expect, fontFamilyOf, test } from "./fixtures";

// Where a form's outcome lands on screen, with and without JavaScript; what the forms
// accept and store is forms.spec.ts's.

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
/** The toast on show (one at a time; a replaced one lingers while it animates out). */
const toast = (page: Page) => page.locator("[data-sonner-toast][data-front='true']");

async function headerBottom(page: Page): Promise<number> {
  const header = (await page.locator("header").boundingBox())!;
  return header.y + header.height;
}

test.describe("at 375 px, after a failed submit", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const { url, button, fill, field } of [
    {
      url: paths.websiteDesign,
      button: "Request My Website Proposal",
      fill: {
        "Full Name": "Thandi Nkosi",
        "Company Name": "Nkosi Interiors",
        "Business Email": "thandi@nkosi",
      },
      field: "businessEmail",
    },
    {
      url: paths.webAppDevelopment,
      button: "Get My Custom Web-App Proposal",
      fill: {
        "Full Name": "Pieter",
        "Work Email": "p@example.co.za",
        "Company Name": "Karoo",
        "Phone Number": "012",
      },
      field: "phoneNumber",
    },
  ]) {
    test(`${url}: the focused field and its message are clear of the sticky header and the toast`, async ({
      page,
    }) => {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
      // Sent from the button, so the field is above the window: brought back, it sat under the header.
      await page.getByRole("button", { name: button }).click();
      const focused = page.locator(`#${field}`);
      const message = page.locator(`#${field}-error`);
      await expect(focused).toBeFocused();
      await expect(toast(page)).toBeVisible();
      await expect(message).toBeInViewport({ ratio: 1 });
      const box = (await focused.boundingBox())!;
      const toastBox = (await toast(page).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(await headerBottom(page));
      expect(box.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
    });
  }
});

for (const width of [360, 1280]) {
  test(`at ${width} px a toast sits below the sticky header, inside the screen, in the page's font`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(toast(page)).toContainText("Full Name is required");
    // Past sonner's entrance, where it slides in from the edge.
    await expect(async () => {
      const box = (await toast(page).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(await headerBottom(page));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }).toPass();
    expect(await fontFamilyOf(page.locator("[data-sonner-toast] [data-title]").first())).toBe(
      await fontFamilyOf(page.locator("body")),
    );
  });
}

test("an error fixed and sent again leaves no toast on the thank-you page", async ({ page }) => {
  await page.goto(paths.websiteDesign);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Request My Website Proposal" }).click();
  await expect(toast(page)).toContainText("Full Name is required");
  await page.getByLabel("Full Name").fill("Thandi Nkosi");
  await page.getByLabel("Company Name").fill("Nkosi Interiors");
  await page.getByLabel("Business Email").fill(`lead-${unique()}@example.co.za`);
  await page.getByRole("button", { name: "Request My Website Proposal" }).click();
  await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
  // Well within the toast's 6 s: dismissed on arrival, not left to time out.
  await expect(page.locator("[data-sonner-toast]:not([data-removed='true'])")).toHaveCount(0, {
    timeout: 1000,
  });
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

test.describe("without JavaScript at 375 px, a post", () => {
  test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });

  for (const { url, button, fill, summary } of [
    {
      url: paths.websiteDesign,
      button: "Request My Website Proposal",
      fill: {},
      summary: "Full Name is required",
    },
    {
      url: paths.webAppDevelopment,
      button: "Get My Custom Web-App Proposal",
      fill: { "Work Email": "sipho@" },
      summary: "Full Name is required",
    },
    {
      url: paths.bookAppointment,
      button: "Request Appointment",
      fill: { Name: "N" },
      summary: "Please correct the errors and try again",
    },
    // The browser's own check passes "a@b"; the server's asks for a real domain.
    {
      url: paths.news,
      button: "Subscribe",
      fill: { "Email address": "a@b" },
      summary: "valid email address",
    },
  ]) {
    test(`refused on ${url} opens at the form's error summary, not the top of the page`, async ({ page }) => {
      await page.goto(url);
      for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
      await page.getByRole("button", { name: button }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(summary);
      await expect(alert).toBeFocused();
      await expect(alert).toBeInViewport({ ratio: 1 });
      expect((await alert.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
    });
  }

  test("accepted on /news opens at the newsletter's confirmation", async ({ page }) => {
    await page.goto(paths.news);
    await page.getByLabel("Email address").fill(`nojs-reader-${unique()}@example.co.za`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    const status = page.getByRole("status").filter({ hasText: "Almost there!" });
    await expect(status).toBeFocused();
    await expect(status).toBeInViewport({ ratio: 1 });
  });
});
