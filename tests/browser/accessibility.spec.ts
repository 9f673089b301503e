import AxeBuilder from "@axe-core/playwright";
import { indexablePages, paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";

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
        await page.goto(route);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        const summary = results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
