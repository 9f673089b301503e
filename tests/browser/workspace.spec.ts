import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { acceptInvitation, addPasskey, totpCode, useWorkspaceServer } from "./workspace-server";

/**
 * The staff workspace end to end (issue #30): the built server, its real API, accounts made
 * by invitation, sign-in by password and authenticator code, by recovery code and by
 * passkey (Chromium's virtual authenticator), the roles' areas, and axe in both themes.
 */
const server = useWorkspaceServer();
let serial = 0;
const unique = (role: string) => `${role}-${Date.now()}-${(serial += 1)}@example.co.za`;

const at = (path: string) => `${server.url}${path}`;

async function newStaff(page: Page, role: "admin" | "editor" | "sales") {
  const email = unique(role);
  return acceptInvitation(page, at(await server.invite(email, role)), email);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL("**/admin/sign-in");
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a page of the workspace without a session goes to sign-in, in the workspace's own look", async ({
  page,
}) => {
  const response = await page.goto(at("/admin/users"));
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
    "/admin/sign-in?next=%2Fadmin%2Fusers",
  );
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(page).toHaveTitle("Sign in · Workspace");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the workspace");
  // None of the visitor site's chrome, analytics or site script.
  await expect(page.locator("footer")).toHaveCount(0);
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
  await waitForHydration(page);
});

