import { chromiumFlags, chromiumPath } from "#scripts/lib/chromium.ts";
import { paths } from "#shared/paths.ts";
import { expect, pageViewsOf, test } from "./fixtures";

// Playwright turns the back/forward cache off; the site must keep its pages eligible for
// it (no unload handler, no no-store on kept pages: docs/decisions/019-pages-without-a-framework.md).
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

for (const path of [paths.about, paths.websiteDesign]) {
  test(`${path}: Back restores it from the back/forward cache, and it counts a page view`, async ({
    page,
  }) => {
    await page.goto(path);
    await page.evaluate(() => {
      window.addEventListener("pageshow", (event) => {
        if (event.persisted) document.documentElement.dataset.restored = "yes";
      });
    });
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // A restored page fires no load event: wait for the navigation to commit only.
    await page.goBack({ waitUntil: "commit" });
    await expect(page.locator("html")).toHaveAttribute("data-restored", "yes");
    expect(await pageViewsOf(page)).toHaveLength(2);
  });
}
