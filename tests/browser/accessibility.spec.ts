import { indexablePages, paths } from "#shared/paths.ts";
import { expectNoAxeViolations } from "./axe";
import { test } from "./fixtures";

const routes = [
  ...indexablePages,
  paths.caseStudy("craft"),
  paths.caseStudy("no-such-study"),
  paths.newsArticle("react-native-or-native"),
  paths.newsCategory("web-development"),
  paths.thankYouWebApp,
  paths.thankYouWebsiteDesign,
  "/no/such/page",
  `${paths.newsletterConfirm}?token=not-a-token`,
  `${paths.newsletterUnsubscribe}?token=not-a-token`,
];

// Both themes (client/app.css): the dark one is the system's choice here, as a visitor's phone at night.
for (const [width, colorScheme] of [
  [375, "light"],
  [1280, "light"],
  [375, "dark"],
  [1280, "dark"],
] as const) {
  test.describe(`at ${width} px, ${colorScheme} theme`, () => {
    test.use({ viewport: { width, height: 900 }, colorScheme });
    for (const route of routes) {
      test(`${route} has no WCAG 2.2 AA violations`, async ({ page }) => {
        // The page as painted, with its font: axe reads the markup and computed colours, and
        // needs no quiet network (a page-view beacon answered late on a busy machine is not the page).
        await page.goto(route, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await expectNoAxeViolations(page);
      });
    }
  });
}
