import type { Page } from "@playwright/test";
import { indexablePages, paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";

/** The page colour of each theme (client/app.css --color-canvas), as computed styles give it. */
const canvas = { light: "rgb(255, 248, 241)", dark: "rgb(14, 20, 23)" } as const;

test.describe("theme", () => {
  test("follows the system until the visitor chooses, then keeps the choice from the first frame", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    // The background of <body> in the first animation frame, i.e. before the first paint.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame: string }).firstFrame = getComputedStyle(
          document.body,
        ).backgroundColor;
      });
    });
    const firstFrame = () => page.evaluate(() => (window as unknown as { firstFrame?: string }).firstFrame);
    // Polled: "load" can come before the first frame on a busy machine; the value is still
    // the one the first frame saw.
    await page.goto(paths.about);
    await expect.poll(firstFrame).toBe(canvas.dark);

    const toggle = page.getByRole("button", { name: "Dark theme" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator("body")).toHaveCSS("background-color", canvas.light);

    // Every later page starts in the chosen theme, though the system is still dark.
    for (const route of [paths.projects, paths.websiteDesign]) {
      await page.goto(route);
      await expect.poll(firstFrame).toBe(canvas.light);
      await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");
    }
    await page.getByRole("button", { name: "Dark theme" }).click();
    await page.reload();
    await expect.poll(firstFrame).toBe(canvas.dark);
  });

  test("without scripts the page follows the system and shows no theme button", async ({ browser }) => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme });
      const page = await context.newPage();
      await page.goto(paths.home);
      await expect(page.locator("body")).toHaveCSS("background-color", canvas[colorScheme]);
      await expect(page.getByRole("button", { name: "Dark theme" })).toBeHidden();
      await context.close();
    }
  });
});

/** The font Chromium drew an element's text in (not merely the one CSS asked for). */
async function renderedFont(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

test.describe("the brand font", () => {
  test("draws the headings and text of a page", async ({ page }) => {
    await page.goto(paths.about);
    await page.evaluate(() => document.fonts.ready);
    expect(await renderedFont(page, "h1")).toEqual(["Bricolage Grotesque 96pt ExtraBold"]);
    expect(await renderedFont(page, "main p")).toEqual(["Bricolage Grotesque 96pt ExtraBold"]);
  });

  test("is preloaded where text is the largest paint, and not where a picture is", async ({ page }) => {
    const preloads = () => page.locator('link[rel="preload"][as="font"]').count();
    for (const route of [paths.home, paths.about, paths.bookAppointment]) {
      await page.goto(route);
      expect(await preloads(), route).toBe(1);
    }
    for (const route of [paths.projects, paths.caseStudy("craft")]) {
      await page.goto(route);
      expect(await preloads(), route).toBe(0);
    }
  });

  for (const route of [
    ...indexablePages,
    paths.caseStudy("craft"),
    paths.newsArticle("react-native-or-native"),
  ]) {
    test(`late, moves nothing on ${route}`, async ({ page }) => {
      // The font comes after the first paint: the page keeps its fallback, and nothing shifts.
      await page.route("**/*.woff2", async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await request.continue();
      });
      await page.goto(route);
      await page.evaluate(() => document.fonts.ready);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(total), 1000);
          }),
      );
      expect(shift).toBe(0);
    });
  }
});

test.describe("motion", () => {
  test("nothing moves under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(paths.home);
    const durations = await page.evaluate(() =>
      [...document.querySelectorAll("*")].flatMap((element) => {
        const style = getComputedStyle(element);
        return [style.transitionDuration, style.animationDuration]
          .flatMap((value) => value.split(","))
          .map((value) => Number.parseFloat(value) * (value.trim().endsWith("ms") ? 1 : 1000))
          .filter((ms) => ms > 1);
      }),
    );
    expect(durations).toEqual([]);
  });
});
