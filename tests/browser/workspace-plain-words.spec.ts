import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import { companySizeOptions } from "#shared/forms/web-app-lead.ts";
import { budgetOptions, timelineOptions, websiteTypeOptions } from "#shared/forms/website-design-lead.ts";
import { inboxForms } from "#shared/inbox.ts";
import { notificationKindLabels } from "#shared/notification-kinds.ts";
import { historyPath, staffPath, staffPaths } from "#shared/staff-paths.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
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
 * Staff never meet a developer's word (docs/decisions/075-names-not-ids.md): every workspace
 * page, signed in as an admin with a lead of each form, a booked meeting, a request a bot
 * trap held back and a dead e-mail, names leads by person and form. Its reference ("wd-12")
 * shows only as "Reference wd-12"; no page says "As shipped", labels a field "Id", shows a
 * camelCase name, raw JSON or a stored code ("30k-60k") as text, in what it shows, its
 * accessible names or its title. At 360 px and 1280 px, with axe.
 *
 * The audit log is not visited here: its entries name whatever other files' tests did in this
 * shared database. Its sentences are held to the same words by
 * server/operations/audit/audit-sentences.test.ts, and its page by workspace-audit.spec.ts.
 */
const dataDir = "tests/.tmp/browser-data";
let tag = "";
let db: Db;
let sessionToken = "";
const ids = { design: 0, app: 0, request: 0, held: 0, dead: 0 };
const names = { design: "", app: "", request: "", held: "" };

test.beforeAll(async () => {
  tag = randomBytes(4).toString("hex");
  Object.assign(names, {
    design: `Thandi Words${tag}`,
    app: `Pieter Words${tag}`,
    request: `Lerato Words${tag}`,
    held: `Quinn Words${tag}`,
  });
  db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  const adminId = await addStaff(db, `words-admin-${tag}@agency.test`, "admin");
  sessionToken = (await createSession(db, adminId, { ip: "127.0.0.1" })).token;
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
  // Booked for three days on, so the meetings page lists it.
  ids.request = await seedAppointmentRequest(db, {
    name: names.request,
    email: `lerato-${tag}@example.test`,
    phone: "+27825550122",
    project_details: "A booking portal for a guest house.",
    schedule_status: "confirmed",
    scheduled_start: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
    scheduled_minutes: 45,
    created_at: minutesAgo(20),
  });
  // Also from Thandi's address, so her page lists it under "Also from this address".
  ids.held = await seedAppointmentRequest(db, {
    name: names.held,
    email: `thandi-${tag}@karoo.test`,
    phone: "+27825550133",
    project_details: "Sent by a bot.",
    suspected_spam: "too-fast",
    created_at: minutesAgo(10),
  });
  ids.dead = await seedDeadNotification(db, {
    kind: "website-design-lead",
    visitorName: names.design,
    visitorEmail: `thandi-${tag}@karoo.test`,
    createdAt: minutesAgo(40),
    lastError: "550 mailbox unavailable",
  });
});

// The suite's server is shared: what this file added goes again.
test.afterAll(async () => {
  await removeSeededRows(db, {
    design: [ids.design],
    app: [ids.app],
    requests: [ids.request, ids.held],
    notifications: [ids.dead],
  });
  await db.destroy();
});

/** A lead's or request's reference: what must only ever follow "Reference ". */
const reference = /\b(?:wd|wa|ap)-\d+\b/g;

/**
 * The stored codes of the forms' choices, the forms and the e-mails that are not plain
 * words ("30k-60k", "website-design", "too-fast"): a code with a hyphen or a digit.
 */
const choices = [serviceTypeOptions, companySizeOptions, budgetOptions, timelineOptions, websiteTypeOptions];
// A choice whose label is its code ("51-200") reads the same either way.
const storedCodes = [
  ...choices.flatMap((options) =>
    options.filter((option) => option.label !== option.value).map((option) => option.value),
  ),
  // "web-app" is also how the site's own copy writes the word ("your web-app enquiry").
  ...inboxForms.filter((form) => form !== "web-app"),
  ...Object.keys(notificationKindLabels),
  "too-fast",
  "honeypot",
].filter((code) => /[-\d]/.test(code) || code === "honeypot");

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A code standing as a word of its own: not part of a web address ("/website-design") or a longer word. */
const codeAsWord = new RegExp(
  `(?<![\\w/.#@-])(?:${storedCodes.map(escape).join("|")})(?![\\w/@-]|\\.\\w)`,
  "g",
);

