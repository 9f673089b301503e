import path from "node:path";
import sharp from "sharp";
import { paths } from "#shared/paths.ts";
import { addScreenshotArguments } from "#tests/support/cli-arguments.ts";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

let server: OwnServer;
const cli = (...args: string[]) => server.cli(...args);

test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(async () => server.stop());

test("a screenshot uploaded with the admin CLI replaces its slide without a restart", async ({ page }) => {
  const file = path.join(server.dataDir, "upload.png");
  await sharp({ create: { width: 2000, height: 1250, channels: 3, background: "#0f766e" } })
    .png()
    .toFile(file);
  await cli(...addScreenshotArguments("website-design", "2", file, "--alt", "Harbour Bank portal"));
  const [uploaded] = JSON.parse((await cli("screenshots", "list", "--json")).stdout) as Array<{
    id: number;
    imageUrl: string;
  }>;
  if (!uploaded) throw new Error("the CLI listed no screenshot");

  const uploads: Array<{ status: number; cache: string | undefined }> = [];
  page.on("response", (response) => {
    if (response.url().includes("/uploads/")) {
      uploads.push({ status: response.status(), cache: response.headers()["cache-control"] });
    }
  });
  await page.goto(`${server.url}${paths.websiteDesign}`);
  // The carousel's buttons work once the page has hydrated (its scripts start after the first paint).
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Next screenshot" }).click();
  const image = page.getByRole("img", { name: "Harbour Bank portal" });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // Chromium picks the AVIF variant from the <picture>.
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  expect(uploads.length).toBeGreaterThan(0);
  for (const upload of uploads) {
    expect(upload).toEqual({ status: 200, cache: "public, max-age=31536000, immutable" });
  }

  await cli("screenshots", "remove", String(uploaded.id));
  // A kept copy of the page notices the change within about a second (decision 015).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("img", { name: "Harbour Bank portal" })).toHaveCount(0, { timeout: 100 });
  }).toPass({ timeout: 5_000 });
  const gone = await page.request.get(`${server.url}${uploaded.imageUrl}`);
  expect(gone.status()).toBe(404);
});
