import type { Page, Request } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "#scripts/lib/chromium.ts";
import { PAGE_VIEW_ENDPOINT } from "#shared/page-view-beacon.ts";
import { paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";

// Playwright turns the back/forward cache off; a restore must be possible to show it sends nothing.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

/** Every page-view beacon the page sends, as its parsed body. */
function recordBeacons(page: Page): Array<Record<string, string>> {
  const beacons: Array<Record<string, string>> = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === PAGE_VIEW_ENDPOINT) {
      beacons.push(JSON.parse(request.postData() ?? "{}") as Record<string, string>);
    }
  });
  return beacons;
}

/** Lets a beacon that was going to be sent be sent (they go at once; this leaves room for a late one). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

test("a visit sends one beacon with its path, campaign, click kind and device, never the click id", async ({
  page,
}) => {
  const beacons = recordBeacons(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(
    `${paths.websiteDesign}?utm_source=linkedin&utm_medium=paid&utm_campaign=november-launch&gclid=abc123`,
  );
  await settle(page);
  expect(beacons).toEqual([
    { p: paths.websiteDesign, d: "phone", s: "linkedin", m: "paid", c: "november-launch", k: "gclid" },
  ]);
});

test("Back restores a page from the back/forward cache without a second beacon", async ({ page }) => {
  const beacons = recordBeacons(page);
  await page.goto(paths.about);
  await page.evaluate(() => {
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) document.documentElement.dataset.restored = "yes";
    });
  });
  await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goBack({ waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-restored", "yes");
  await settle(page);
  // One for each page shown; the restore adds none.
  expect(beacons.map((beacon) => beacon.p)).toEqual([paths.about, paths.contact]);
});

test("a prerendered page sends nothing until it is shown, then one beacon", async ({ page }) => {
  const beacons = recordBeacons(page);
  // As a page prerendered by the speculation rules is, until the visitor goes to it.
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, "prerendering", {
      get: () => prerendering,
      configurable: true,
    });
    Object.assign(window, {
      showPrerenderedPage: () => {
        prerendering = false;
        document.dispatchEvent(new Event("prerenderingchange"));
      },
    });
  });
  await page.goto(paths.services);
  await settle(page);
  expect(beacons).toEqual([]);
  await page.evaluate(() => (window as unknown as { showPrerenderedPage: () => void }).showPrerenderedPage());
  await settle(page);
  expect(beacons.map((beacon) => beacon.p)).toEqual([paths.services]);
});

for (const [setting, script] of [
  ["Do Not Track", () => Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" })],
  [
    "Global Privacy Control",
    () => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  ],
] as const) {
  test(`a browser with ${setting} sends no beacon`, async ({ page }) => {
    const beacons = recordBeacons(page);
    await page.addInitScript(script);
    await page.goto(paths.home);
    await settle(page);
    expect(beacons).toEqual([]);
  });
}

test("the 404 page sends no beacon", async ({ page, consoleMessages }) => {
  const beacons = recordBeacons(page);
  await page.goto("/no-such-page-here");
  await settle(page);
  expect(beacons).toEqual([]);
  expect(consoleMessages.some((message) => message.includes("404"))).toBe(true);
});

const visitorPages = [
  paths.home,
  paths.about,
  paths.services,
  paths.websiteDesign,
  paths.webAppDevelopment,
  paths.projects,
  paths.caseStudies,
  paths.news,
  paths.contact,
  paths.bookAppointment,
  paths.privacyPolicy,
];

test("no visitor page sets a cookie or writes to local or session storage", async ({ page, context }) => {
  const cookieHeaders: string[] = [];
  page.on("response", async (response) => {
    const header = await response.headerValue("set-cookie");
    if (header) cookieHeaders.push(`${response.url()}: ${header}`);
  });
  await page.addInitScript(() => {
    const writes: string[] = [];
    Object.assign(window, { storageWrites: writes });
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      writes.push(key);
      original.call(this, key, value);
    };
  });
  const beacons = recordBeacons(page);
  for (const path of visitorPages) {
    await page.goto(`${path}?utm_source=newsletter`);
    await settle(page);
    const writes = await page.evaluate(
      () => (window as unknown as { storageWrites: string[] }).storageWrites,
    );
    expect(writes, path).toEqual([]);
    expect(await page.evaluate(() => document.cookie), path).toBe("");
  }
  expect(cookieHeaders).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  expect(beacons.map((beacon) => beacon.p)).toEqual(visitorPages);
});
