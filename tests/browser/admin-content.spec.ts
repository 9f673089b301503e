import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { paths } from "../../shared/paths";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

let server: OwnServer;
const admin = (...args: string[]) => server.admin(...args);

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
  await admin(
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
  await admin("news", "add", "--from-file", path.join(server.dataDir, "post.md"));
  await admin(
    "news",
    "add",
    "--draft",
    "--id",
    "secret-plans",
    "--title",
    "Secret Plans",
    "--excerpt",
    "x",
    "--content",
    "y",
    "--author",
    "A",
    "--category",
    "B",
    "--image",
    image,
    "--image-alt",
    "A ferry at sea",
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

  await admin("projects", "remove", "harbour-ferry-tickets");
  await admin("news", "remove", "ferry-season-is-here");
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
  await admin("case-studies", "add", "--id", "tafel-tours", "--title", "Hikes booked in a minute", ...fields);
  await admin("case-studies", "add", "--draft", "--id", "tafel-draft", "--title", "Not ready yet", ...fields);

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

  await admin("case-studies", "remove", "tafel-tours");
  expect(await sitemapLocs(page.request)).not.toContain(paths.caseStudy("tafel-tours"));
});