/** "fullName", "createdAt": a word with a capital inside, as code names things. */
const camelCase = /\b[a-z]+[A-Z][A-Za-z]*\b/g;
/** `{"a":` or `["a",`: JSON where a sentence belongs. */
const rawJson = /[{[]\s*"[^"\n]{1,40}"\s*[:,]/;

/** What a text says that staff should not meet; empty when it reads as plain words. */
function developerWords(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(reference)) {
    if (!text.slice(0, match.index).endsWith("Reference ")) found.push(`bare reference ${match[0]}`);
  }
  if (/\bAs shipped\b/i.test(text)) found.push("As shipped");
  for (const match of text.matchAll(camelCase)) found.push(`camelCase ${match[0]}`);
  if (rawJson.test(text)) found.push(`raw JSON ${rawJson.exec(text)?.[0]}`);
  for (const match of text.matchAll(codeAsWord)) found.push(`stored code ${match[0]}`);
  return found;
}

/** The words a person meets on the page: what shows, and what a screen reader reads instead. */
function wordsOnPage(page: Page) {
  return page.evaluate(() => {
    const labelled = [...document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")].flatMap(
      (el) => ["aria-label", "title", "alt", "placeholder"].map((name) => el.getAttribute(name) ?? ""),
    );
    const labels = [...document.querySelectorAll("label, legend")].map((el) =>
      (el.textContent ?? "").replace(/\s+/g, " ").trim(),
    );
    return {
      title: document.title,
      visible: document.body.innerText,
      // Read aloud though hidden from the eye.
      hidden: [...document.querySelectorAll(".sr-only")].map((el) => el.textContent ?? ""),
      labelled,
      labels,
    };
  });
}

const lead = (id: string) => staffPath(staffPaths.lead, { id });

/** Every signed-in workspace page but the audit log, with what shows once its own content is there. */
function signedInPages(): { path: string; ready: (page: Page) => Promise<void> }[] {
  const main = (page: Page) => page.getByRole("main");
  const shows = (text: string) => async (page: Page) => {
    await expect(main(page).getByText(text).first()).toBeVisible();
  };
  const table = async (page: Page) => {
    await expect(main(page).getByRole("table").first()).toBeVisible();
  };
  const form = async (page: Page) => {
    await expect(main(page).locator("form").first()).toBeVisible();
  };
  const content = (kind: string) => staffPath(staffPaths.content, { kind });
  return [
    { path: staffPaths.overview, ready: shows("Leads and appointments") },
    { path: `${staffPaths.leads}?q=${tag}`, ready: shows(names.design) },
    { path: `${staffPaths.leads}?suspected=1&q=${tag}`, ready: shows(names.held) },
    { path: lead(`wd-${ids.design}`), ready: shows(`Karoo Tours ${tag}`) },
    { path: lead(`wa-${ids.app}`), ready: shows(`Fleet ${tag}`) },
    { path: lead(`ap-${ids.request}`), ready: shows("A booking portal for a guest house.") },
    { path: lead(`ap-${ids.held}`), ready: shows("Sent by a bot.") },
    { path: staffPaths.meetings, ready: shows(names.request) },
    { path: staffPaths.notifications, ready: shows(`thandi-${tag}@karoo.test`) },
    {
      path: staffPaths.insights,
      ready: (page) => expect(main(page).getByRole("table").first()).toBeAttached(),
    },
    { path: staffPaths.pages, ready: table },
    { path: staffPath(staffPaths.pageEdit, { page: "home" }), ready: form },
    { path: historyPath("page:home"), ready: shows("History") },
    { path: staffPaths.snippets, ready: table },
    { path: staffPaths.settings, ready: form },
    { path: content("projects"), ready: table },
    { path: content("news"), ready: table },
    { path: content("case-studies"), ready: table },
    { path: staffPath(staffPaths.contentNew, { kind: "news" }), ready: form },
    { path: staffPath(staffPaths.contentNew, { kind: "projects" }), ready: form },
    { path: staffPath(staffPaths.contentNew, { kind: "case-studies" }), ready: form },
    { path: staffPath(staffPaths.contentEdit, { kind: "projects", id: "klipkop-wine-shop" }), ready: form },
    { path: staffPath(staffPaths.contentEdit, { kind: "case-studies", id: "craft" }), ready: form },
    {
      path: staffPath(staffPaths.contentEdit, { kind: "news", id: "core-web-vitals-and-conversion" }),
      ready: form,
    },
    { path: historyPath("projects/klipkop-wine-shop"), ready: shows("History") },
    { path: staffPath(staffPaths.snippetEdit, { page: "home" }), ready: form },
    { path: staffPaths.screenshots, ready: form },
    { path: staffPaths.users, ready: table },
    { path: staffPaths.account, ready: shows("Passkeys") },
    { path: "/admin/no-such-page", ready: shows("Not found") },
  ];
}

