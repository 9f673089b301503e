import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { startBuiltServer, type BuiltServer } from "../../scripts/lib/built-server";
import { paths } from "../../shared/paths";
import { expect, test } from "./fixtures";

const run = promisify(execFile);
let dataDir: string;
let server: BuiltServer;

/** The admin CLI as an admin runs it on the server, on the running server's data folder. */
const admin = (...args: string[]) =>
  run(process.execPath, ["build/admin/index.js", ...args], { env: { ...process.env, DATA_DIR: dataDir } });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-admin-browser-"));
  server = await startBuiltServer({ DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a screenshot uploaded with the admin CLI replaces its slide without a restart", async ({ page }) => {
  const file = path.join(dataDir, "upload.png");
  await sharp({ create: { width: 2000, height: 1250, channels: 3, background: "#0f766e" } })
    .png()
    .toFile(file);
  await admin(
    "screenshots",
    "add",
    "--page",
    "website-design",
    "--position",
    "2",
    file,
    "--alt",
    "Harbour Bank portal",
  );
  const [uploaded] = JSON.parse((await admin("screenshots", "list", "--json")).stdout) as Array<{
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

  await admin("screenshots", "remove", String(uploaded.id));
  await page.reload();
  await expect(page.getByRole("img", { name: "Harbour Bank portal" })).toHaveCount(0);
  const gone = await page.request.get(`${server.url}${uploaded.imageUrl}`);
  expect(gone.status()).toBe(404);
});
