import { paths } from "#shared/paths.ts";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Kept pages (docs/decisions/015-page-cache.md) in a real browser: their inline scripts
 * run under the hash-based policy (the fixture fails the test on any CSP violation), a
 * page that hydrates does so under it, and the next page is a page load answered from
 * the cache (docs/decisions/019-pages-without-a-framework.md).
 */

for (const path of [paths.home, paths.about, paths.caseStudy("craft"), paths.news, paths.websiteDesign]) {
  test(`${path}: a kept copy runs its scripts under the hash policy; a link loads the next kept page`, async ({
    page,
  }) => {
    await page.goto(path);
    const response = await page.goto(path);
    expect(response?.headers()["x-page-cache"]).toMatch(/^hit/);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    // The site script ran: this load's page view is in the dataLayer.
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).length)).toBeGreaterThan(0);
    if (path === paths.websiteDesign) await waitForHydration(page);
    if (path === paths.news) {
      // React starts when the visitor turns to the newsletter form.
      await page.getByLabel("Email address").focus();
      await waitForHydration(page);
    }
    await page.goto(paths.projects);
    const next = page.waitForResponse((r) => r.request().resourceType() === "document");
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
    expect((await next).headers()["x-page-cache"]).toBe("hit");
    await expect(page).toHaveURL(new RegExp(`${paths.about}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}
