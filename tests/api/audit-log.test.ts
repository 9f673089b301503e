import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "#server/db/audit-log.ts";
import { insertWebsiteDesignLead } from "#server/db/leads.ts";
import type { AuditEntryView, AuditPerson } from "#shared/audit-actions.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The audit log in sentences, filtered by person, kind of change and days in the agency's
 * time zone (docs/decisions/074-audit-log-in-sentences.md), from the workspace's API.
 */
let site: TestApp;
let boss: StaffClient;
let sipho: StaffClient;
let leadId: number;

type Page = { entries: AuditEntryView[]; nextBefore: number | null; people: AuditPerson[] };

const audit = async (query = ""): Promise<Page> => {
  const response = await boss.get(`/admin/api/audit${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Page;
};
const sentences = async (query = "") => (await audit(query)).entries.map((entry) => entry.sentence);

beforeAll(async () => {
  site = await createTestApp();
  boss = await signInAs(site, "admin", "thandi@agency.test");
  sipho = await signInAs(site, "sales", "sipho@agency.test");
  leadId = await insertWebsiteDesignLead(site.db, {
    full_name: "Jane Doe",
    company_name: "Karoo Tours",
    business_email: "jane@karoo.test",
    website_type: null,
    budget: null,
    timeline: null,
    created_at: new Date().toISOString(),
  });
  // Through the workspace, as people make them.
  expect((await sipho.post(`/admin/api/inbox/wd-${leadId}/status`, { status: "contacted" })).status).toBe(
    200,
  );
  expect((await boss.post(`/admin/api/users/${sipho.userId}/role`, { role: "editor" })).status).toBe(200);
  // Either side of the agency's midnight starting 28 Nov 2020 (22:00 UTC on the 27th), long before the rest.
  const entry = { actor: "thandi@agency.test", ip: "198.51.100.7" } as const;
  await recordAudit(
    site.db,
    { ...entry, action: "copy.publish", target: "home" },
    new Date("2020-11-27T21:59:00Z"),
  );
  await recordAudit(
    site.db,
    { ...entry, action: "copy.draft", target: "about" },
    new Date("2020-11-27T22:01:00Z"),
  );
  // One an older version wrote, with a detail that must not show.
  await recordAudit(site.db, {
    ...entry,
    action: "settings.update",
    target: "settings",
    detail: { changed: ["agencyInbox"], token: "SECRET-TOKEN" },
  });
  await site.db
    .insertInto("audit_log")
    .values({
      at: new Date().toISOString(),
      actor: "thandi@agency.test",
      ip: "198.51.100.7",
      action: "legacy.export",
      target: null,
      detail: JSON.stringify({ password: "SECRET-PASSWORD" }),
    })
    .execute();
});
afterAll(async () => {
  await site.cleanup();
});

describe("the audit log's sentences", () => {
  it("names people by address and leads by their person and form, with no codes or JSON", async () => {
    const page = await audit();
    const said = page.entries.map((entry) => entry.sentence);
    expect(said).toContain("thandi@agency.test made sipho@agency.test an editor (was a sales person).");
    expect(said).toContain("sipho@agency.test marked Jane Doe's website design enquiry as contacted.");
    expect(said).toContain("thandi@agency.test changed the agency inbox.");
    expect(said).toContain(
      "thandi@agency.test made a change this version of the workspace does not describe.",
    );
    const text = JSON.stringify(page.entries);
    expect(text).not.toContain("SECRET");
    expect(page.entries.every((entry) => !("detail" in entry))).toBe(true);
  });

  it("says which version a restore brought back, by when it was saved", async () => {
    const revision = (saved_at: string, note: string | null) =>
      site.db
        .insertInto("revisions")
        .values({ target: "page:services", document: "{}", actor: "thandi@agency.test", saved_at, note })
        .execute();
    await revision("2026-11-20T12:05:00.000Z", "As shipped");
    await revision("2026-11-21T09:30:00.000Z", null);
    await revision("2026-11-22T08:00:00.000Z", "Restored revision 1");
    const entry = { actor: "thandi@agency.test", ip: "198.51.100.7", target: "services" } as const;
    await recordAudit(site.db, {
      ...entry,
      action: "copy.publish",
      detail: { revision: 3, note: "Restored revision 1" },
    });
    await recordAudit(site.db, {
      ...entry,
      action: "copy.publish",
      detail: { revision: 9, note: "Restored revision 7" },
    });
    const said = await sentences("?group=content&limit=2");
    expect(said).toEqual([
      "thandi@agency.test restored the Services page to its revision 7.",
      "thandi@agency.test restored the Services page to the version of 20 Nov 2026, 14:05.",
    ]);
  });

  it("offers the staff who appear and the command line as people", async () => {
    const { people } = await audit();
    expect(people).toEqual([
      { value: "sipho@agency.test", label: "sipho@agency.test" },
      { value: "thandi@agency.test", label: "thandi@agency.test" },
      { value: "command-line", label: "The command line" },
    ]);
  });
});

describe("the audit log's filters", () => {
  it("finds a role change under accounts and roles, not under leads", async () => {
    const accounts = await sentences("?group=accounts");
    expect(accounts).toEqual(["thandi@agency.test made sipho@agency.test an editor (was a sales person)."]);
    const leads = await sentences("?group=leads");
    expect(leads).toEqual(["sipho@agency.test marked Jane Doe's website design enquiry as contacted."]);
  });

  it("keeps one person's changes", async () => {
    expect(await sentences("?person=sipho%40agency.test")).toEqual([
      "sipho@agency.test marked Jane Doe's website design enquiry as contacted.",
    ]);
    expect(await sentences("?person=SIPHO%40agency.test&group=accounts")).toEqual([]);
  });

  it("keeps the command line's changes under its own name", async () => {
    expect((await runCliOn(site, "users", "invite", "new@agency.test", "--role", "sales")).code).toBe(0);
    expect(await sentences("?person=command-line")).toEqual([
      "Someone at the command line invited new@agency.test to join as a sales person.",
    ]);
  });

  it("reads days in the agency's time zone, both ends included", async () => {
    expect(await sentences("?from=2020-11-28&to=2020-11-28")).toEqual([
      "thandi@agency.test saved a draft of the About page.",
    ]);
    expect(await sentences("?from=2020-11-27&to=2020-11-27")).toEqual([
      "thandi@agency.test published changes to the Home page.",
    ]);
    expect(await sentences("?to=2020-11-28")).toEqual([
      "thandi@agency.test saved a draft of the About page.",
      "thandi@agency.test published changes to the Home page.",
    ]);
    // An empty value, as a form sends an unchosen filter, is no filter.
    expect((await sentences("?from=&to=&person=&group=")).length).toBe((await sentences()).length);
  });

  it("pages with the filters kept", async () => {
    const first = await audit("?group=content&to=2020-11-30&limit=1");
    expect(first.entries.map((entry) => entry.action)).toEqual(["copy.draft"]);
    expect(first.nextBefore).not.toBeNull();
    const older = await audit(`?group=content&to=2020-11-30&limit=1&before=${first.nextBefore}`);
    expect(older.entries.map((entry) => entry.action)).toEqual(["copy.publish"]);
  });

  it("refuses a filter it cannot read, with a sentence, and changes nothing", async () => {
    const cases: Array<[string, string]> = [
      ["?from=2026-02-30", "The first day must be a date, like 2026-11-28."],
      ["?to=yesterday", "The last day must be a date, like 2026-11-28."],
      ["?group=user.", "Choose a kind of change from the list."],
      ["?from=2026-11-28&to=2026-11-01", "The last day must be on or after the first day."],
      ["?before=abc", "The page must be a whole number."],
      ["?person=a%40agency.test&person=b%40agency.test", "Choose one person."],
    ];
    for (const [query, message] of cases) {
      const response = await boss.get(`/admin/api/audit${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toContain(message);
    }
  });

  it("is for admins only", async () => {
    expect((await sipho.get("/admin/api/audit?group=accounts")).status).toBe(403);
  });
});
