import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { runCliIn } from "#tests/support/cli.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { addSessionCookie } from "./session-cookie";
import {
  minutesAgo,
  removeSeededRows,
  seedDeadNotification,
  seedOneOfEachForm,
  type SeededRows,
} from "./seeded-leads";

/**
 * A sales member works the inbox in the browser: filters, searches, opens a lead,
 * records a status with a note and marks it read, which the CLI then sees. The server is the suite's own
 * (playwright.config.ts); the account, its session and the leads go straight into its
 * database, as sign-in and the forms have their own suites.
 */
const dataDir = "tests/.tmp/browser-data";
// Other files share the server: names carry a tag so searches find only these. A worker
// can run this file's hook more than once (its tests are spread over the workers between
// other files'), so each run of the hook makes its own tag and rows.
let tag = "";
const names = { design: "", app: "", held: "" };
const ids = { design: "", app: "", held: "" };
let db: Db;
let sessionToken = "";
let deadId = 0;
let seeded: SeededRows = { design: [], app: [], requests: [], notifications: [] };

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  Object.assign(names, { design: `Jane ${tag}`, app: `Sipho ${tag}`, held: `Quinn ${tag}` });
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  const userId = await addStaff(db, `sales-${tag}@agency.test`, "sales");
  sessionToken = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
  const seededIds = await seedOneOfEachForm(db, {
    design: { full_name: names.design, company_name: `Acme ${tag}`, business_email: `jane-${tag}@acme.test` },
    app: {
      full_name: names.app,
      work_email: `sipho-${tag}@fleetco.test`,
      phone_number: "+27825550199",
      company_name: `FleetCo ${tag}`,
    },
    request: {
      name: names.held,
      email: `quinn-${tag}@example.test`,
      phone: "+27825550142",
      project_details: "A booking portal.\nWith two lines.",
      suspected_spam: "too-fast",
    },
  });
  Object.assign(ids, { design: seededIds.design, app: seededIds.app, held: seededIds.request });
  deadId = await seedDeadNotification(db, {
    kind: "website-design-lead",
    visitorName: names.design,
    visitorEmail: `jane-${tag}@acme.test`,
    createdAt: minutesAgo(30),
    lastError: "550 mailbox unavailable",
  });
  seeded = { ...seededIds.rows, notifications: [deadId] };
});
// The suite's server is shared: what this file added goes again, so other files' lists stay theirs.
test.afterAll(async () => {
  await removeSeededRows(db, seeded);
  await db.destroy();
});

const signIn = (context: BrowserContext) => addSessionCookie(context, sessionToken);

async function openInbox(page: Page, query = "") {
  await page.goto(`${staffPaths.leads}${query}`);
  await waitForHydration(page);
}

const rowNames = (page: Page) => page.getByRole("region", { name: /^Leads|^Suspected/ }).getByRole("link");

