import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { acceptInvitation, useWorkspaceServer } from "./workspace-server";

/**
 * The audit log in sentences (docs/decisions/074-audit-log-in-sentences.md): a role changed
 * on the Users page reads as a sentence, is found under "Accounts and roles" and by its
 * person, and not under another kind of change; the filters are in the address; the page
 * fits a phone, with tap targets of 44 px, and axe finds nothing in either theme.
 */
const server = useWorkspaceServer();
let serial = 0;
const unique = (role: string) => `audit-${role}-${Date.now()}-${(serial += 1)}@example.co.za`;
const at = (path: string) => `${server.url}${path}`;

/** Opens the filters where a phone folds them behind a button. */
async function openFilters(page: Page) {
  const fold = page.getByRole("button", { name: /^Filters/ });
  if ((await fold.isVisible()) && (await fold.getAttribute("aria-expanded")) !== "true") await fold.click();
}

/** Chooses filters and applies them. */
async function filter(page: Page, choices: { person?: string; group?: string; from?: string; to?: string }) {
  await openFilters(page);
  const form = page.getByRole("search", { name: "Filter the audit log" });
  if (choices.person !== undefined) await form.getByLabel("Who").selectOption(choices.person);
  if (choices.group !== undefined)
    await form.getByLabel("What kind of change").selectOption({ label: choices.group });
  if (choices.from !== undefined) await form.getByLabel("From").fill(choices.from);
  if (choices.to !== undefined) await form.getByLabel("To").fill(choices.to);
  await form.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForLoadState("load");
  await waitForHydration(page);
}

for (const width of [360, 1280]) {
  test(`a role change reads as a sentence, found under accounts and roles, at ${width} px`, async ({
    page,
    browser,
    expectedHttpErrors,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const bossEmail = unique("admin");
    await acceptInvitation(page, at(await server.invite(bossEmail, "admin")), bossEmail);
    const colleague = unique("sales");
    const elsewhere = await browser.newPage();
    await acceptInvitation(elsewhere, at(await server.invite(colleague, "sales")), colleague);
    await elsewhere.close();

    // The change, made through the workspace as an admin makes it.
    await page.goto(at("/admin/users"));
    await waitForHydration(page);
    await page.getByLabel(`Role of ${colleague}`).selectOption("editor");
    await page.getByRole("button", { name: `Change the role of ${colleague} to editor` }).click();
    await expect(page.getByText(`${colleague} now has the editor role`)).toBeVisible();

    const sentence = `${bossEmail} made ${colleague} an editor (was a sales person).`;
    await page.goto(at("/admin/audit"));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
    const log = page.getByRole("list", { name: /Audit log entries/ });
    await expect(log.getByText(sentence, { exact: true })).toBeVisible();
    // No codes, no JSON.
    await expect(log).not.toContainText("staff.role-changed");
    await expect(log).not.toContainText("{");

    await filter(page, { group: "Accounts and roles" });
    expect(new URL(page.url()).searchParams.get("group")).toBe("accounts");
    await expect(page.getByText("Showing accounts and roles.")).toBeVisible();
    await expect(log.getByText(sentence, { exact: true })).toBeVisible();
    const entry = log.getByRole("listitem").filter({ hasText: sentence });
    await expect(entry.locator("time")).toHaveText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    await expect(entry).toContainText("· from ");

    // By person too, and both filters kept in the address to share.
    await filter(page, { person: bossEmail });
    const shared = new URL(page.url());
    expect(shared.searchParams.get("person")).toBe(bossEmail);
    expect(shared.searchParams.get("group")).toBe("accounts");
    await expect(log.getByRole("listitem")).toHaveText([
      new RegExp(sentence.replace(/[.()]/g, "\\$&")),
      new RegExp(`${bossEmail.replace(/[.]/g, "\\.")} accepted their invitation and set up their sign-in\\.`),
    ]);

    // Fits the screen, with targets a thumb can use.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 360) {
      await openFilters(page);
      const form = page.getByRole("search", { name: "Filter the audit log" });
      for (const control of [
        form.getByLabel("Who"),
        form.getByLabel("What kind of change"),
        form.getByLabel("From"),
        form.getByLabel("To"),
        form.getByRole("button", { name: "Apply filters" }),
        form.getByRole("link", { name: "Show everything" }),
        page.getByRole("button", { name: /^Filters/ }),
      ]) {
        const box = await control.boundingBox();
        expect(
          box?.height ?? 0,
          await control.evaluate((element) => element.outerHTML.slice(0, 80)),
        ).toBeGreaterThanOrEqual(44);
      }
    }
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // Under another kind of change it is not there.
    await filter(page, { group: "Leads" });
    expect(new URL(page.url()).searchParams.get("group")).toBe("leads");
    await expect(page.getByText("Nothing recorded matches these filters.")).toBeVisible();
    await expect(page.getByText(sentence, { exact: true })).toHaveCount(0);

    // A day range in words: today, in the agency's time, holds it.
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date()),
    );
    await page.goto(at(`/admin/audit?group=accounts&from=${today}&to=${today}`));
    await waitForHydration(page);
    await expect(log.getByText(sentence, { exact: true })).toBeVisible();
    // A range that ends before it started is refused in a sentence, beside the field.
    expectedHttpErrors.push("/admin/api/audit");
    await page.goto(at("/admin/audit?from=2026-11-28&to=2026-11-01"));
    await waitForHydration(page);
    await expect(page.getByText("These filters cannot be used.")).toBeVisible();
    // Beside the field (folded away on a phone) and under the filters, where it is seen at every width.
    await expect(page.getByText("The last day must be on or after the first day.").last()).toBeVisible();
  });
}
