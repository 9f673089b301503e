import sharp from "sharp";
import { paths } from "#shared/paths.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { holdRequests } from "./hold-requests";
import { useSignedInServer } from "./signed-in-server";

/**
 * The news form (docs/decisions/043-news-form-and-categories.md): one cover image, uploaded
 * as soon as it is chosen, with its progress; a date in the site's one format; a category
 * from the list, which the form can extend; and the article's outside link on its page.
 */

const own = useSignedInServer({ email: "news-editor@agency.test", role: "editor" });

const png = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: "#0f6b64" } })
    .png()
    .toBuffer();

// The form tries to add a category that differs only in case, which the API refuses (409).
test.use({ expectedHttpErrors: ["/admin/api/news-categories"] });

test("an editor writes a news post: the cover uploads when chosen, the category comes from the list, the date reads one way", async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/admin/api/uploads/")) uploads.push(request.url());
  });
  await page.goto(`${own.server.url}/admin/content/news/new`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New news post");
  await page.getByLabel("Headline").fill("Launch Notes From Cape Town");
  await page.getByLabel("Excerpt").fill("What we learnt shipping the workspace.");
  await page.getByLabel("Author").fill("Nomvula Dlamini");
  await page.getByRole("textbox", { name: /^Article \(Markdown\)/ }).fill("## Notes\n\nIt went well.");
  await page.getByLabel("Link to the article elsewhere").fill("https://www.medium.com/@agency/launch-notes");

  // One image block, called the cover, and no Upload button anywhere.
  const cover = page.getByRole("group", { name: "Cover image", exact: true });
  await expect(cover).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Upload/ })).toHaveCount(0);

  // A file that is not an image is refused where it was chosen, and nothing is sent.
  await cover.getByLabel("Choose the cover image").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(
    cover.getByText("“notes.txt” is not a PNG, JPEG, WebP or AVIF image. Choose one of those."),
  ).toBeVisible();

  // Alt text comes first: a file chosen without it waits for it.
  await cover.getByLabel("Choose the cover image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await png(),
  });
  await expect(cover.getByText(/Write the cover image's alt text first/)).toBeVisible();
  expect(uploads).toEqual([]);

  // Written, the alt text sends the waiting file; its progress shows until the server answers.
  const release = await holdRequests(page, /\/admin\/api\/uploads\/news/);
  await cover.getByLabel("Cover image alt text").fill("The team at a laptop on launch day");
  await cover.getByLabel("Cover image alt text").press("Tab");
  const progress = cover.getByRole("progressbar", { name: "Uploading the cover image" });
  await expect(progress).toBeVisible();
  await expect(cover.getByRole("button", { name: "Cancel upload" })).toBeVisible();
  release();
  await expect(
    cover.getByRole("img", { name: "Current cover image: The team at a laptop on launch day" }),
  ).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(cover.getByRole("status")).toHaveText("Cover image uploaded. Save the post to show it.");
  expect(uploads).toHaveLength(1);

  // An image inside the article uploads the same way, and the Markdown names it.
  const inside = page.getByRole("group", { name: "Image inside the article" });
  await inside.getByLabel("Alt text").fill("The launch checklist on a whiteboard");
  await inside
    .getByLabel("Image file")
    .setInputFiles({ name: "board.png", mimeType: "image/png", buffer: await png() });
  await expect(page.getByRole("textbox", { name: /^Article \(Markdown\)/ })).toHaveValue(
    /!\[The launch checklist on a whiteboard\]\(\/uploads\/content\/[0-9a-f]{16}-\d+\.webp\)/,
    { timeout: 30_000 },
  );

  // The category from the list, after adding one to it here.
  const category = page.getByLabel("Category", { exact: true });
  await expect(category.locator("option", { hasText: "Web Development" })).toHaveCount(1);
  await page.getByRole("button", { name: "Add a category not on the list" }).click();
  await page.getByLabel("New category").fill("web development");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("There is a category “Web Development” already.")).toBeVisible();
  await page.getByLabel("New category").fill("Launch Stories");
  await page.getByLabel("New category").press("Enter");
  await expect(category).toHaveValue("Launch Stories");
  await category.selectOption("Web Development");
  await category.selectOption("Launch Stories");

  // The date's hint says how the site will write it, never a pattern the picker contradicts.
  await page.getByLabel("Date").fill("2026-11-26");
  await expect(page.getByText("The day it was published. The site shows it as 26 Nov 2026.")).toBeVisible();
  await expect(page.getByText(/YYYY|mm\/dd/i)).toHaveCount(0);

  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/news\/launch-notes-from-cape-town$/);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Launch Stories");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unpublish", exact: true })).toBeVisible();

  await page.goto(`${own.server.url}${paths.newsArticle("launch-notes-from-cape-town")}`);
  await expect(page.getByText("26 Nov 2026", { exact: true })).toBeVisible();
  const original = page.getByRole("link", { name: "medium.com (opens in a new tab)" });
  await expect(original).toHaveAttribute("href", "https://www.medium.com/@agency/launch-notes");
  await expect(original).toHaveAttribute("target", "_blank");
  await expect(original).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByText(/Originally published at/)).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.goto(`${own.server.url}${paths.newsCategory("launch-stories")}`);
  await expect(page.getByRole("heading", { name: "Launch Notes From Cape Town" })).toBeVisible();
  await expect(page.getByText("26 Nov 2026", { exact: true }).first()).toBeVisible();
});

