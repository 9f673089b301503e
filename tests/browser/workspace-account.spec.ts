import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { acceptInvitation, addPasskey, totpCode, useWorkspaceServer } from "./workspace-server";

/**
 * The account page's own sign-in settings in a real browser: changing the password after
 * "Confirm it's you", which signs the other browser out, and the signed-in browsers list
 * (docs/decisions/032-step-up-notices-and-sessions.md).
 */
const server = useWorkspaceServer();

const at = (path: string) => `${server.url}${path}`;

async function signIn(page: Page, email: string, password: string, code: string, recovery = false) {
  await page.goto(at("/admin/sign-in"));
  await page.getByLabel("E-mail address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  if (recovery) await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel(recovery ? "Recovery code" : "Authenticator code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(at("/admin"));
}

test.describe("changing the password", () => {
  // The first try is refused with "Confirm it's you" on purpose.
  test.use({ expectedHttpErrors: ["/admin/api/account/password", "/admin/api/step-up"] });

  test("asks to confirm it's you, then changes it and signs the other browser out; the sessions list ends this one", async ({
    page,
    browser,
  }) => {
    // Two browsers, seven password hashes at OWASP's cost (031) and two axe sweeps: more
    // than the default 30 s on a busy two-core machine.
    test.slow();
    const email = `account-${Date.now()}@example.co.za`;
    const staff = await acceptInvitation(page, at(await server.invite(email, "sales")), email);

    // A second browser signed in to the same account.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, email, staff.password, await totpCode(staff.secret, 1));

    await page.reload();
    await waitForHydration(page);
    const sessions = page.getByRole("table", { name: "Browsers signed in to your account" });
    await expect(sessions.getByRole("row")).toHaveCount(3);
    await expect(sessions.getByText("(this browser)")).toHaveCount(1);
    await expect(sessions.getByRole("cell", { name: /Chrome/ }).first()).toBeVisible();

    // More than 5 minutes since this browser proved who it is.
    await server.expireProofs(email);
    const newPassword = "another long passphrase for tests";
    await page.getByLabel("Current password").fill(staff.password);
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Password", { exact: true })).toBeFocused();
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(axe.violations).toEqual([]);

    // Cancelling changes nothing and says so.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("You did not confirm it’s you, so nothing was changed.")).toBeVisible();

    await page.getByRole("button", { name: "Change password" }).click();
    await dialog.getByLabel("Password", { exact: true }).fill("not the password");
    await dialog.getByLabel("Authenticator code or recovery code").fill(staff.recoveryCodes[0] ?? "");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("That password and code do not match your account.");
    await dialog.getByLabel("Password", { exact: true }).fill(staff.password);
    await dialog.getByLabel("Authenticator code or recovery code").fill(staff.recoveryCodes[1] ?? "");
    // With the keyboard: Enter submits the dialog's form.
    await dialog.getByLabel("Authenticator code or recovery code").press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your other session was signed out.")).toBeVisible();
    await expect(sessions.getByRole("row")).toHaveCount(2);

    const otherResponse = await other.goto(at("/admin/account"));
    expect(new URL(other.url()).pathname).toBe("/admin/sign-in");
    expect(otherResponse?.ok()).toBe(true);
    await otherContext.close();

    // At 360 px the page still fits, the table scrolling within itself.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("button", { name: "Sign out this browser" }).click();
    await page
      .getByRole("dialog", { name: "Sign out this browser?" })
      .getByRole("button", { name: "Sign out" })
      .click();
    await page.waitForURL("**/admin/sign-in");

    // The new password signs in; the old one no longer does.
    await signIn(page, email, newPassword, staff.recoveryCodes[2] ?? "", true);
    await expect(page.getByText(`Signed in as ${email}`, { exact: true })).toBeAttached();
  });
});

test.describe("new recovery codes", () => {
  test.use({ expectedHttpErrors: ["/admin/api/recovery-codes"] });

  test("after a while ask to confirm it's you, which one of your passkeys does", async ({ page }) => {
    const email = `passkey-proof-${Date.now()}@example.co.za`;
    await acceptInvitation(page, at(await server.invite(email, "sales")), email);
    await addPasskey(page, "Test laptop");

    await server.expireProofs(email);
    await page.getByRole("button", { name: "Make new recovery codes" }).click();
    await page
      .getByRole("dialog", { name: "Make new recovery codes?" })
      .getByRole("button", { name: "Make new codes" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Use a passkey" }).click();
    await expect(dialog).toBeHidden();
    const codes = page
      .getByRole("heading", { name: "Your recovery codes" })
      .locator("xpath=..")
      .locator("li");
    await expect(codes).toHaveCount(10);
  });
});

test("new recovery codes are downloaded as a text file and printed alone", async ({ page }) => {
  const email = `codes-${Date.now()}@example.co.za`;
  await acceptInvitation(page, at(await server.invite(email, "sales")), email);
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await page
    .getByRole("dialog", { name: "Make new recovery codes?" })
    .getByRole("button", { name: "Make new codes" })
    .click();
  const list = page.getByRole("heading", { name: "Your recovery codes" }).locator("xpath=..").locator("li");
  await expect(list).toHaveCount(10);
  const codes = await list.allTextContents();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("kloof-digital-recovery-codes.txt");
  const file = await download.path();
  const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
  expect(lines[0]).toMatch(
    new RegExp(
      `^Kloof Digital staff workspace: recovery codes for ${email.replaceAll(".", "\\.")}, made \\d{4}-\\d{2}-\\d{2}$`,
    ),
  );
  expect(lines.slice(2)).toEqual(codes);

  // Print calls the browser's dialog; on paper only the codes and their heading show.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await page.getByRole("button", { name: "Print" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  await expect(page.getByRole("button", { name: "Download" })).toBeHidden();
  await expect(page.getByText(/recovery codes for .*, made /)).toBeVisible();
  for (const code of codes) await expect(page.getByText(code, { exact: true })).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/recovery codes for .*, made /)).toBeHidden();
});

test("the authenticator app is replaced by scanning a new key and confirming a code from it", async ({
  page,
}) => {
  const email = `new-phone-${Date.now()}@example.co.za`;
  const staff = await acceptInvitation(page, at(await server.invite(email, "sales")), email);
  await page.getByRole("button", { name: "Replace authenticator app" }).click();
  const form = page.getByRole("form", { name: "Set up the new authenticator app" });
  await expect(
    form.getByRole("img", { name: "QR code to add this account to an authenticator app" }),
  ).toBeVisible();
  const secret = (await form.getByTestId("new-totp-secret").textContent())?.trim() ?? "";
  expect(secret).not.toBe(staff.secret);
  await form.getByLabel("Code from the new app").fill(await totpCode(secret));
  await form.getByRole("button", { name: "Use the new app" }).click();
  await expect(page.getByText("Authenticator app replaced")).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace authenticator app" })).toBeVisible();
});
