import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ GTM_ID: "GTM-TEST123" });
});
test.afterAll(async () => server.stop());

/** Records requests to Tag Manager and answers them with an empty script (no internet here). */
async function watchTagManager(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  return requests;
}

test("with analytics configured, Tag Manager waits for consent and loads once allowed", async ({ page }) => {
  const requests = await watchTagManager(page);
  await page.goto(`${server.url}${paths.home}`);
  const banner = page.getByRole("region", { name: "Cookies on this site" });
  await expect(banner).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);

  await banner.getByRole("button", { name: "Accept all" }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => requests).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
  const consent = await page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((e) => e[0] === "consent"),
  );
  expect(consent.at(-1)).toEqual([
    "consent",
    "update",
    expect.objectContaining({ analytics_storage: "granted" }),
  ]);

  // The choice is remembered: no banner, and Tag Manager loads straight away.
  await page.reload();
  await expect(banner).toBeHidden();
  await expect.poll(() => requests.length).toBe(2);
});

test("rejecting optional cookies keeps Tag Manager away; the footer reopens the choice", async ({ page }) => {
  const requests = await watchTagManager(page);
  await page.goto(`${server.url}${paths.about}`);
  const banner = page.getByRole("region", { name: "Cookies on this site" });
  await banner.getByRole("button", { name: "Reject optional cookies" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(banner).toBeHidden();
  expect(requests).toEqual([]);

  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner).toBeVisible();
  await banner.getByLabel("Statistics").check();
  await banner.getByRole("button", { name: "Save my choices" }).click();
  await expect.poll(() => requests.length).toBe(1);
});

test("without analytics configured there is no banner and no third-party request", async ({
  page,
  baseURL,
}) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== baseURL) thirdParty.push(request.url());
  });
  await page.goto(paths.home);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: "Cookies on this site" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
  expect(thirdParty).toEqual([]);
});