test("a cover upload can be cancelled, and a file over the limit is refused where it was chosen", async ({
  page,
}) => {
  await page.goto(`${own.server.url}/admin/content/news/core-web-vitals-and-conversion`);
  const cover = page.getByRole("group", { name: "Cover image", exact: true });
  await cover.getByLabel("Cover image alt text").fill("A speed gauge beside a shopping cart");
  const file = cover.getByLabel("Replace the cover image");
  await file.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await expect(file).toHaveAccessibleDescription(/“huge\.png” is 11\.0 MB; the limit is 10\.0 MB/);

  const release = await holdRequests(page, /\/admin\/api\/uploads\/news/);
  await file.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png() });
  await expect(cover.getByRole("progressbar", { name: "Uploading the cover image" })).toBeVisible();
  await cover.getByRole("button", { name: "Cancel upload" }).click();
  await expect(cover.getByRole("status")).toHaveText("Upload cancelled. Nothing was changed.");
  await expect(cover.getByRole("progressbar")).toHaveCount(0);
  release();
  // The cover is still the one it had.
  await expect(
    cover.getByRole("img", { name: "Current cover image: A speed gauge beside a shopping cart" }),
  ).toHaveAttribute("src", "/images/news/core-web-vitals-and-conversion.svg");
});

test("an editor renames a category on the news list, and its page follows", async ({ page }) => {
  await page.goto(`${own.server.url}/admin/content/news`);
  const section = page.getByRole("region", { name: "Categories" });
  await section.getByLabel("New category", { exact: true }).fill("Field Notes");
  await section.getByRole("button", { name: "Add category" }).click();
  await expect(section.getByRole("link", { name: "Field Notes" })).toBeVisible();
  await section.getByRole("button", { name: "Rename “Field Notes”" }).click();
  await section.getByLabel("New name for “Field Notes”").fill("Notes From The Field");
  await section.getByRole("button", { name: "Rename in 0 posts" }).click();
  await expect(section.getByRole("link", { name: "Notes From The Field" })).toBeVisible();
  await section.getByRole("button", { name: "Remove “Notes From The Field”" }).click();
  await page.getByRole("button", { name: "Remove category" }).click();
  await expect(section.getByRole("link", { name: "Notes From The Field" })).toHaveCount(0);
  // One in use offers no Remove.
  await expect(section.getByRole("button", { name: "Remove “Featured”" })).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the news form and list pass axe and fit 360 px in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of [
      "/admin/content/news/new",
      "/admin/content/news",
      "/admin/content/news/core-web-vitals-and-conversion",
    ]) {
      await page.goto(`${own.server.url}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.locator("main form, main table").first()).toBeVisible();
      if (path.endsWith("/new"))
        await page.getByRole("button", { name: "Add a category not on the list" }).click();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
}
