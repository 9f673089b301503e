import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";

/** How the header lays out: its height, whether the drawer's button shows, and any label on two lines. */
async function headerLayout(page: Page) {
  return page.locator("header").evaluate((header) => {
    const lineCount = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      // One rectangle per line box the text occupies.
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const bar = header.querySelector<HTMLElement>("nav[aria-label='Main']");
    const barShown = bar !== null && bar.offsetParent !== null;
    const labels = [header.querySelector("a span"), ...(barShown ? bar.querySelectorAll("a") : [])];
    const brand = header.querySelector("a")!.getBoundingClientRect();
    return {
      height: header.getBoundingClientRect().height,
      drawerButton:
        header.querySelector<HTMLElement>("button[aria-label='Open menu']")!.offsetParent !== null,
      wrapped: labels.filter((label) => label && lineCount(label) > 1).map((label) => label!.textContent),
      // The bar neither overlaps the name nor runs past the window.
      fits:
        !barShown ||
        (bar.getBoundingClientRect().left >= brand.right && bar.getBoundingClientRect().right <= innerWidth),
    };
  });
}

test("the header stays one line on portrait tablets: same height as at 1280 px, no label wrapped", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(paths.caseStudies);
  const wide = await headerLayout(page);
  expect(wide).toMatchObject({ drawerButton: false, wrapped: [], fits: true });
  for (const width of [768, 800, 834, 860]) {
    await page.setViewportSize({ width, height: 1024 });
    const layout = await headerLayout(page);
    expect(layout.wrapped, `labels on two lines at ${width} px`).toEqual([]);
    expect(layout.fits, `the bar fits beside the name at ${width} px`).toBe(true);
    if (!layout.drawerButton) expect(layout.height, `header height at ${width} px`).toBe(wide.height);
  }
});

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the website-types table scrolls sideways, by keyboard too, to its Includes column", async ({
    page,
  }) => {
    await page.goto(paths.websiteDesign);
    const region = page.getByRole("region", { name: "Website types table" });
    const includes = region.getByRole("columnheader", { name: "Includes" });
    await region.scrollIntoViewIfNeeded();
    await expect(page.getByText("Scroll sideways to see what each type includes.")).toBeVisible();
    const size = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(size.scroll).toBeGreaterThan(size.client);
    // The page itself never scrolls sideways: only the table's box does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await expect(includes).not.toBeInViewport({ ratio: 1 });

    await region.focus();
    await expect(region).toBeFocused();
    for (
      let i = 0;
      i < 20 && (await region.evaluate((el) => el.scrollLeft)) < size.scroll - size.client;
      i++
    ) {
      await page.keyboard.press("ArrowRight");
    }
    await expect(includes).toBeInViewport({ ratio: 1 });
    await expect(region.getByRole("cell", { name: /^Secure log-in areas/ })).toBeInViewport({ ratio: 1 });
  });
});

test("at 1280 px the website-types table fits without a scroll hint", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(paths.websiteDesign);
  const region = page.getByRole("region", { name: "Website types table" });
  await region.scrollIntoViewIfNeeded();
  await expect(page.getByText("Scroll sideways to see what each type includes.")).toBeHidden();
  const size = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(size.scroll).toBe(size.client);
});
