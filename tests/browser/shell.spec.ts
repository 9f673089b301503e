import { paths } from "#shared/paths.ts";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import { pageTitles } from "#tests/support/page-titles.ts";
import { expect, pageViewsOf, test, waitForHydration } from "./fixtures";

const brand = defaultSiteSettings.brandName;

for (const [url, name] of pageTitles) {
  test(`${url} is titled '${name} - brand', has one h1 and no console errors`, async ({ page }) => {
    await page.goto(url);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(name)}.* - ${escapeRegExp(brand)}$`));
    await expect(page.locator("h1")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
  });
}

test("an unknown path shows the 404 page, titled with the path, and logs it", async ({
  page,
  consoleMessages,
}) => {
  const response = await page.goto("/missing/page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`/missing/page - ${brand}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect.poll(() => consoleMessages.some((m) => m.includes("/missing/page"))).toBe(true);
});

/** requirements §2: the header links, in order; the drawer shows the same. */
const mainNavLabels = ["Home", "Projects", "News", "Case Studies", "Services", "About", "Contact"];

test("the header highlights the current page", async ({ page }) => {
  await page.goto(paths.projects);
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByRole("link")).toHaveText(mainNavLabels);
  await expect(nav.getByRole("link", { name: "Projects" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Projects" })).not.toHaveAttribute("aria-current", "page");
});

test("a case study's page highlights Case Studies, as a service page highlights Services", async ({
  page,
}) => {
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await page.goto(paths.caseStudy("craft"));
  await expect(nav.getByRole("link", { name: "Case Studies" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current='page']")).toHaveCount(1);
  await page.goto(paths.websiteDesign);
  await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current='page']")).toHaveCount(1);
});

test("the footer has the quick links, service links, contact block and copyright", async ({ page }) => {
  await page.goto(paths.home);
  const footer = page.getByRole("contentinfo");
  for (const [label, href] of [
    ["Home", "/"],
    ["Projects", "/projects"],
    ["Tech News", "/news"],
    ["Case Studies", "/case-studies"],
    ["About Us", "/about"],
    ["Privacy & Cookie Policy", "/privacy-policy"],
    ["Website Design", "/services/website-design"],
    ["Web App Development", "/services/web-app-development"],
    ["UI/UX Design", "/"],
    ["Software Maintenance", "/"],
  ]) {
    await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(footer.getByRole("link", { name: defaultSiteSettings.email })).toHaveAttribute(
    "href",
    `mailto:${defaultSiteSettings.email}`,
  );
  await expect(footer.getByRole("link", { name: defaultSiteSettings.phoneDisplay })).toHaveAttribute(
    "href",
    `tel:${defaultSiteSettings.phone}`,
  );
  await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
    "href",
    defaultSiteSettings.linkedinUrl,
  );
  await expect(footer).toContainText("Cape Town");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${brand}`);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto(paths.about);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test.describe("below 768 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu opens a drawer that closes when an item is chosen", async ({ page }) => {
    await page.goto(paths.home);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Site navigation" });
    await expect(drawer).toBeVisible();
    // Once its slide-in ends, the drawer sits against the right edge.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      })
      .toBe(375);
    await drawer.getByRole("link", { name: "News" }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(drawer).toBeHidden();
  });

  // The same markup with and without React running the page (docs/decisions/019-pages-without-a-framework.md).
  for (const path of [paths.home, paths.bookAppointment]) {
    test(`${path}: Tab stays in the drawer; Escape, an outside click and a choice close it`, async ({
      page,
    }) => {
      await page.goto(path);
      if (path === paths.bookAppointment) await waitForHydration(page);
      const menuButton = page.getByRole("button", { name: "Open menu" });
      await menuButton.click();
      const drawer = page.getByRole("dialog", { name: "Site navigation" });
      await expect(drawer).toBeVisible();
      // Focus stays inside the drawer while it is open.
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(menuButton).toBeFocused();
      await menuButton.click();
      await expect(drawer).toBeVisible();
      await page.mouse.click(20, 400);
      await expect(drawer).toBeHidden();
      await expect(menuButton).toBeFocused();
      await menuButton.click();
      await drawer.getByRole("link", { name: "Projects" }).click();
      await expect(page).toHaveURL(/\/projects$/);
    });
  }
});

test.describe("below 768 px without JavaScript", () => {
  test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });

  test("the menu button still opens the drawer, which closes and whose links work", async ({ page }) => {
    await page.goto(paths.about);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const drawer = page.getByRole("dialog", { name: "Site navigation" });
    await expect(drawer).toBeHidden();
    await menuButton.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link")).toHaveText(mainNavLabels);
    await expect(drawer.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    // A modal dialog without any script: the page behind is inert, so Tab never reaches it
    // (past the last link focus may visit the browser's own toolbar, then comes back).
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      const where = await drawer.evaluate((el) =>
        el.contains(document.activeElement) ? "drawer" : (document.activeElement?.tagName ?? "none"),
      );
      expect(["drawer", "BODY"]).toContain(where);
    }
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
    await menuButton.click();
    await page.mouse.click(20, 400);
    await expect(drawer).toBeHidden();
    await menuButton.click();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await menuButton.click();
    await drawer.getByRole("link", { name: "News" }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tech News & Updates");
  });
});

test("every page load sends one page view with its path and title, with React or without", async ({
  page,
}) => {
  await page.goto(paths.home);
  await expect
    .poll(() => pageViewsOf(page))
    .toEqual([{ event: "page_view", page_path: "/", page_title: `Home - ${brand}` }]);
  // Navigation is a page load: the next page counts its own view.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect
    .poll(() => pageViewsOf(page))
    .toEqual([{ event: "page_view", page_path: "/projects", page_title: `Projects - ${brand}` }]);
  // A page that hydrates counts once too, not again when React starts.
  await page.goto(paths.websiteDesign);
  await waitForHydration(page);
  expect(await pageViewsOf(page)).toEqual([
    { event: "page_view", page_path: "/services/website-design", page_title: `Website Design - ${brand}` },
  ]);
});

test("pages with only links, the menu and consent request no script file at all", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of [paths.home, paths.projects, paths.caseStudy("craft"), paths.contact]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // The news page starts React only when its form is used.
  await page.goto(paths.news);
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
});

test("pages name same-origin pages for prerendering on hover", async ({ page }) => {
  await page.goto(paths.home);
  const rules = JSON.parse((await page.locator("script[type='speculationrules']").textContent()) ?? "{}") as {
    prerender: Array<{ eagerness: string }>;
  };
  expect(rules.prerender[0]?.eagerness).toBe("moderate");
  expect(await page.evaluate(() => HTMLScriptElement.supports?.("speculationrules"))).toBe(true);
});

test("every navigation starts at the top of the new page", async ({ page }) => {
  await page.goto(paths.home);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
