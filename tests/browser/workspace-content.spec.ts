import { writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { paths } from "#shared/paths.ts";
import { addNewsArguments } from "#tests/support/cli-arguments.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

let server: OwnServer;
const cli = (...args: string[]) => server.cli(...args);

test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(async () => server.stop());

const sitemapLocs = async (request: { get(url: string): Promise<{ text(): Promise<string> }> }) =>
  [...(await (await request.get(`${server.url}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );

test("a project and a news post added with the CLI show on their pages without a restart, and go when removed", async ({
  page,
}) => {
  const image = path.join(server.dataDir, "project.png");
  await sharp({ create: { width: 1200, height: 750, channels: 3, background: "#1d4ed8" } })
    .png()
    .toFile(image);
  await cli(
    "projects",
    "add",
    "--title",
    "Harbour Ferry Tickets",
    "--description",
    "Ferry tickets bought on the phone and scanned at the gate.",
    "--image",
    image,
    "--image-alt",
    "Phone showing a ferry ticket with a QR code",
    "--tag",
    "React Native",
    "--client",
    "Harbour Ferries",
  );
  writeFileSync(
    path.join(server.dataDir, "post.md"),
    "---\ntitle: Ferry Season Is Here\nexcerpt: What we learnt selling tickets.\nauthor: Pieter van der Merwe\ncategory: Featured\nimage: project.png\nimage_alt: A ferry ticket on a phone\n---\nTickets sold out in an hour.\n",
  );
  await cli("news", "add", "--from-file", path.join(server.dataDir, "post.md"));
  await cli(
    ...addNewsArguments(
      "Secret Plans",
      "--draft",
      "--id",
      "secret-plans",
      "--image",
      image,
      "--image-alt",
      "A ferry at sea",
    ),
  );

  await page.goto(`${server.url}${paths.projects}`);
  const card = page.getByRole("article").filter({ hasText: "Harbour Ferry Tickets" });
  await expect(card).toBeVisible();
  const picture = card.getByRole("img", { name: "Phone showing a ferry ticket with a QR code" });
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/uploads\/content\/.*\.avif$/,
  );

  // Through the client-side router too: the link in the header fetches the page's data.
  await page.getByRole("banner").getByRole("link", { name: "News", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Ferry Season Is Here" })).toBeVisible();
  await expect(page.getByText("Secret Plans")).toHaveCount(0);

  await cli("projects", "remove", "harbour-ferry-tickets");
  await cli("news", "remove", "ferry-season-is-here");
  // A kept copy of a page notices the change within about a second (decision 015).
  await expect(async () => {
    await page.goto(`${server.url}${paths.projects}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Harbour Ferry Tickets")).toHaveCount(0, { timeout: 100 });
  }).toPass({ timeout: 5_000 });
  await expect(async () => {
    await page.goto(`${server.url}${paths.news}`);
    await expect(page.getByText("Ferry Season Is Here")).toHaveCount(0, { timeout: 100 });
  }).toPass({ timeout: 5_000 });
  await expect(page.getByText("Secret Plans")).toHaveCount(0);
});

test("a case study appears in the list, its page and the sitemap; a draft in none of them", async ({
  page,
}) => {
  const logo = path.join(server.dataDir, "logo.png");
  await sharp({ create: { width: 256, height: 256, channels: 3, background: "#f59e0b" } })
    .png()
    .toFile(logo);
  const fields = [
    "--client-name",
    "Tafel Tours",
    "--logo",
    logo,
    "--screenshot",
    logo,
    "--description",
    "Tafel Tours runs hikes.",
    "--contribution",
    "Booking site",
  ];
  await cli("case-studies", "add", "--id", "tafel-tours", "--title", "Hikes booked in a minute", ...fields);
  await cli("case-studies", "add", "--draft", "--id", "tafel-draft", "--title", "Not ready yet", ...fields);

  expect(await sitemapLocs(page.request)).toContain(paths.caseStudy("tafel-tours"));
  expect(await sitemapLocs(page.request)).not.toContain(paths.caseStudy("tafel-draft"));
  await page.goto(`${server.url}${paths.caseStudies}`);
  await expect(page.getByRole("heading", { name: "Hikes booked in a minute" })).toBeVisible();
  await expect(page.getByText("Not ready yet")).toHaveCount(0);
  await page.getByRole("link", { name: /^View full case study\W+Tafel Tours$/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How We Helped Tafel Tours");
  const draft = await page.goto(`${server.url}${paths.caseStudy("tafel-draft")}`);
  expect(draft?.status()).toBe(404);
  await expect(page.getByText("Case study not found")).toBeVisible();

  await cli("case-studies", "remove", "tafel-tours");
  expect(await sitemapLocs(page.request)).not.toContain(paths.caseStudy("tafel-tours"));
});

/**
 * The same content from the staff workspace (issue 30): an editor's session, made as
 * sign-in makes one, in the browser as its cookie.
 */
test.describe("in the workspace", () => {
  let sessionToken: string;

  test.beforeAll(async () => {
    const db = await openDatabase(
      databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: server.dataDir })),
    );
    try {
      const userId = await addStaff(db, "editor@agency.test", "editor");
      sessionToken = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
    } finally {
      await db.destroy();
    }
  });

  test.beforeEach(async ({ context }) => {
    const { hostname } = new URL(server.url);
    await context.addCookies([
      { name: "staff_session", value: sessionToken, domain: hostname, path: "/admin" },
    ]);
  });

  const png = (background: string) =>
    sharp({ create: { width: 1280, height: 720, channels: 3, background } })
      .png()
      .toBuffer();

  test("an editor writes a news post in Markdown, previews it, adds an image with alt text, publishes it and sees it on /news", async ({
    page,
  }) => {
    await page.goto(`${server.url}/admin/content/news/new`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New news post");
    await page.getByLabel("Headline").fill("Workspace Launch Day");
    await page.getByLabel("Excerpt").fill("Staff now edit the site in the browser.");
    await page.getByLabel("Author").fill("Thandi Nkosi");
    await page.getByLabel("Category").selectOption("Featured");
    await page
      .getByRole("textbox", { name: /^Article \(Markdown\)/ })
      .fill("## Why\n\nNo more **command line** for every comma. <b>raw</b>");

    const image = page.getByRole("group", { name: "Cover image", exact: true });
    await image.getByLabel("Cover image alt text").fill("The workspace's news list on a laptop");
    // The file uploads as soon as it is chosen.
    await image.getByLabel("Choose the cover image").setInputFiles({
      name: "laptop.png",
      mimeType: "image/png",
      buffer: await png("#0f6b64"),
    });
    await expect(image.getByRole("img", { name: /The workspace's news list on a laptop/ })).toBeVisible();

    // The preview by keyboard: the tabs follow the arrow keys.
    await page.getByRole("tab", { name: "Write" }).focus();
    await page.keyboard.press("ArrowRight");
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Why" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("command line");
    await expect(preview).toContainText("<b>raw</b>");

    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/news\/workspace-launch-day$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit news post");
    expect(
      (await page.request.get(`${server.url}${paths.newsArticle("workspace-launch-day")}`)).status(),
    ).toBe(404);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("button", { name: "Unpublish", exact: true })).toBeVisible();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();

    // The list's buttons: hide it again, then publish it from there.
    await page.goto(`${server.url}/admin/content/news`);
    await page.getByRole("button", { name: "Unpublish “Workspace Launch Day”", exact: true }).click();
    await page.getByRole("button", { name: "Publish “Workspace Launch Day”", exact: true }).click();
    await expect(
      page.getByRole("button", { name: "Unpublish “Workspace Launch Day”", exact: true }),
    ).toBeVisible();

    await page.goto(`${server.url}${paths.news}`);
    await expect(page.getByRole("heading", { name: "Workspace Launch Day" })).toBeVisible();
    await page.goto(`${server.url}${paths.newsArticle("workspace-launch-day")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Workspace Launch Day");
  });

  test("an editor moves a project up with the keyboard, and /projects follows", async ({ page }) => {
    await page.goto(`${server.url}/admin/content/projects`);
    await expect(page.getByRole("table")).toBeVisible();
    const titles = () => page.getByRole("row").locator("td:nth-child(2)").allInnerTexts();
    const before = await titles();
    const second = before[1] ?? "";
    await page.getByRole("button", { name: `Move “${second}” up` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(titles).toEqual([second, before[0], ...before.slice(2)]);

    await page.goto(`${server.url}${paths.projects}`);
    const cards = page.getByRole("article").getByRole("heading");
    await expect(cards.first()).toHaveText(second);
  });

  test("an editor uploads a screenshot with alt text and the service page shows it", async ({ page }) => {
    await page.goto(`${server.url}/admin/screenshots`);
    const upload = page.getByRole("form", { name: "Upload a screenshot to Website design" });
    await upload.getByLabel("Alt text").fill("The booking portal's calendar");
    await upload.getByLabel("Image file").setInputFiles({
      name: "portal.png",
      mimeType: "image/png",
      buffer: await png("#b83a1e"),
    });
    await upload.getByRole("button", { name: "Upload" }).click();
    // The upload answers once every width and format of the image is written: seconds on a busy machine.
    await expect(page.getByRole("img", { name: "The booking portal's calendar" })).toBeVisible({
      timeout: 30_000,
    });
    await page.goto(`${server.url}${paths.websiteDesign}`);
    await expect(page.getByRole("img", { name: "The booking portal's calendar" }).first()).toBeAttached();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the content pages pass axe in the ${colorScheme} theme`, async ({ page }) => {
      // Several pages, each read whole by axe: more than one page's 30 s on a busy machine.
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme });
      for (const path of [
        "/admin/content/projects",
        "/admin/content/news/new",
        "/admin/content/case-studies/new",
        "/admin/content/projects/klipkop-wine-shop",
        "/admin/screenshots",
      ]) {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        // Past the hydrate fallback: the page's own content is there.
        await expect(page.locator("main form, main table").first()).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations, `${path}: ${results.violations.map((v) => v.id).join(", ")}`).toEqual([]);
      }
    });
  }
});
