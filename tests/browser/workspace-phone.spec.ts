import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { createSession } from "#server/auth/sessions.ts";
import { hashToken, newToken } from "#server/auth/tokens.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { insertInvitation } from "#server/db/staff-invitations.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, fontFamilyOf, test, waitForHydration } from "./fixtures";
import { addSessionCookie } from "./session-cookie";
import {
  minutesAgo,
  removeSeededRows,
  seedAppointmentRequest,
  seedDeadNotification,
  seedWebAppLead,
  seedWebsiteDesignLead,
} from "./seeded-leads";

/**
 * The workspace on a phone: every page at 360 and 390 px wide, signed in as an admin with
 * leads of each form, an appointment request, a dead notification, colleagues, an
 * invitation and a lead whose address and details are one long unbroken string. The server
 * is the suite's own (playwright.config.ts); what this file needs goes straight into its
 * database, tagged so other files' rows and searches stay theirs.
 */
const dataDir = "tests/.tmp/browser-data";
let tag = "";
let db: Db;
let sessionToken = "";
let invitationToken = "";
let deadId = 0;
// A second dead e-mail, which the toast test sends again (and so takes off the list).
let retryId = 0;
const ids = { design: 0, app: 0, appointment: 0, long: 0 };
const emails = { admin: "", colleague: "", invitee: "" };
const names = { design: "", app: "", appointment: "", long: "" };
// Longer than any phone is wide, with nowhere a browser would break it on its own.
const unbroken = "x".repeat(120);

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  Object.assign(emails, {
    admin: `phone-admin-${tag}@agency.test`,
    colleague: `phone-sales-${tag}@agency.test`,
    // Wider than its card's line on a phone, though each part before "@" or a dot fits on one.
    invitee: `invitee-${tag}@karoo-design.test`,
  });
  Object.assign(names, {
    design: `Thandi ${tag}`,
    app: `Pieter ${tag}`,
    appointment: `Lerato ${tag}`,
    long: `Long${unbroken}${tag}`,
  });
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  const adminId = await addStaff(db, emails.admin, "admin");
  await addStaff(db, emails.colleague, "sales");
  sessionToken = (await createSession(db, adminId, { ip: "127.0.0.1" })).token;
  invitationToken = newToken();
  const now = new Date();
  await insertInvitation(db, {
    tokenHash: hashToken(invitationToken),
    email: emails.invitee,
    role: "sales",
    invitedBy: emails.admin,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 60 * 60_000).toISOString(),
  });
  ids.design = await seedWebsiteDesignLead(db, {
    full_name: names.design,
    company_name: `Karoo Tours ${tag}`,
    business_email: `thandi-${tag}@karoo.test`,
    created_at: minutesAgo(40),
  });
  ids.app = await seedWebAppLead(db, {
    full_name: names.app,
    work_email: `pieter-${tag}@fleet.test`,
    phone_number: "+27825550111",
    company_name: `Fleet ${tag}`,
    created_at: minutesAgo(30),
  });
  ids.appointment = await seedAppointmentRequest(db, {
    name: names.appointment,
    email: `lerato-${tag}@example.test`,
    phone: "+27825550122",
    project_details: "A booking portal for a guest house.",
    created_at: minutesAgo(20),
  });
  ids.long = await seedAppointmentRequest(db, {
    name: names.long,
    email: `${"y".repeat(60)}-${tag}@${"z".repeat(60)}.example.test`,
    phone: "+27825550133",
    company: `Company${unbroken}`,
    preferred_date: "2026-12-04",
    preferred_time: "11:00 AM",
    project_details: `Details ${unbroken}`,
    created_at: minutesAgo(10),
  });
  deadId = await seedDeadNotification(db, {
    kind: "website-design-lead",
    visitorName: names.design,
    visitorEmail: `thandi-${tag}@karoo.test`,
    createdAt: minutesAgo(40),
    lastError: `550 mailbox unavailable ${unbroken}`,
  });
  retryId = await seedDeadNotification(db, {
    kind: "web-app-lead",
    visitorName: names.app,
    visitorEmail: `pieter-${tag}@fleet.test`,
    createdAt: minutesAgo(30),
    lastError: "550 mailbox unavailable",
  });
  // The invitation as the log records one, with an unbroken detail for the log's page.
  await recordAudit(db, {
    actor: emails.admin,
    ip: "127.0.0.1",
    action: "user.invite",
    target: emails.invitee,
    detail: { role: "sales", note: unbroken },
  });
});

