import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createSession } from "#server/auth/sessions.ts";
import { addPasswordAccount, type PasswordAccount } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { totpCode } from "./workspace-server";
import { followNavLink } from "./leave-question";
import { addSessionCookie } from "./session-cookie";
import { useSignedInServer } from "./signed-in-server";

/**
 * Staff never lose work and see what went wrong (docs/decisions/065-never-lose-work.md,
 * 066-concurrent-editing.md): leaving with unsaved text asks; page copy and posts save a
 * draft by themselves and say when; a session that ended mid-edit signs in again over the
 * form and saves; a closed tab's text is offered back; two editors see each other and a
 * stale save is refused with both versions; a refused save takes the focus to an error
 * summary linked to its fields; limits count instead of cutting; the hero wraps a long
 * word at 360 px. At a phone's width and a desktop's.
 */
let thandi: PasswordAccount;
let sipho: PasswordAccount;
let siphoSession = "";
let thandiSession = "";
/** Posts the site ships with, one per test that edits one. */
const posts = ["core-web-vitals-and-conversion", "react-native-or-native", "practical-ai-customer-service"];

const own = useSignedInServer({ email: "owner@agency.test", role: "admin" }, async (_server, db) => {
  thandi = await addPasswordAccount(db, "thandi@agency.test", "editor");
  sipho = await addPasswordAccount(db, "sipho@agency.test", "editor");
  siphoSession = (await createSession(db, sipho.id, { ip: "127.0.0.1" })).token;
  thandiSession = (await createSession(db, thandi.id, { ip: "127.0.0.1" })).token;
});

// Refused saves on purpose: empty or too long (400), stale (409), and calls after the session ended (401).
test.use({
  expectedHttpErrors: [
    "/admin/api/pages/home",
    "/admin/api/pages/services",
    "/admin/api/pages/contact",
    `/admin/api/content/news/${posts[1]}`,
    `/admin/api/content/news/${posts[2]}`,
    "/admin/api/editing",
    "/admin/api/editing/draft",
    "/admin/api/editing/close",
  ],
});

// Each test edits the server's shared pages and posts: one at a time.
test.describe.configure({ mode: "serial" });

const url = (path: string) => `${own.server.url}${path}`;
const homeHeadline = (page: Page) =>
  page.getByRole("group", { name: "Opening" }).getByLabel("Headline", { exact: true });

