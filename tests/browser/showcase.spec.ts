import { screenshotPlaceholders, serviceScreenshots } from "#data/service-screenshots.ts";
import { paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";
import { holdRequests } from "./hold-requests";

const slideCount = Math.max(
  screenshotPlaceholders["website-design"].length,
  ...serviceScreenshots.filter((shot) => shot.service_page === "website-design").map((shot) => shot.position),
);

test.describe("website design portfolio carousel", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(paths.websiteDesign);
    // The carousel's controls work once the page has hydrated.
    await page.waitForLoadState("networkidle");
  });

  test("shows uploaded screenshots and placeholders for empty positions", async ({ page }) => {
    const carousel = page.getByRole("region", { name: "Our Website Portfolio: screenshots" });
    const uploaded = serviceScreenshots.filter((shot) => shot.service_page === "website-design");
    await expect(carousel.locator("[aria-roledescription='slide'] img")).toHaveCount(uploaded.length);
    for (let position = 1; position <= slideCount; position++) {
      if (uploaded.some((shot) => shot.position === position)) continue;
      await expect(carousel.getByText(`Screenshot Placeholder ${position}`)).toHaveCount(1);
    }
    await expect(carousel.getByText("Upload via Admin Portal").first()).toBeAttached();
  });

  test("next and previous buttons move one slide and loop at both ends", async ({ page }) => {
    const counter = page.getByText(new RegExp(`^\\d+ / ${slideCount}$`));
    await expect(counter).toHaveText(`1 / ${slideCount}`);
    await page.getByRole("button", { name: "Next screenshot" }).click();
    await expect(counter).toHaveText(`2 / ${slideCount}`);
    await page.getByRole("button", { name: "Previous screenshot" }).click();
    await page.getByRole("button", { name: "Previous screenshot" }).click();
    await expect(counter).toHaveText(`${slideCount} / ${slideCount}`);
    await page.getByRole("button", { name: "Next screenshot" }).click();
    await expect(counter).toHaveText(`1 / ${slideCount}`);
  });

  test("arrow keys move the carousel when it has focus", async ({ page }) => {
    const counter = page.getByText(new RegExp(`^\\d+ / ${slideCount}$`));
    await page.getByRole("region", { name: "Our Website Portfolio: screenshots" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`2 / ${slideCount}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`${slideCount} / ${slideCount}`);
  });

  test("only the current slide is exposed to screen readers", async ({ page }) => {
    const slides = page.locator("[aria-roledescription='slide']");
    await expect(slides.nth(0)).not.toHaveAttribute("aria-hidden", "true");
    await expect(slides.nth(1)).toHaveAttribute("aria-hidden", "true");
  });

  test("neighbouring slides show at the sides on large screens", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const carousel = page.getByRole("region", { name: "Our Website Portfolio: screenshots" });
    const box = await carousel.boundingBox();
    const slideBoxes = await carousel
      .locator("[aria-roledescription='slide']")
      .evaluateAll((slides) =>
        slides
          .map((slide) => slide.getBoundingClientRect())
          .map((rect) => ({ left: rect.left, right: rect.right })),
      );
    const visible = slideBoxes.filter((rect) => rect.right > box!.x && rect.left < box!.x + box!.width);
    expect(visible.length).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("button", { name: "Show screenshot 1" })).toBeHidden();
  });
});

test("a thumbnail strip on small screens picks a slide", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(paths.websiteDesign);
  await page.waitForLoadState("networkidle");
  const thumbnails = page.getByRole("button", { name: /^Show screenshot \d+$/ });
  await expect(thumbnails).toHaveCount(slideCount);
  await page.getByRole("button", { name: "Show screenshot 3" }).click();
  await expect(page.getByText(new RegExp(`^\\d+ / ${slideCount}$`))).toHaveText(`3 / ${slideCount}`);
  await expect(page.getByRole("button", { name: "Show screenshot 3" })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test.describe("the carousel's script loads when the carousel comes on screen", () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test("not at first paint while it is below the fold; scrolled to, it loads and works", async ({ page }) => {
    const carouselScripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" && request.url().includes("embla"))
        carouselScripts.push(request.url());
    });
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    expect(carouselScripts).toEqual([]);
    const carousel = page.getByRole("region", { name: "Our Website Portfolio: screenshots" });
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => carouselScripts.length).toBe(1);
    await page.getByRole("button", { name: "Next screenshot" }).click();
    await expect(page.getByText(new RegExp(`^\\d+ / ${slideCount}$`))).toHaveText(`2 / ${slideCount}`);
  });

  test("a press before it arrives is carried out when it does", async ({ page }) => {
    const release = await holdRequests(page, /embla[^/]*\.js$/);
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    const counter = page.getByText(new RegExp(`^\\d+ / ${slideCount}$`));
    await page.getByRole("button", { name: "Next screenshot" }).click();
    await expect(counter).toHaveText(`1 / ${slideCount}`);
    release();
    await expect(counter).toHaveText(`2 / ${slideCount}`);
  });
});

test.describe("presses made while the carousel's script is on its way", () => {
  test.use({ viewport: { width: 375, height: 700 } });

  test("are each carried out, in order, when it arrives", async ({ page }) => {
    test.skip(slideCount < 3, "needs three slides");
    const release = await holdRequests(page, /embla[^/]*\.js$/);
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    const counter = page.getByText(new RegExp(`^\\d+ / ${slideCount}$`));
    const next = page.getByRole("button", { name: "Next screenshot" });
    await next.click();
    await next.click();
    await expect(counter).toHaveText(`1 / ${slideCount}`);
    release();
    await expect(counter).toHaveText(`3 / ${slideCount}`);
  });
});