test("a sales member filters, searches, opens a lead, records its status with a note and marks it read", async ({
  page,
  context,
}) => {
  await signIn(context);
  await openInbox(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");

  // Search by keyboard: type, then Enter submits the filters.
  await page.getByLabel("Search").fill(tag);
  await page.getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(rowNames(page)).toHaveText([names.app, names.design]);
  await expect(page.getByRole("row", { name: new RegExp(names.app) }).getByText("Unread")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(names.design) }).getByText("Unread")).toBeVisible();

  await page.getByLabel("Form").selectOption("web-app");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rowNames(page)).toHaveText([names.app]);
  // A day after today in Cape Town has nothing yet.
  await page.getByLabel("Received from").fill("2099-01-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No leads match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(staffPaths.leads);

  await openInbox(page, `?q=${encodeURIComponent(`acme ${tag}`.toUpperCase())}`);
  await expect(rowNames(page)).toHaveText([names.design]);
  await openInbox(page, `?q=${tag}&suspected=1`);
  await expect(rowNames(page)).toHaveText([names.held]);
  // Purging asks first, with the safe choice focused; cancelling deletes nothing.
  await page.getByRole("button", { name: "Purge suspected spam" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete all suspected spam?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Purge suspected spam" })).toBeFocused();
  await expect(rowNames(page)).toHaveText([names.held]);

  await openInbox(page, `?q=${tag}`);
  await page.getByRole("link", { name: names.design }).click();
  await expect(page).toHaveURL(staffPath(staffPaths.lead, { id: ids.design }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${names.design}'s website design enquiry`,
  );
  await expect(page.getByText(`Acme ${tag}`)).toBeVisible();
  // No status changes yet: only the read mark opening it made.
  await expect(page.locator("section[aria-labelledby=history-title]").getByRole("listitem")).toHaveText([
    new RegExp(`^Read by sales-${tag}@agency\\.test, `),
  ]);

  // The status form by keyboard: from the select to the note to the button.
  await page.getByLabel("New status").selectOption("contacted");
  await page.getByLabel("New status").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Note")).toBeFocused();
  await page.keyboard.type("Called, proposal Friday");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save status" })).toBeFocused();
  await page.keyboard.press("Enter");

  const history = page
    .getByRole("region", { name: "History" })
    .or(page.locator("section[aria-labelledby=history-title]"));
  // The status change, newest first, above the read mark opening the page made.
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText(`contacted by sales-${tag}@agency.test`);
  await expect(history.getByRole("listitem").last()).toContainText(`Read by sales-${tag}@agency.test`);
  await expect(history).toContainText("Called, proposal Friday");

  const shown = await runCliIn(dataDir, "leads", "show", ids.design);
  expect(shown.stdout).toMatch(new RegExp(`Status: +contacted \\(sales-${tag}@agency\\.test, `));

  // Opening the lead marked it read by whoever opened it; "Mark unread" puts it back, "Mark read" again.
  const readMark = page.getByTestId("read-mark");
  await expect(readMark).toHaveText(new RegExp(`^Read by sales-${tag}@agency\\.test, `));
  await page.getByRole("button", { name: "Mark unread" }).click();
  await expect(page.getByText("Nobody has read this lead yet.")).toBeVisible();
  await page.getByRole("button", { name: "Mark read" }).click();
  await expect(readMark).toHaveText(new RegExp(`^Read by sales-${tag}@agency\\.test, `));
  await expect(page.getByRole("button", { name: "Mark unread" })).toBeVisible();
  const marked = await runCliIn(dataDir, "leads", "show", ids.design, "--json");
  expect(JSON.parse(marked.stdout)).toMatchObject({ read: true, status: "contacted" });

  // Read, it no longer shows as unread, and the status filter finds it.
  await openInbox(page, `?q=${tag}`);
  await expect(rowNames(page)).toHaveText([names.app, names.design]);
  await page.getByLabel("Status").selectOption("contacted");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rowNames(page)).toHaveText([names.design]);
  await openInbox(page, `?q=${tag}`);
  await expect(page.getByRole("row", { name: new RegExp(names.design) }).getByText("Unread")).toHaveCount(0);
});

test("an appointment request is read on opening, marked unread and read again, and a suspected one released", async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.goto(staffPath(staffPaths.lead, { id: ids.held }));
  await waitForHydration(page);
  await expect(page.getByText("Held back as suspected spam")).toBeVisible();
  // Opened, it is read; marked unread, and read again from its page.
  await page.getByRole("button", { name: "Mark unread" }).click();
  await expect(page.getByText("Nobody has read this request yet.")).toBeVisible();
  await page.getByRole("button", { name: "Mark read" }).click();
  await expect(page.getByRole("button", { name: "Mark unread" })).toBeVisible();
  await page.getByRole("button", { name: /^Release/ }).click();
  await expect(page.getByText("Held back as suspected spam")).toHaveCount(0);
  const listed = await runCliIn(dataDir, "appointments", "show", ids.held.slice(3), "--json");
  expect(JSON.parse(listed.stdout)).toMatchObject({ read: true, suspectedSpam: null });
});

test("a dead notification is retried", async ({ page, context }) => {
  await signIn(context);
  await page.goto(staffPaths.notifications);
  await waitForHydration(page);
  const row = page.getByRole("row", { name: new RegExp(`Jane ${tag}`) });
  await expect(row).toContainText("550 mailbox unavailable");
  await row
    .getByRole("button", {
      name: `Retry the “New website design enquiry” e-mail about ${names.design} <jane-${tag}@acme.test>`,
    })
    .click();
  await expect(page.getByText("1 e-mail queued again")).toBeVisible();
  const [entry] = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", "notification.retry")
    .where("target", "=", String(deadId))
    .execute();
  expect(entry).toMatchObject({ actor: `sales-${tag}@agency.test` });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const [label, path] of [
      ["the inbox", `${staffPaths.leads}?q=`],
      ["a lead", "lead"],
      ["notifications", staffPaths.notifications],
    ] as const) {
      test(`${label} has no WCAG 2.2 AA violations and one h1`, async ({ page, context }) => {
        await signIn(context);
        await page.goto(path === "lead" ? staffPath(staffPaths.lead, { id: ids.app }) : path);
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page).toHaveTitle(/ · Workspace$/);
        await expectNoAxeViolations(page);
      });
    }
  });
}
