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
import { removeSeededRows, seedOneOfEachForm, type SeededRows } from "./seeded-leads";

/**
 * One person per lead, in the browser (issue 36): a sales member opens a lead (which marks
 * it read by them), assigns it from its page and others in bulk from the list, filters by
 * "mine", follows the same address to its other request, and calls or mails the visitor
 * from the links. The accounts, session and leads go straight into the suite's server's
 * database, tagged so other files' rows stay apart.
 */
const dataDir = "tests/.tmp/browser-data";
let tag = "";
let db: Db;
let sessionToken = "";
const emails = { sales: "", boss: "" };
const names = { design: "", app: "", request: "" };
const ids = { design: "", app: "", request: "" };
let seeded: SeededRows = { design: [], app: [], requests: [], notifications: [] };

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  Object.assign(emails, { sales: `owner-sales-${tag}@agency.test`, boss: `owner-boss-${tag}@agency.test` });
  Object.assign(names, { design: `Pat ${tag}`, app: `Lindi ${tag}`, request: `Pat Again ${tag}` });
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  const userId = await addStaff(db, emails.sales, "sales");
  await addStaff(db, emails.boss, "admin");
  await addStaff(db, `owner-editor-${tag}@agency.test`, "editor");
  sessionToken = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
  const seededIds = await seedOneOfEachForm(db, {
    design: { full_name: names.design, company_name: `Acme ${tag}`, business_email: `pat-${tag}@acme.test` },
    app: {
      full_name: names.app,
      work_email: `lindi-${tag}@fleetco.test`,
      // Stored as typed before numbers were kept in E.164: the link still dials +27.
      phone_number: "082 555 0199",
      company_name: `FleetCo ${tag}`,
    },
    request: {
      name: names.request,
      email: `PAT-${tag}@Acme.test`,
      phone: "+27825550142",
      project_details: "A booking portal.",
    },
  });
  Object.assign(ids, { design: seededIds.design, app: seededIds.app, request: seededIds.request });
  seeded = seededIds.rows;
});
test.afterAll(async () => {
  await removeSeededRows(db, seeded);
  await db.destroy();
});

const signIn = (context: BrowserContext) => addSessionCookie(context, sessionToken);

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const section = (page: Page, id: string) => page.locator(`section[aria-labelledby=${id}-title]`);
const rowNames = (page: Page) => page.getByRole("region", { name: /^Leads/ }).getByRole("link");