/** A second browser, signed in as Sipho, at the same width. */
async function asSipho(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await addSessionCookie(context, siphoSession);
  return { context, page: await context.newPage() };
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("leaving a form with an unsaved edit asks first, in the page and on closing the tab", async ({
      page,
    }) => {
      await page.goto(url("/admin/pages/home"));
      await homeHeadline(page).fill(`Unsaved at ${width}`);
      const dialog = await followNavLink(page, "Leads");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Stay on this page" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/admin\/pages\/home$/);
      await expect(homeHeadline(page)).toHaveValue(`Unsaved at ${width}`);

      const asked = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      const question = await asked;
      expect(question.type()).toBe("beforeunload");
      await question.accept();
    });

    test("leaving by the dialog's second choice goes where the link pointed", async ({ page }) => {
      await page.goto(url("/admin/pages/home"));
      await homeHeadline(page).fill(`Left at ${width}`);
      await followNavLink(page, "Leads");
      await page.getByRole("button", { name: "Leave without saving" }).click();
      await expect(page).toHaveURL(/\/admin\/leads$/);
    });

    test("a post saves a draft by itself, says when, and a reload shows the text", async ({
      page,
      request,
    }) => {
      const post = posts[0] ?? "";
      await page.goto(url(`/admin/content/news/${post}`));
      const excerpt = page.getByLabel("Excerpt", { exact: false }).first();
      const typed = `Typed and kept at ${width} px`;
      const kept = page.waitForResponse(
        (response) => response.url().endsWith("/admin/api/editing/draft") && response.ok(),
        { timeout: 15_000 },
      );
      await excerpt.fill(typed);
      await kept;
      await expect(page.getByText(/^Saved \d\d:\d\d as your draft\./)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Excerpt", { exact: false }).first()).toHaveValue(typed);
      await expect(page.getByText(/^Saved \d\d:\d\d as your draft\./)).toBeVisible();
      // Never published: visitors still read the post as it was.
      expect(await (await request.get(url(`/news/${post}`))).text()).not.toContain(typed);
    });

    test("a save after the session ended signs in over the form, then saves, nothing retyped", async ({
      page,
      context,
    }) => {
      const post = posts[1] ?? "";
      // Thandi, who signs in again with her password and code.
      await addSessionCookie(context, thandiSession);
      await page.goto(url(`/admin/content/news/${post}`));
      const typed = `Saved after signing in again at ${width}`;
      await page.getByLabel("Excerpt", { exact: false }).first().fill(typed);
      // Cookies cleared: as a session ended by 30 idle minutes.
      await context.clearCookies();
      await page.getByRole("button", { name: "Save changes" }).click();
      const signIn = page.getByRole("dialog", { name: "Sign in again to save" });
      await expect(signIn).toBeVisible();
      await signIn.getByLabel("E-mail address").fill(thandi.email);
      await signIn.getByLabel("Password", { exact: true }).fill(thandi.password);
      await signIn.getByRole("button", { name: "Continue" }).click();
      await signIn
        .getByLabel("Authenticator code")
        .fill(await totpCode(thandi.secret, width === 1280 ? 1 : 0));
      await signIn.getByRole("button", { name: "Sign in" }).click();
      await expect(signIn).toBeHidden();
      await expect(page.getByText(/^Saved \d\d:\d\d\.$/)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Excerpt", { exact: false }).first()).toHaveValue(typed);
      await expect(page.getByText(/as your draft/)).toHaveCount(0);
    });

    test("a tab closed before saving offers its text back when the form opens again", async ({ context }) => {
      const first = await context.newPage();
      await first.goto(url("/admin/pages/about"));
      const field = first.getByRole("textbox").first();
      const typed = `Closed tab text at ${width}`;
      await field.fill(typed);
      // Kept in this browser at once; closed before the draft's few seconds pass.
      await first.waitForTimeout(700);
      await first.close();
      const again = await context.newPage();
      await again.goto(url("/admin/pages/about"));
      await again.getByRole("button", { name: "Restore your unsaved text" }).click();
      await expect(again.getByRole("textbox").first()).toHaveValue(typed);
    });

    test("two editors see each other, and the later save is refused with both versions", async ({
      page,
      browser,
    }) => {
      await page.goto(url("/admin/pages/services"));
      const other = await asSipho(browser, width);
      try {
        await other.page.goto(url("/admin/pages/services"));
        await expect(other.page.getByText("owner@agency.test is editing this too")).toBeVisible();
        await page.reload();
        await expect(page.getByText("sipho@agency.test is editing this too")).toBeVisible();

        const siphos = `Sipho's words at ${width}`;
        await other.page.getByRole("textbox").first().fill(siphos);
        await other.page.getByRole("button", { name: "Publish" }).click();
        await expect(other.page.getByRole("link", { name: "View on site" })).toBeVisible();

        const mine = `The owner's words at ${width}`;
        await page.getByRole("textbox").first().fill(mine);
        await page.getByRole("button", { name: "Publish" }).click();
        const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
        await expect(summary).toBeFocused();
        await expect(summary).toContainText("sipho@agency.test saved a newer version");
        const both = page.getByRole("region", { name: /sipho@agency\.test saved a newer version/ });
        await expect(both.getByText(siphos)).toBeVisible();
        await expect(both.getByText(mine)).toBeVisible();
        expect(await (await page.request.get(url("/services"))).text()).toContain(
          siphos.replace("'", "&#x27;"),
        );

        // Having seen theirs, keeping hers saves over it knowingly.
        await both.getByRole("button", { name: "Keep my version" }).click();
        await expect(page.getByRole("link", { name: "View on site" })).toBeVisible();
        expect(await (await page.request.get(url("/services"))).text()).toContain(
          mine.replace("'", "&#x27;"),
        );
      } finally {
        await other.context.close();
      }
    });

    test("a refused publish takes the focus to an error summary whose links go to the fields", async ({
      page,
    }) => {
      await page.goto(url("/admin/pages/home"));
      await homeHeadline(page).fill("");
      await page.getByRole("button", { name: "Publish" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await summary.getByRole("link", { name: "Headline cannot be empty." }).click();
      await expect(homeHeadline(page)).toBeFocused();

      // The same on a post's form.
      await page.goto(url(`/admin/content/news/${posts[2] ?? ""}`));
      await page.getByLabel("Headline", { exact: true }).fill("");
      await page.getByRole("button", { name: "Save changes" }).click();
      const postSummary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(postSummary).toBeFocused();
      await postSummary.getByRole("link").first().click();
      await expect(page.getByLabel("Headline", { exact: true })).toBeFocused();
    });

    test("a limit counts while typing, nothing is cut, and over it is refused with a sentence", async ({
      page,
    }) => {
      await page.goto(url("/admin/pages/home"));
      const long = "x".repeat(70);
      await homeHeadline(page).fill(long);
      await expect(homeHeadline(page)).toHaveValue(long);
      await expect(page.getByText("10 characters too many: at most 60", { exact: true })).toBeVisible();
      await homeHeadline(page).fill("Short");
      await expect(page.getByText("5 of 60 characters", { exact: true })).toBeVisible();
      await homeHeadline(page).fill(long);
      await page.getByRole("button", { name: "Publish" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toBeFocused();
      await expect(
        summary.getByRole("link", { name: /Headline must be at most 60 characters/ }),
      ).toBeVisible();
    });
  });
}

test.describe("the hero at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });
  test("a 60-character unbroken headline wraps; the subtitle and button stay in view", async ({ page }) => {
    await page.goto(url("/admin/pages/home"));
    const word = "Supercalifragilisticexpialidocious".repeat(2).slice(0, 60);
    await homeHeadline(page).fill(word);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("link", { name: "View on site" })).toBeVisible();
    await page.goto(url("/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(word);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    const button = page.getByRole("link", { name: "See Our Projects" });
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});

test("a save made while a draft is on its way leaves no draft behind", async ({ page }) => {
  await page.goto(url("/admin/pages/about"));
  // The draft leaves the page three seconds after typing; it is held on the way, so that
  // a publish sent meanwhile would reach the server first and the draft after it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let draftLeft = () => {};
  const leaving = new Promise<void>((resolve) => (draftLeft = resolve));
  await page.route("**/admin/api/editing/draft", async (route) => {
    draftLeft();
    await held;
    await route.continue();
  });
  const typed = "Published while a draft was on its way";
  await page.getByRole("textbox").first().fill(typed);
  await leaving;
  await page.getByRole("button", { name: "Publish" }).click();
  await page
    .waitForResponse((response) => response.url().endsWith("/admin/api/pages/about"), { timeout: 1_500 })
    .catch(() => undefined);
  release();
  await expect(page.getByRole("link", { name: "View on site" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox").first()).toHaveValue(typed);
  await expect(page.getByText(/as your draft/)).toHaveCount(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a form with its error summary, someone else editing and the leave question passes axe in the ${colorScheme} theme`, async ({
    page,
    browser,
  }) => {
    await page.emulateMedia({ colorScheme });
    const other = await asSipho(browser, 1280);
    try {
      await other.page.goto(url("/admin/pages/contact"));
      await page.goto(url("/admin/pages/contact"));
      await expect(page.getByText("sipho@agency.test is editing this too")).toBeVisible();
      await page.getByRole("textbox").first().fill("");
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
      await expectNoAxeViolations(page);
      // Typed again: the draft kept since then holds the earlier text, not this.
      await page.getByRole("textbox").first().fill("Typed just now");
      await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Leads" }).click();
      await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await other.context.close();
    }
  });
}
