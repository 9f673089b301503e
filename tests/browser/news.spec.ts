import { projects } from "#data/seed-projects.ts";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { insertContent } from "#server/db/content-items.ts";
import { openDatabase } from "#server/db/database.ts";
import { paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * News that publishes, as a visitor reads it (docs/decisions/021-news-that-publishes.md):
 * a list a page at a time with real links, an article's own page, both accessible.
 */

let server: OwnServer;
const article = {
  id: "a-table-and-some-code",
  title: "A Table and Some Code",
  excerpt: "An article with every kind of block a post can have.",
  content: [
    "## What we measured",
    "Paragraph with a [link to our work](/projects), **bold** text and `inline code`.",
    "| Route | Before | After |\n|---|---|---|\n| / | 120 KB | 1 KB |",
    "### The fix",
    "```ts\nconst answer = 42;\n```",
    "- first\n- second",
    "1. one\n2. two",
    "> A quote from a client.",
  ].join("\n\n"),
  image: { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 },
  date: "2026-02-03",
  author: "Aisha Davids",
  category: "Engineering",
};

test.beforeAll(async () => {
  server = await startOwnServer();
  const db = await openDatabase(databaseLocation(loadConfig({ DATA_DIR: server.dataDir })));
  try {
    for (let n = 1; n <= 14; n++) {
      await insertContent(
        db,
        "news",
        { ...article, id: `post-${n}`, title: `Post number ${n}`, category: "Cloud" },
        { status: "published", position: 1 },
      );
    }
    await insertContent(db, "news", article, { status: "published", position: 1 });
    for (let n = 1; n <= 6; n++) {
      await insertContent(
        db,
        "projects",
        { ...projects[0]!, id: `project-${n}`, title: `Project ${n}` },
        { status: "published" },
      );
    }
  } finally {
    await db.destroy();
  }
});
test.afterAll(async () => server.stop());

test("the news list goes page by page through real links, and back", async ({ page }) => {
  await page.goto(`${server.url}${paths.news}`);
  const pages = page.getByRole("navigation", { name: "News pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(`${server.url}${paths.newsPage(2)}`);
  await expect(page.getByRole("heading", { name: "Articles, page 2 of 2" })).toBeVisible();
  await expect(page.locator("section[aria-labelledby='latest-articles'] article")).toHaveCount(6);
  await expectNoAxeViolations(page);
  await page.getByRole("navigation", { name: "News pages" }).getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(`${server.url}${paths.news}`);
  await page
    .getByRole("navigation", { name: "News categories" })
    .getByRole("link", { name: "Engineering" })
    .click();
  await expect(page).toHaveURL(`${server.url}${paths.newsCategory("engineering")}`);
  await expect(page.locator("main article")).toHaveCount(1);
});

for (const width of [375, 1280]) {
  test(`an article's page at ${width} px: its body, its way back, no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}${paths.news}`);
    await page
      .locator("section[aria-labelledby='featured-article']")
      .getByRole("link", { name: /Read Full Article/ })
      .click();
    await expect(page).toHaveURL(`${server.url}${paths.newsArticle(article.id)}`);
    await expect(page).toHaveTitle(/^A Table and Some Code - /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByRole("heading", { level: 2, name: /What we measured/ })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByText("const answer = 42;")).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", paths.contact);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to news" }).click();
    await expect(page).toHaveURL(`${server.url}${paths.news}`);
  });
}

test("the projects list has a second page", async ({ page }) => {
  await page.goto(`${server.url}${paths.projects}`);
  await page
    .getByRole("navigation", { name: "Projects pages" })
    .getByRole("link", { name: "Page 2" })
    .click();
  await expect(page).toHaveURL(`${server.url}${paths.projectsPage(2)}`);
  await expect(
    page.getByRole("button", { name: /View Details/ }).or(page.getByRole("link", { name: /View Details/ })),
  ).toHaveCount(9 + 6 - 12);
  await expectNoAxeViolations(page);
});