test.describe("with wrong codes on purpose", () => {
  test.use({ expectedHttpErrors: ["/admin/api/sign-in/second-factor"] });

  test("invitation, password, authenticator, recovery codes, then sign-out and sign-in by code and by recovery code", async ({
    page,
  }) => {
    const staff = await newStaff(page, "admin");
    expect(staff.recoveryCodes).toHaveLength(10);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
    await expect(page.getByText(`Signed in as ${staff.email}`, { exact: true })).toBeAttached();

    await signOut(page);
    await signInWithPassword(page, staff.email, staff.password);
    const code = page.getByLabel("Authenticator code");
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await code.fill("000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "That code is not right. Try the newest code from your app.",
    );
    // The step after the one the invitation used: each step's code works once.
    await code.fill(await totpCode(staff.secret, 1));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(at("/admin"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    await expect(
      page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Users" }),
    ).toBeVisible();

    await signOut(page);
    await signInWithPassword(page, staff.email, staff.password);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(staff.recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(at("/admin"));
  });
});

test.describe("an invitation link already used", () => {
  test.use({ expectedHttpErrors: [] });

  test("shows the API's message", async ({ page, expectedHttpErrors }) => {
    const email = unique("editor");
    const link = await server.invite(email, "editor");
    expectedHttpErrors.push("/admin/api/invitations/read");
    await acceptInvitation(page, at(link), email);
    await signOut(page);
    // An old-style link (the token in the path, as e-mailed before) opens the same page.
    await page.goto(at(link.replace("#", "/")));
    await page.waitForURL(at(link));
    await expect(page.getByRole("alert")).toHaveText(
      "This invitation link has expired or was already used. Ask an admin for a new one.",
    );
  });
});

test.describe("an easily guessed password at an invitation", () => {
  test.use({ expectedHttpErrors: ["/admin/api/invitations/password"] });

  test("is refused with its sentence next to the field, and a passphrase is taken", async ({ page }) => {
    const email = unique("sales");
    await page.goto(at(await server.invite(email, "sales")));
    const field = page.getByLabel("Password", { exact: true });
    // The brand is the shipped default, Kloof Digital.
    const refusals = {
      "Password123!":
        "That password is one of the most common ones, which are guessed first. Choose another.",
      aaaaaaaaaaaa:
        "That password is a repeat or a run of characters, like aaaa, 1234 or qwerty, which are guessed first. Choose another.",
      kloofdigital2026:
        "That password is built on this site’s own name or web address, which are guessed first. Choose another.",
    };
    for (const [password, sentence] of Object.entries(refusals)) {
      await field.fill(password);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(
        new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      await expect(page.getByText(sentence, { exact: true })).toBeVisible();
    }
    await field.fill("violet harbour lantern 47");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("totp-secret")).toBeVisible();
  });
});

test("a passkey added on the account page signs in", async ({ page }) => {
  const staff = await newStaff(page, "sales");
  await addPasskey(page, "Test laptop");

  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(at("/admin"));
  await expect(page.getByText(`Signed in as ${staff.email}`, { exact: true })).toBeAttached();
});

test("the account page makes new recovery codes and signs out everywhere", async ({ page }) => {
  const staff = await newStaff(page, "sales");
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await page
    .getByRole("dialog", { name: "Make new recovery codes?" })
    .getByRole("button", { name: "Make new codes" })
    .click();
  const codes = page.getByRole("heading", { name: "Your recovery codes" }).locator("xpath=..").locator("li");
  await expect(codes).toHaveCount(10);
  expect(await codes.allTextContents()).not.toContain(staff.recoveryCodes[0]);
  await page.getByRole("button", { name: "I’ve saved them" }).click();
  await expect(page.getByRole("button", { name: "Make new recovery codes" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page
    .getByRole("dialog", { name: "Sign out everywhere?" })
    .getByRole("button", { name: "Sign out everywhere" })
    .click();
  await page.waitForURL("**/admin/sign-in");
  const response = await page.goto(at("/admin/account"));
  expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
  expect(response?.ok()).toBe(true);
});

test("sign-in works with the keyboard alone and returns to the page asked for", async ({ page }) => {
  const staff = await newStaff(page, "editor");
  await signOut(page);
  await page.goto(at("/admin/account"));
  await waitForHydration(page);
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("name"))) === "email") break;
  }
  await page.keyboard.type(staff.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(staff.password);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Authenticator code")).toBeFocused();
  await page.keyboard.type(await totpCode(staff.secret, 1));
  await page.keyboard.press("Enter");
  await page.waitForURL(at("/admin/account"));
});

test("an editor sees no leads and is refused them", async ({ page }) => {
  await newStaff(page, "editor");
  const nav = page.getByRole("navigation", { name: "Workspace" });
  await expect(nav.getByRole("link", { name: "Projects" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Leads" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  // A refused page asks the API for nothing (once the Account page newStaff ends on has
  // finished asking for its own).
  await page.waitForLoadState("networkidle");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/admin/api/")) asked.push(request.url());
  });
  const response = await page.goto(at("/admin/leads"));
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not available to your role");
  await expect(page.getByText("Your role does not give you access to this.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
});

test("an admin invites, disables and reads the audit log; an unknown page is a 404 in the workspace", async ({
  page,
  browser,
}) => {
  const admin = await newStaff(page, "admin");
  await page.goto(at("/admin/users"));
  const invitee = unique("sales");
  await page.getByLabel("E-mail address", { exact: true }).fill(invitee);
  await page.getByRole("radio", { name: /^Sales/ }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page
      .getByRole("table", { name: "Pending invitations" })
      .getByRole("cell", { name: invitee, exact: true }),
  ).toBeVisible();

  const colleague = unique("editor");
  // Another browser: a sign-in here would replace the admin's session cookie.
  const elsewhere = await browser.newPage();
  await acceptInvitation(elsewhere, at(await server.invite(colleague, "editor")), colleague);
  await elsewhere.close();
  await page.reload();
  await page.getByRole("button", { name: `Disable ${colleague}` }).click();
  const dialog = page.getByRole("dialog", { name: `Disable ${colleague}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Disable account" }).click();
  const row = page.getByRole("row").filter({ hasText: colleague });
  await expect(row.getByText("Disabled")).toBeVisible();

  // The log reads in sentences, kept to accounts and roles (decision 074).
  await page.goto(at("/admin/audit?group=accounts"));
  const log = page.getByRole("list", { name: /Audit log entries/ });
  await expect(
    log.getByText(`${admin.email} disabled ${colleague}’s account.`, { exact: true }),
  ).toBeVisible();
  await expect(
    log.getByText(`${admin.email} invited ${invitee} to join as a sales person.`, { exact: true }),
  ).toBeVisible();
  await expect(log.getByText(/ signed in/)).toHaveCount(0);

  const missing = await page.goto(at("/admin/no-such-page"));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
  await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
});

test.describe("an admin's changes to roles and invitations", () => {
  // A stale proof is refused once on purpose; withdrawn and replaced links are refused.
  test.use({ expectedHttpErrors: ["/admin/api/invitations/read"] });

  test("changes a colleague's role (confirming it's you once the proof is stale), sends an invitation again and withdraws one", async ({
    page,
    browser,
    expectedHttpErrors,
  }) => {
    test.slow();
    const boss = await newStaff(page, "admin");
    const colleague = unique("sales");
    const elsewhere = await browser.newPage();
    await acceptInvitation(elsewhere, at(await server.invite(colleague, "sales")), colleague);
    await elsewhere.close();

    await page.goto(at("/admin/users"));
    await waitForHydration(page);
    const listed = (await (await page.request.get(at("/admin/api/users"))).json()) as {
      users: { id: number; email: string }[];
    };
    const colleagueId = listed.users.find((user) => user.email === colleague)?.id;
    expectedHttpErrors.push(`/admin/api/users/${colleagueId}/role`);
    const role = page.getByLabel(`Role of ${colleague}`);
    await expect(role).toHaveValue("sales");
    // Nobody changes their own: the admin's own row shows the role as text.
    await expect(page.getByLabel(`Role of ${boss.email}`)).toHaveCount(0);
    await role.selectOption("editor");
    await page.getByRole("button", { name: `Change the role of ${colleague} to editor` }).click();
    await expect(page.getByText(`${colleague} now has the editor role`)).toBeVisible();
    await expect(role).toHaveValue("editor");

    // Later, with a stale proof, the change asks "Confirm it's you" first.
    await server.expireProofs(boss.email);
    await role.selectOption("admin");
    await page.getByRole("button", { name: `Change the role of ${colleague} to admin` }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill(boss.password);
    await dialog.getByLabel("Authenticator code or recovery code").fill(boss.recoveryCodes[0] ?? "");
    await dialog.getByLabel("Authenticator code or recovery code").press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${colleague} now has the admin role`)).toBeVisible();

    // An invitation sent again: a new link, and the old one opens nothing.
    const late = unique("editor");
    const firstLink = await server.invite(late, "editor");
    await page.reload();
    const invitations = page.getByRole("table", { name: "Pending invitations" });
    await invitations.getByRole("button", { name: `Send the invitation to ${late} again` }).click();
    await expect(
      page.getByText(`${late} was sent a new link; the earlier one no longer works`),
    ).toBeVisible();
    await expect.poll(() => server.invitationPath(late)).not.toBe(firstLink);
    const secondLink = await server.invitationPath(late);

    // Withdrawn: asked first, then gone from the list, and its link opens nothing.
    await invitations.getByRole("button", { name: `Withdraw the invitation to ${late}` }).click();
    const withdraw = page.getByRole("dialog", { name: `Withdraw the invitation to ${late}?` });
    await expect(withdraw.getByRole("button", { name: "Cancel" })).toBeFocused();
    await withdraw.getByRole("button", { name: "Withdraw invitation" }).click();
    await expect(page.getByText(`The invitation to ${late} is withdrawn`)).toBeVisible();
    await expect(page.getByRole("cell", { name: late })).toHaveCount(0);

    // The log reads in sentences, kept to accounts and roles (decision 074).
    await page.goto(at("/admin/audit?group=accounts"));
    const log = page.getByRole("list", { name: /Audit log entries/ });
    for (const sentence of [
      `${boss.email} made ${colleague} an editor (was a sales person).`,
      `${boss.email} made ${colleague} an admin (was an editor).`,
      `${boss.email} sent the invitation to ${late} again.`,
      `${boss.email} withdrew the invitation to ${late}.`,
    ]) {
      await expect(log.getByText(sentence, { exact: true })).toBeVisible();
    }

    const invited = await browser.newPage();
    for (const link of [firstLink, secondLink]) {
      await invited.goto(at(link));
      await expect(invited.getByRole("alert")).toHaveText(
        "This invitation link has expired or was already used. Ask an admin for a new one.",
      );
    }
    await invited.close();
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe, ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("sign-in, invitation, overview, account, users and audit pass", async ({ page }) => {
      // Six pages, each loaded and read whole by axe: more than one page's 30 s on a busy machine.
      test.setTimeout(90_000);
      const check = async (path: string) => {
        await page.goto(at(path));
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        expect(results.violations, path).toEqual([]);
      };
      await check("/admin/sign-in");
      const pending = unique("sales");
      await check(await server.invite(pending, "sales"));
      await newStaff(page, "admin");
      await check("/admin");
      await check("/admin/account");
      await check("/admin/users");
      await check("/admin/audit");
    });
  });
}
