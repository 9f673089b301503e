import type { Locator, Page } from "@playwright/test";

/** Opens the workspace's menu where a phone's width folds it behind "Menu"; wider, the nav is in the header. */
export async function openNav(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
}

/** Clicks one of the workspace nav's links; returns the "Leave without saving?" dialog a form with unsaved changes brings. */
export async function followNavLink(page: Page, name: string): Promise<Locator> {
  await openNav(page);
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name, exact: true }).click();
  return page.getByRole("dialog", { name: "Leave without saving?" });
}