test("opening a lead marks it read by that member; it is assigned from its page; the same address links on", async ({
  page,
  context,
}) => {
  await signIn(context);
  await open(page, staffPath(staffPaths.lead, { id: ids.design }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${names.design}'s website design enquiry`,
  );
  await expect(page.getByTestId("read-mark")).toHaveText(new RegExp(`^Read by ${emails.sales}, `));
  await expect(section(page, "history")).toContainText(`Read by ${emails.sales}`);
  const shown = JSON.parse((await runCliIn(dataDir, "leads", "show", ids.design, "--json")).stdout) as {
    read: boolean;
  };
  expect(shown.read).toBe(true);

  // The address opens the mail app.
  await expect(page.getByRole("link", { name: `pat-${tag}@acme.test` })).toHaveAttribute(
    "href",
    `mailto:pat-${tag}@acme.test`,
  );

  // Assign by keyboard: the select, then the button.
  await expect(page.getByTestId("owner-now")).toHaveText("Nobody is assigned yet.");
  const ownerSelect = page.getByLabel("Assign to");
  await expect(ownerSelect.locator("option")).not.toContainText([`owner-editor-${tag}@agency.test`]);
  await ownerSelect.selectOption(emails.boss);
  await ownerSelect.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Save owner" })).toBeFocused();
  await page.keyboard.press("Enter");
  // Assigned, not "answered": nobody has answered yet.
  await expect(page.getByTestId("owner-now")).toHaveText(`Assigned to ${emails.boss}.`);
  await expect(section(page, "history").getByRole("listitem").first()).toContainText(
    `Assigned to ${emails.boss} by ${emails.sales}`,
  );
  const listed = (await runCliIn(dataDir, "leads", "list")).stdout;
  expect(listed.split("\n").find((line) => line.includes(ids.design))).toMatch(new RegExp(`${emails.boss}$`));

  // The same visitor's appointment request, whatever the case of the address.
  const same = section(page, "same-person");
  await expect(same.getByRole("listitem")).toHaveCount(1);
  // Named by its form; the reference only as the quiet detail beside its date.
  await expect(same.getByRole("listitem")).toContainText(`Reference ${ids.request}`);
  await same.getByRole("link", { name: "Appointment request", exact: true }).click();
  await expect(page).toHaveURL(staffPath(staffPaths.lead, { id: ids.request }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${names.request}'s appointment request`);
  await expect(
    section(page, "same-person").getByRole("link", { name: "Website design enquiry", exact: true }),
  ).toBeVisible();
  await expect(section(page, "same-person").getByRole("listitem")).toContainText(`Reference ${ids.design}`);
});

test("a sales member takes a lead with one press, on its page and from the list", async ({
  page,
  context,
}) => {
  // Leads of its own, as other tests here assign the shared ones.
  const own = `${tag}take`;
  const taken = await seedOneOfEachForm(db, {
    design: { full_name: `Sam ${own}`, company_name: `Take ${own}`, business_email: `sam-${own}@take.test` },
    app: { full_name: `Nomsa ${own}`, work_email: `nomsa-${own}@take.test`, company_name: `Take ${own}` },
    request: {
      name: `Jo ${own}`,
      email: `jo-${own}@take.test`,
      phone: "+27825550143",
      project_details: "A shop.",
    },
  });
  try {
    await signIn(context);
    await open(page, staffPath(staffPaths.lead, { id: taken.app }));
    await page.getByRole("button", { name: "Assign to me" }).click();
    await expect(page.getByText("Assigned to you", { exact: true })).toBeVisible();
    await expect(page.getByTestId("owner-now")).toHaveText("Assigned to you.");
    // Theirs already: nothing more to take.
    await expect(page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
    await expect(section(page, "history").getByRole("listitem").first()).toContainText(
      `Assigned to ${emails.sales} by ${emails.sales}`,
    );

    await open(page, `${staffPaths.leads}?q=${own}`);
    await page.getByRole("checkbox", { name: `Select Sam ${own}'s website design enquiry` }).check();
    await page.getByRole("button", { name: "Assign to me" }).click();
    await expect(page.getByText("1 lead assigned to you")).toBeVisible();
    await expect(
      page
        .getByRole("row", { name: new RegExp(`Sam ${own}`) })
        .getByRole("cell")
        .last(),
    ).toHaveText(emails.sales, { useInnerText: true });
  } finally {
    await removeSeededRows(db, taken.rows);
  }
});

test("the phone number dials in E.164", async ({ page, context }) => {
  await signIn(context);
  await open(page, staffPath(staffPaths.lead, { id: ids.app }));
  await expect(page.getByRole("link", { name: "082 555 0199" })).toHaveAttribute("href", "tel:+27825550199");
  await expect(page.getByRole("link", { name: `lindi-${tag}@fleetco.test` })).toHaveAttribute(
    "href",
    `mailto:lindi-${tag}@fleetco.test`,
  );
});

test("leads are assigned in bulk from the list and filtered by mine and unassigned", async ({
  page,
  context,
}) => {
  await signIn(context);
  await open(page, `${staffPaths.leads}?q=${tag}`);
  await expect(rowNames(page)).toHaveCount(3);
  await page.getByRole("checkbox", { name: `Select ${names.app}'s web app enquiry` }).check();
  await page.getByRole("checkbox", { name: `Select ${names.request}'s appointment request` }).check();
  await page.getByLabel("Assign 2 ticked leads to").selectOption(emails.sales);
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("2 leads assigned to you")).toBeVisible();
  const ownerOf = (name: string) =>
    page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("cell")
      .last();
  await expect(ownerOf(names.app)).toHaveText(emails.sales, { useInnerText: true });
  await expect(ownerOf(names.request)).toHaveText(emails.sales, { useInnerText: true });
  await expect(
    page.getByRole("checkbox", { name: `Select ${names.app}'s web app enquiry` }),
  ).not.toBeChecked();

  await page.getByLabel("Owner").selectOption("mine");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/owner=mine/);
  // Unread first, then newest: the request came last, and is unread or as read as the other.
  await expect(rowNames(page)).toHaveText([names.request, names.app]);
  await page.getByLabel("Owner").selectOption("none");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/owner=none/);
  await expect(page.getByRole("link", { name: names.app })).toHaveCount(0);
  await expect(page.getByRole("link", { name: names.request })).toHaveCount(0);

  // Unassign the two in bulk: the unassigned filter finds them.
  await open(page, `${staffPaths.leads}?q=${tag}&owner=mine`);
  await page.getByRole("checkbox", { name: `Select ${names.app}'s web app enquiry` }).check();
  await page.getByRole("checkbox", { name: `Select ${names.request}'s appointment request` }).check();
  await page.getByLabel("Assign 2 ticked leads to").selectOption("");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("2 leads assigned to nobody")).toBeVisible();
  await open(page, `${staffPaths.leads}?q=${tag}&owner=none`);
  await expect(page.getByRole("link", { name: names.app })).toHaveCount(1);
  await expect(page.getByRole("link", { name: names.request })).toHaveCount(1);
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test("the leads list with owners and a lead with its owner, reader and same address pass axe", async ({
      page,
      context,
    }) => {
      await signIn(context);
      for (const path of [`${staffPaths.leads}?q=${tag}`, staffPath(staffPaths.lead, { id: ids.request })]) {
        await open(page, path);
        await page.waitForLoadState("networkidle");
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page).toHaveTitle(/ · Workspace$/);
        await expectNoAxeViolations(page);
      }
    });
  });
}

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test("a lead's page with its owner, reader and same address does not scroll sideways", async ({
    page,
    context,
  }) => {
    await signIn(context);
    await open(page, staffPath(staffPaths.lead, { id: ids.design }));
    await expect(page.getByTestId("read-mark")).toBeVisible();
    await expect(section(page, "same-person").getByRole("listitem")).toHaveCount(1);
    const overflow = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
  });

  test("the bulk assignment above the leads list does not widen the page", async ({ page, context }) => {
    await signIn(context);
    await open(page, `${staffPaths.leads}?q=${tag}`);
    const form = page.getByRole("form", { name: "Assign the ticked leads" });
    // Out of the way until a lead is ticked, then at the foot of the screen.
    await expect(form).toBeHidden();
    await page.getByRole("checkbox", { name: `Select ${names.app}'s web app enquiry` }).check();
    await expect(form).toBeInViewport({ ratio: 1 });
    const box = await form.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});