// A phone's cards in the light theme, a desk's tables in the dark: each layout says its own words.
for (const { width, colorScheme } of [
  { width: 360, colorScheme: "light" },
  { width: 1280, colorScheme: "dark" },
] as const) {
  test(`every workspace page names leads by person and form and shows no developer's word, at ${width} px in the ${colorScheme} theme with axe`, async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await addSessionCookie(context, sessionToken);
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 800 });
    for (const { path, ready } of signedInPages()) {
      await page.goto(path);
      await waitForHydration(page);
      await ready(page);
      const words = await wordsOnPage(page);
      expect(developerWords(words.title), `${path}: the title "${words.title}"`).toEqual([]);
      expect(developerWords(words.visible), `${path}: the text shown`).toEqual([]);
      expect(developerWords(words.hidden.join("\n")), `${path}: text read aloud`).toEqual([]);
      expect(developerWords(words.labelled.join("\n")), `${path}: accessible names`).toEqual([]);
      expect(
        words.labels.filter((label) => /^id\b/i.test(label)),
        `${path}: a field labelled Id`,
      ).toEqual([]);
      await expectNoAxeViolations(page);
    }
  });
}

test("a lead's page and title name it by person and form, its reference a quiet detail", async ({
  page,
  context,
}) => {
  await addSessionCookie(context, sessionToken);
  await page.setViewportSize({ width: 360, height: 800 });
  const cases = [
    { id: `wd-${ids.design}`, name: `${names.design}'s website design enquiry` },
    { id: `wa-${ids.app}`, name: `${names.app}'s web app enquiry` },
    { id: `ap-${ids.request}`, name: `${names.request}'s appointment request` },
  ];
  for (const { id, name } of cases) {
    await page.goto(lead(id));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} · Workspace`);
    await expect(page.getByRole("main").getByText(`Reference ${id}`, { exact: true })).toBeVisible();
  }

  // The list and the meetings name each by person and form too, for a screen reader as well.
  await page.goto(`${staffPaths.leads}?q=${tag}`);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: `${names.app}'s web app enquiry`, exact: true })).toBeVisible();
  await expect(
    page.getByRole("checkbox", { name: `Select ${names.design}'s website design enquiry`, exact: true }),
  ).toBeAttached();
  await page.goto(staffPaths.meetings);
  await waitForHydration(page);
  await expect(
    page.getByRole("link", { name: `${names.request}'s appointment request`, exact: true }),
  ).toBeVisible();

  // Released from the bot trap's hold in words, not by the trap's code.
  await page.goto(lead(`ap-${ids.held}`));
  await waitForHydration(page);
  await expect(page.getByRole("main")).toContainText(
    "A bot trap held it back (sent too fast after the form opened)",
  );
  // Thandi's page lists it by its form, with its reference beside its date.
  await page.goto(lead(`wd-${ids.design}`));
  await waitForHydration(page);
  const same = page.locator("section[aria-labelledby=same-person-title]");
  await expect(same.getByRole("link", { name: "Appointment request", exact: true })).toBeVisible();
  await expect(same).toContainText(`Reference ap-${ids.held}`);
});

test("a new item's web address field says where its page will be", async ({ page, context }) => {
  await addSessionCookie(context, sessionToken);
  await page.goto(staffPath(staffPaths.contentNew, { kind: "news" }));
  await waitForHydration(page);
  await expect(page.getByLabel("Id", { exact: true })).toHaveCount(0);
  const field = page.getByRole("textbox", { name: /^Web address/ });
  await expect(field).toHaveAttribute("name", "id");
  await page.getByLabel("Headline", { exact: true }).fill("Load Shedding & Your Website");
  await expect(page.getByTestId("item-address")).toHaveText(/\/news\/load-shedding-your-website$/);
  await field.fill("power-cuts");
  await expect(page.getByTestId("item-address")).toHaveText(/\/news\/power-cuts$/);
  await expect(field).toHaveAccessibleDescription(/Its page will be at .*\/news\/power-cuts\./);

  // A project has no page of its own: its id is its short name.
  await page.goto(staffPath(staffPaths.contentNew, { kind: "projects" }));
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: /^Short name/ })).toHaveAttribute("name", "id");
});

test("the pages list says a page still has its original text, not that it is as shipped", async ({
  page,
  context,
}) => {
  await addSessionCookie(context, sessionToken);
  await page.goto(staffPaths.pages);
  await waitForHydration(page);
  await expect(page.getByRole("main").getByText("Original text").first()).toBeVisible();
  await expect(page.getByText(/As shipped/i)).toHaveCount(0);
});