// The suite's server is shared: what this file added goes again.
test.afterAll(async () => {
  await removeSeededRows(db, {
    design: [ids.design],
    app: [ids.app],
    requests: [ids.appointment, ids.long],
    notifications: [deadId, retryId],
  });
  // Another file's e-mail may get the same id once this one's is gone: its retry's entry must be its own.
  await db
    .deleteFrom("audit_log")
    .where("action", "=", "notification.retry")
    .where("target", "=", String(retryId))
    .execute();
  await db.deleteFrom("staff_invitations").where("email", "=", emails.invitee).execute();
  await db.deleteFrom("audit_log").where("target", "=", emails.invitee).execute();
  await db.destroy();
});

const signIn = (context: BrowserContext) => addSessionCookie(context, sessionToken);

const widths = [360, 390] as const;
const phone = (width: number) => ({ width, height: 844 });

/** Every signed-in workspace page, with what shows once its own content is there. */
function signedInPages(): { path: string; ready: (page: Page) => Promise<void> }[] {
  const main = (page: Page) => page.getByRole("main");
  const lead = (id: string) => staffPath(staffPaths.lead, { id });
  const shows = (text: string) => async (page: Page) => {
    await expect(main(page).getByText(text).first()).toBeVisible();
  };
  const content = (kind: string) => staffPath(staffPaths.content, { kind });
  return [
    { path: staffPaths.overview, ready: shows("Leads and appointments") },
    { path: `${staffPaths.leads}?q=${tag}`, ready: shows(names.design) },
    { path: lead(`wd-${ids.design}`), ready: shows(`Karoo Tours ${tag}`) },
    { path: lead(`ap-${ids.appointment}`), ready: shows("A booking portal for a guest house.") },
    { path: lead(`ap-${ids.long}`), ready: shows(`Details ${unbroken}`) },
    {
      path: staffPaths.meetings,
      ready: (page) => expect(main(page).getByRole("heading", { level: 1, name: "Meetings" })).toBeVisible(),
    },
    { path: staffPaths.notifications, ready: shows(`thandi-${tag}@karoo.test`) },
    { path: staffPaths.users, ready: shows(emails.invitee) },
    {
      path: staffPaths.audit,
      ready: (page) => expect(main(page).getByRole("list", { name: /Audit log entries/ })).toBeVisible(),
    },
    { path: content("projects"), ready: (page) => expect(main(page).getByRole("table")).toBeVisible() },
    { path: content("news"), ready: (page) => expect(main(page).getByRole("table")).toBeVisible() },
    { path: content("case-studies"), ready: (page) => expect(main(page).getByRole("table")).toBeVisible() },
    {
      path: staffPath(staffPaths.contentEdit, { kind: "projects", id: "klipkop-wine-shop" }),
      ready: (page) => expect(main(page).getByRole("button", { name: /^Save/ }).first()).toBeVisible(),
    },
    {
      path: staffPath(staffPaths.contentNew, { kind: "news" }),
      ready: (page) =>
        expect(
          main(page)
            .getByRole("button", { name: /^Save|^Create|^Add/ })
            .first(),
        ).toBeVisible(),
    },
    {
      path: staffPaths.screenshots,
      ready: (page) => expect(main(page).locator("form").first()).toBeVisible(),
    },
    { path: staffPaths.account, ready: shows("Passkeys") },
    { path: "/admin/no-such-page", ready: shows("Not found") },
  ];
}

/** The pages a visitor without a session sees. */
function signedOutPages(): { path: string; ready: (page: Page) => Promise<void> }[] {
  return [
    { path: staffPaths.signIn, ready: (page) => expect(page.getByLabel("E-mail address")).toBeVisible() },
    {
      path: `${staffPaths.invitation}#${invitationToken}`,
      ready: (page) => expect(page.getByLabel("Password", { exact: true })).toBeVisible(),
    },
  ];
}

