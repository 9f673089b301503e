import sharp from "sharp";
import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { useSignedInServer } from "./signed-in-server";

/**
 * Search snippets in the workspace: an editor changes a page's description and image with
 * the search result and link card redrawn as they type, a warning past what search
 * results show, and the page's meta following the save.
 */

const own = useSignedInServer({ email: "editor@agency.test", role: "editor" });

const editPath = (page: string) => staffPath(staffPaths.snippetEdit, { page });

async function open(page: Page, path: string, heading: string) {
  await page.goto(`${own.server.url}${path}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

test("an editor rewrites the About page's snippet with a live preview and a length warning, and the page follows", async ({
  page,
}) => {
  await open(page, staffPaths.snippets, "Search snippets");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(14);
  await table.getByRole("link", { name: /^About/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search snippet: About");

  const search = page.locator('[data-preview="search"]');
  const card = page.locator('[data-preview="card"]');
  await expect(search).toContainText("About - ");
  await expect(search).toContainText("Meet the Cape Town team");

  const field = page.getByRole("textbox", { name: /^Description/ });
  await field.fill("Our studio in Cape Town: who we are and how we work.");
  await expect(search).toContainText("Our studio in Cape Town: who we are and how we work.");
  await expect(card).toContainText("Our studio in Cape Town");
  await expect(page.getByText(/Warning:/)).toHaveCount(0);

  // Past what search results show: a warning, and the preview cuts it with an ellipsis.
  const long =
    `${"We design, build and support websites and apps for South African businesses. ".repeat(3)}`.trim();
  await field.fill(long);
  await expect(
    page.getByText("The description is over 160 characters: search results will cut it short."),
  ).toBeVisible();
  await expect(search).toContainText("…");
  await expect(page.getByText(`${long.length} of at most 300 characters`)).toBeVisible();

  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Upload a social image")
    .setInputFiles({ name: "studio.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByRole("button", { name: "Use the page's own card" })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /\/uploads\/content\/[0-9a-f]{16}-1200\.webp$/);

  await page.getByRole("button", { name: "Save snippet" }).click();
  await expect(page.getByRole("link", { name: /View on site/ })).toBeVisible();

  await expect(async () => {
    const html = await (await page.request.get(`${own.server.url}${paths.about}`)).text();
    expect(html).toContain(`content="${long}"`);
    expect(html).toMatch(
      /property="og:image" content="http[^"]+\/uploads\/content\/[0-9a-f]{16}-1200\.webp"/,
    );
  }).toPass({ timeout: 5_000 });

  await page.goto(`${own.server.url}${staffPaths.snippets}`);
  const row = page.getByRole("row").filter({ hasText: long.slice(0, 40) });
  await expect(row.getByText("Will be cut")).toBeVisible();
});

test.describe("a refused save", () => {
  test.use({ expectedHttpErrors: ["/admin/api/snippets/contact"] });
  test("a description over 300 characters is refused with the field's message", async ({ page }) => {
    await open(page, editPath("contact"), "Search snippet: Contact");
    await page.getByRole("textbox", { name: /^Description/ }).fill("x".repeat(301));
    await page.getByRole("button", { name: "Save snippet" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "at most 300 characters" }).first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Description/ })).toHaveAttribute("aria-invalid", "true");
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test("the list and the editor have no axe violations", async ({ page }) => {
      await open(page, staffPaths.snippets, "Search snippets");
      await expectNoAxeViolations(page);
      await open(page, editPath("home"), "Search snippet: Home");
      await page.getByRole("textbox", { name: /^Description/ }).fill("y".repeat(200));
      await expect(page.getByText(/Warning:/)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test("the list and the editor do not scroll sideways", async ({ page }) => {
    for (const [path, heading] of [
      [staffPaths.snippets, "Search snippets"],
      [editPath("website-design"), "Search snippet: Website Design"],
    ] as const) {
      await open(page, path, heading);
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    }
  });
});

test("a news post's own snippet fieldset previews its search result as the editor types", async ({
  page,
}) => {
  await page.goto(`${own.server.url}${staffPath(staffPaths.content, { kind: "news" })}`);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit news post");
  const snippet = page.getByRole("group", { name: "Search snippet" });
  await snippet
    .getByRole("textbox", { name: /^Search description/ })
    .fill("A short line for search results.");
  await expect(snippet.locator('[data-preview="search"]')).toContainText("A short line for search results.");
  await expectNoAxeViolations(page);
});
