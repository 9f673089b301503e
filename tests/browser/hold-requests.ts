import type { Page } from "@playwright/test";

/**
 * Holds back every request whose URL matches `url` until the returned `release` is called:
 * for what a page does while a script it asked for is still on its way.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