/** How far the document is wider than the screen, 0 when nothing scrolls sideways. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Controls smaller than 44 × 44 px on the page, named. A link inside a sentence is sized by
 * its text (WCAG 2.5.8's inline exception), as is a control the page hides.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex='0']",
      ),
    ].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      if (control.closest(".sr-only, [aria-hidden=true], [hidden]")) return [];
      const inSentence =
        control instanceof HTMLAnchorElement &&
        getComputedStyle(control).display === "inline" &&
        (control.parentElement?.textContent?.trim().length ?? 0) > (control.textContent?.trim().length ?? 0);
      if (inSentence) return [];
      // A checkbox or radio counts with its label, which takes the tap too.
      const label = control instanceof HTMLInputElement ? control.labels?.[0] : undefined;
      const target = label && label.contains(control) ? label.getBoundingClientRect() : box;
      if (Math.round(target.width) >= 44 && Math.round(target.height) >= 44) return [];
      const name = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40) ?? "";
      return [
        `${control.tagName.toLowerCase()} "${name}" ${Math.round(target.width)}×${Math.round(target.height)}`,
      ];
    }),
  );
}

/**
 * The parts of addresses and codes (client/components/workspace/break-points.tsx) that the
 * line breaks inside although they would fit on a line of their own: a person breaks an
 * address before "@" or a dot, and a code between its groups, never in the middle.
 */
function partsBrokenInside(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-part]")].flatMap((part) => {
      const range = document.createRange();
      range.selectNodeContents(part);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size < 2) return [];
      const probe = document.createElement("span");
      probe.style.whiteSpace = "nowrap";
      probe.textContent = part.textContent;
      part.parentElement!.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      // The line is as wide as the nearest box that is not inline.
      let box = part.parentElement!;
      while (getComputedStyle(box).display.startsWith("inline") && box.parentElement) box = box.parentElement;
      const style = getComputedStyle(box);
      const line = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return width <= line ? [part.textContent ?? ""] : [];
    }),
  );
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await waitForHydration(page);
  await ready(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

for (const width of widths) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`every workspace page fits ${width} px and passes axe in the ${colorScheme} theme`, async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(phone(width));
      await page.emulateMedia({ colorScheme });
      for (const { path, ready } of signedOutPages()) {
        await visit(page, path, ready);
        expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBe(0);
        expect(await partsBrokenInside(page), `${path} breaks a key mid-part`).toEqual([]);
        await expectNoAxeViolations(page);
      }
      await signIn(context);
      for (const { path, ready } of signedInPages()) {
        await visit(page, path, ready);
        await expect(page).toHaveTitle(/\S/);
        expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBe(0);
        expect(await partsBrokenInside(page), `${path} breaks an address or code mid-part`).toEqual([]);
        expect(await smallTargets(page), `${path} has controls under 44 px`).toEqual([]);
        await expectNoAxeViolations(page);
      }
    });
  }
}

test("at 390 px the leads start on the first screen, as cards with their status, under a one-row header", async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.setViewportSize(phone(390));
  await visit(page, staffPaths.leads, async () => {});
  const header = page.getByRole("banner");
  expect((await header.boundingBox())?.height).toBeLessThan(80);
  const first = page
    .getByRole("region", { name: /^Leads/ })
    .getByRole("row")
    .nth(1);
  // The first card starts in the upper part of the first screen (it began 1,228 px down).
  await expect(first).toBeVisible();
  expect((await first.boundingBox())?.y).toBeLessThan(600);

  await visit(page, `${staffPaths.leads}?q=${tag}`, async () => {});
  for (const name of [names.design, names.app, names.appointment]) {
    const card = page.getByRole("row", { name: new RegExp(name) });
    await card.scrollIntoViewIfNeeded();
    // A card: the whole row on screen, its status and form in it, no column off to the side.
    await expect(card.getByText("new", { exact: true })).toBeInViewport({ ratio: 1 });
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await expect(page.getByRole("row", { name: new RegExp(names.app) })).toContainText("Form: Web app");
  expect(await sidewaysOverflow(page)).toBe(0);
});

