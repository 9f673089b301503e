import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { expect, test } from "./fixtures";

// How a page answers its first keys (docs/decisions/046-first-interaction.md): typing needs
// no React, so React waits until the visitor pauses, and a form sent before that posts as
// it does without JavaScript. How fast is the bench's (npm run bench:interaction).

/** The browser suite's server writes here (playwright.config.ts). */
const databaseFile = path.join("tests", ".tmp", "browser-data", "site.sqlite");

function subscribersWithEmail(email: string): number {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE email = ?").get(email) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Whether React had hydrated the page at each character typed, as the page saw it. */
async function watchHydrationWhileTyping(page: Page) {
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { __hydratedAtInput: boolean[] }).__hydratedAtInput = seen;
    document.addEventListener(
      "input",
      () => seen.push(document.documentElement.hasAttribute("data-hydrated")),
      true,
    );
  });
}

const hydratedAtInput = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hydratedAtInput: boolean[] }).__hydratedAtInput);

test("on /news, every key typed before React runs is kept, and React starts once the visitor pauses", async ({
  page,
}) => {
  await watchHydrationWhileTyping(page);
  await page.goto(paths.news);
  const email = `early-${unique()}@example.co.za`;
  const field = page.getByLabel("Email address");
  await field.click();
  await field.pressSequentially(email, { delay: 20 });
  // No character was typed into a page React was hydrating or had hydrated.
  const seen = await hydratedAtInput(page);
  expect(seen).toHaveLength(email.length);
  expect(seen.every((hydrated) => !hydrated)).toBe(true);
  await expect(field).toHaveValue(email);
  // The pause starts React; hydration leaves the typed value as it is.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
  await expect(field).toHaveValue(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText(
    "Please check your inbox and confirm your subscription.",
  );
  expect(subscribersWithEmail(email)).toBe(1);
});

test("on /news, a form sent straight after typing, before React runs, posts and is accepted", async ({
  page,
}) => {
  await page.goto(paths.news);
  const email = `quick-${unique()}@example.co.za`;
  const field = page.getByLabel("Email address");
  await field.click();
  await field.pressSequentially(email, { delay: 10 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Almost there!" })).toBeVisible();
  expect(subscribersWithEmail(email)).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("on /news, the newsletter form takes every key and is accepted", async ({ page }) => {
    await page.goto(paths.news);
    const email = `nojs-typed-${unique()}@example.co.za`;
    const field = page.getByLabel("Email address");
    await field.click();
    await field.pressSequentially(email, { delay: 10 });
    await expect(field).toHaveValue(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Almost there!" })).toBeVisible();
    expect(subscribersWithEmail(email)).toBe(1);
  });
});

test("a page that hydrates on load still does so when nobody touches it", async ({ page }) => {
  await page.goto(paths.websiteDesign);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
});
