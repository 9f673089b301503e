import { test as base, expect, type Locator, type Page } from "@playwright/test";

/**
 * Every browser test fails on a console error, an uncaught exception or a CSP
 * violation; tests that expect a console message read `consoleMessages`.
 */
export const test = base.extend<{ consoleMessages: string[]; expectedHttpErrors: string[] }>({
  /** URL paths a test makes fail on purpose (e.g. a fulfilled 500); other failed requests fail the test. */
  expectedHttpErrors: [[], { option: true }],
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  consoleMessages: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleMessages, expectedHttpErrors }, use) => {
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on("console", (message) => {
      consoleMessages.push(`${message.type()}: ${message.text()}`);
      // A failed load is reported below with its URL; a 404 *page* is expected in some tests.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(message.text());
      }
    });
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const expected = expectedHttpErrors.includes(new URL(response.url()).pathname);
      if (response.status() >= 400 && type !== "document" && !expected) {
        problems.push(`${response.status()} ${response.url()}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, "console errors, exceptions or CSP violations").toEqual([]);
  },
});

/** Waits until React has hydrated the page (client/root.tsx marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The font family an element is drawn in, to compare a part with the page's body. */
export function fontFamilyOf(element: Locator): Promise<string> {
  return element.evaluate((node) => getComputedStyle(node).fontFamily);
}

/** The page views in this document's dataLayer. */
export function pageViewsOf(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === "page_view"),
  );
}

export { expect };