test("a card's actions open by keyboard, Escape closes them and focus goes back to the button", async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.setViewportSize(phone(360));
  await visit(page, staffPaths.users, (p) =>
    expect(p.getByRole("cell", { name: emails.colleague, exact: true })).toBeVisible(),
  );
  const card = page.getByRole("row", { name: new RegExp(emails.colleague) });
  await card.scrollIntoViewIfNeeded();
  // Made without a password or passkey, the account shows as invited.
  await expect(card.getByText("Invited", { exact: true })).toBeInViewport();
  const toggle = card.getByRole("button", { name: `Actions for ${emails.colleague}` });
  const disable = page.getByRole("button", { name: `Disable ${emails.colleague}` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(disable).toBeHidden();

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(disable).toBeInViewport({ ratio: 1 });
  await page.keyboard.press("Tab");
  await expect(disable).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(disable).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  // A dialog from the menu closes on Escape by itself and leaves the menu open behind it.
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Disable ${emails.colleague}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(disable).toBeFocused();
  // A press elsewhere closes the menu.
  await page.getByRole("heading", { level: 1 }).click();
  await expect(disable).toBeHidden();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test("the filters fold behind one button on a phone that says how many are in use", async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.setViewportSize(phone(390));
  await visit(page, `${staffPaths.leads}?q=${tag}&form=web-app`, async () => {});
  const button = page.getByRole("button", { name: "Filters (2 in use)" });
  const search = page.getByRole("search", { name: "Filter leads" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeHidden();
  await button.click();
  await expect(search).toBeVisible();
  await expect(page.getByLabel("Search")).toHaveValue(tag);
  await page.getByLabel("Form").selectOption("");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByRole("button", { name: "Filters (1 in use)" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Leads/ }).getByRole("link")).toHaveCount(4);
  const fold = page.getByRole("button", { name: "Filters (1 in use)" });
  await fold.click();
  await page.keyboard.press("Escape");
  await expect(search).toBeHidden();
  await expect(fold).toBeFocused();
});

test("the menu opens below the header on a phone and Escape closes it, back on its button", async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.setViewportSize(phone(360));
  await visit(page, staffPaths.notifications, (p) =>
    expect(p.getByText(`thandi-${tag}@karoo.test`)).toBeVisible(),
  );
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Workspace" });
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Leads" })).not.toHaveAttribute("aria-current", /./);
  await expect(page.getByText(emails.admin)).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
  // From the button into the drawer: the signed-in address's "Sign out", then the areas.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(staffPaths.users);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
});

test("at 360 px addresses break only before their @ or a dot", async ({ page, context }) => {
  await signIn(context);
  await page.setViewportSize(phone(360));
  for (const [path, address] of [
    [staffPaths.leads, `thandi-${tag}@karoo.test`],
    [staffPaths.users, emails.invitee],
  ] as const) {
    await visit(page, path, (p) => expect(p.getByText(address).first()).toBeVisible());
    // Each address is in parts, with a break allowed only between them.
    expect(await page.locator("[data-part]").count(), path).toBeGreaterThan(2);
    expect(await partsBrokenInside(page), path).toEqual([]);
  }
});

test("a toast sits inside a 360 px screen", async ({ page, context }) => {
  await signIn(context);
  await page.setViewportSize(phone(360));
  await visit(page, staffPaths.notifications, (p) =>
    expect(p.getByText(`thandi-${tag}@karoo.test`)).toBeVisible(),
  );
  // A card's one action stands on it, no menu in the way.
  await expect(page.getByRole("button", { name: /^Actions for the “/ })).toHaveCount(0);
  await page
    .getByRole("button", { name: new RegExp(`^Retry the “New web app enquiry” e-mail about ${names.app} `) })
    .click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toContainText("1 e-mail queued again");
  // Past sonner's entrance, where it slides in from the edge.
  await expect(async () => {
    for (const part of [toast, toast.getByRole("button", { name: /close/i })]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    // At the foot of the screen, never over the workspace's header, in the page's own font.
    const header = (await page.locator("header").first().boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  }).toPass();
  expect(await fontFamilyOf(toast.locator("[data-title]"))).toBe(await fontFamilyOf(page.locator("body")));
  expect(await sidewaysOverflow(page)).toBe(0);
});

test("at 1280 px the lists are tables with their column headings and the actions in the row", async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, `${staffPaths.leads}?q=${tag}`, (p) => expect(p.getByText(names.design)).toBeVisible());
  const leads = page.getByRole("table", { name: /^Leads/ });
  await expect(leads.getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expect(leads.getByRole("columnheader", { name: "Form" })).toBeVisible();
  await expect(page.getByRole("search", { name: "Filter leads" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
  // A row is one line of cells side by side, the form's heading not repeated in it.
  const row = leads.getByRole("row", { name: new RegExp(names.design) });
  const cells = await row
    .getByRole("cell")
    .evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().y));
  expect(new Set(cells).size).toBe(1);
  await expect(row.getByText("Form:")).toBeHidden();

  await visit(page, staffPaths.users, (p) =>
    expect(p.getByRole("cell", { name: emails.colleague, exact: true })).toBeVisible(),
  );
  await expect(page.getByRole("button", { name: `Disable ${emails.colleague}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Actions for ${emails.colleague}` })).toBeHidden();
});
