import { paths } from "../../shared/paths";
import { expect, test } from "./fixtures";

/**
 * Kept pages (docs/decisions/015-page-cache.md) in a real browser: their inline scripts
 * run under the hash-based policy (the fixture fails the test on any CSP violation), the
 * page hydrates and navigates on the client, and a form page's fresh start field works.
 */

for (const path of [paths.home, paths.about, paths.caseStudy("craft"), paths.news]) {
  test(`${path}: a kept copy runs its scripts under the hash policy and hydrates`, async ({ page }) => {
    await page.goto(path);
    const response = await page.goto(path);
    expect(response?.headers()["x-page-cache"]).toMatch(/^hit/);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    // Its scripts start after the first paint; hydration is done once the network is quiet.
    await page.waitForLoadState("networkidle");
    // Hydrated: the header's link navigates on the client, without a document request.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.getByRole("banner").getByRole("link", { name: "Projects", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.projects}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual([]);
  });
}
