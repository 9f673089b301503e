import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, recordAudit } from "#server/db/audit-log.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { expectOneErrorLine } from "#tests/support/cli-expectations.ts";
import { insertWebAppLead, insertWebsiteDesignLead } from "#server/db/leads.ts";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";
import { addStaff, signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import {
  createArrivalsApp,
  submitFormAt,
  type ArrivalClock,
  type ArrivingForm,
} from "#tests/support/lead-arrivals.ts";

/**
 * One person per lead (issue 36): the owner of leads and appointment requests, set from
 * the workspace (one or in bulk) and the CLI through one operation, filtered, exported
 * and audited; opening a lead marks it read by whoever opened it; a lead's page lists the
 * other submissions from the same address. Both engines.
 */
type Item = { id: string; owner: { email: string; disabled: boolean } | null; read: boolean };
type Page = { items: Item[]; total: number };
type Detail = {
  id: string;
  record: { owner: string | null; read: boolean };
  owner: { email: string; disabled: boolean } | null;
  readMark: { by: { email: string } | null; at: string | null } | null;
  activity: { kind: string; by: string; from?: string | null; to?: string | null; at: string }[];
  samePerson: { kind: string; id: string; createdAt: string; status: string }[];
};

let site: TestApp;
let sales: StaffClient;
let boss: StaffClient;
let editor: StaffClient;
const clock: ArrivalClock = { at: new Date() };

const submitAt = (iso: string, form: ArrivingForm, answers: Record<string, unknown> = {}) =>
  submitFormAt(site, clock, iso, form, answers);

const ids = async (client: StaffClient, query = ""): Promise<string[]> => {
  const response = await client.get(`/admin/api/inbox${query}`);
  expect(response.status).toBe(200);
  return (response.body as Page).items.map((item) => item.id);
};

const detail = async (client: StaffClient, id: string): Promise<Detail> => {
  const response = await client.get(`/admin/api/inbox/${id}`);
  expect(response.status).toBe(200);
  return response.body as Detail;
};

const assign = (client: StaffClient, ids: string[], owner: string | null) =>
  client.post("/admin/api/inbox/assign", { ids, owner });

beforeAll(async () => {
  site = await createArrivalsApp(clock, { outbox: { autoStart: false } });
  sales = await signInAs(site, "sales", "sales@agency.test");
  boss = await signInAs(site, "admin", "boss@agency.test");
  editor = await signInAs(site, "editor", "editor@agency.test");
  await submitAt("2026-11-20T08:00:00Z", "website-design");
  await submitAt("2026-11-21T08:00:00Z", "web-app");
  await submitAt("2026-11-22T08:00:00Z", "appointment");
  // The website-design lead's visitor again, in another case and with spaces around it.
  await submitAt("2026-11-23T08:00:00Z", "appointment", { name: "Jane Doe", email: "  JANE@Acme.co.za " });
  await submitAt("2026-11-24T08:00:00Z", "website-design", {
    businessEmail: "Jane@acme.co.za",
    companyName: "Acme Two",
  });
  await site.db
    .insertInto("newsletter_subscribers")
    .values({
      email: "jane@acme.co.za",
      status: "confirmed",
      confirm_token: "c-token",
      unsubscribe_token: "u-token",
      consent_text: "Yes, send me the newsletter.",
      consented_at: "2026-11-19T08:00:00.000Z",
      confirmed_at: "2026-11-19T08:05:00.000Z",
      unsubscribed_at: null,
      created_at: "2026-11-19T08:00:00.000Z",
    })
    .execute();
  // About an earlier row that had the id wd-1 (a deleted row's id can be given again):
  // none of it is this lead's history.
  await recordAudit(
    site.db,
    {
      actor: "old@agency.test",
      ip: "127.0.0.1",
      action: "lead.assigned",
      target: "wd-1",
      detail: { to: "x" },
    },
    new Date("2026-11-01T08:00:00Z"),
  );
  clock.at = new Date("2026-11-25T08:00:00Z");
});
afterAll(() => site.cleanup());

describe("assigning an owner", () => {
  it("lists the active sales and admin accounts as owners to choose from", async () => {
    const disabledId = await addStaff(site.db, "gone@agency.test", "sales");
    await site.db
      .updateTable("staff_users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", disabledId)
      .execute();
    const response = await sales.get("/admin/api/inbox/owners");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      owners: [
        { id: boss.userId, email: "boss@agency.test", role: "admin" },
        { id: sales.userId, email: "sales@agency.test", role: "sales" },
      ],
    });
  });

  it("assigns one lead from its page, shown in the list, the record and its history", async () => {
    const response = await boss.post("/admin/api/inbox/assign", {
      ids: ["wd-1"],
      owner: "Sales@Agency.test ",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ owner: "sales@agency.test", changed: ["wd-1"], already: [] });
    const lead = await detail(boss, "wd-1");
    expect(lead.owner).toEqual({ email: "sales@agency.test", disabled: false });
    expect(lead.record.owner).toBe("sales@agency.test");
    expect(lead.activity).toEqual([
      {
        kind: "assigned",
        from: null,
        to: "sales@agency.test",
        by: "boss@agency.test",
        at: expect.any(String),
      },
    ]);
    const page = (await sales.get("/admin/api/inbox?form=website-design")).body as Page;
    expect(page.items.find((item) => item.id === "wd-1")?.owner).toEqual({
      email: "sales@agency.test",
      disabled: false,
    });
    const [entry] = await listAudit(site.db, { limit: 1, action: "lead.assigned" });
    expect(entry).toMatchObject({
      actor: "boss@agency.test",
      target: "wd-1",
      detail: { from: null, to: "sales@agency.test" },
    });
  });

  it("assigns in bulk, leads and appointment requests alike, saying which were so already", async () => {
    const response = await assign(sales, ["wd-1", "wa-1", "ap-1"], "sales@agency.test");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      owner: "sales@agency.test",
      changed: ["wa-1", "ap-1"],
      already: ["wd-1"],
    });
    expect((await detail(sales, "ap-1")).owner).toEqual({ email: "sales@agency.test", disabled: false });
  });

  it("filters the inbox by mine, unassigned and one member", async () => {
    expect((await ids(sales, "?owner=mine")).sort()).toEqual(["ap-1", "wa-1", "wd-1"]);
    expect(await ids(boss, "?owner=mine")).toEqual([]);
    expect((await ids(boss, "?owner=none")).sort()).toEqual(["ap-2", "wd-2"]);
    expect((await ids(boss, `?owner=${sales.userId}`)).sort()).toEqual(["ap-1", "wa-1", "wd-1"]);
    expect((await sales.get("/admin/api/inbox?owner=someone")).status).toBe(400);
  });

  it("unassigns, in bulk too, and records from whom", async () => {
    const response = await assign(boss, ["wa-1"], null);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ owner: null, changed: ["wa-1"], already: [] });
    expect((await ids(boss, "?owner=none")).sort()).toEqual(["ap-2", "wa-1", "wd-2"]);
    expect((await detail(boss, "wa-1")).activity.at(-1)).toMatchObject({
      kind: "assigned",
      from: "sales@agency.test",
      to: null,
      by: "boss@agency.test",
    });
  });

  it("refuses an editor (403), an editor or disabled owner and unknown ids (400/404) with a clear sentence", async () => {
    expect((await assign(editor, ["wd-1"], "sales@agency.test")).status).toBe(403);
    const toEditor = await assign(boss, ["wd-2"], "editor@agency.test");
    expect(toEditor.status).toBe(400);
    expect(toEditor.body).toEqual({
      error: "The account editor@agency.test is an editor account: leads go to sales or admin staff only.",
    });
    const toDisabled = await assign(boss, ["wd-2"], "gone@agency.test");
    expect(toDisabled.status).toBe(400);
    expect(toDisabled.body).toEqual({
      error: "The account gone@agency.test is disabled: assign it to an active member of staff.",
    });
    const toNobody = await assign(boss, ["wd-2"], "who@agency.test");
    expect(toNobody.status).toBe(400);
    expect(toNobody.body).toEqual({ error: "No staff account has the address who@agency.test." });
    const unknown = await assign(boss, ["wd-2", "wd-99"], "boss@agency.test");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Unknown id wd-99." });
    expect((await assign(boss, ["x-1"], "boss@agency.test")).status).toBe(400);
    expect((await assign(boss, [], "boss@agency.test")).status).toBe(400);
    // Nothing changed by any refusal.
    expect((await detail(boss, "wd-2")).owner).toBeNull();
  });

  it("keeps a disabled account's leads, named as disabled", async () => {
    const leaving = await addStaff(site.db, "leaving@agency.test", "sales");
    expect((await assign(boss, ["ap-2"], "leaving@agency.test")).status).toBe(200);
    await site.db
      .updateTable("staff_users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", leaving)
      .execute();
    expect((await detail(boss, "ap-2")).owner).toEqual({ email: "leaving@agency.test", disabled: true });
    const item = ((await boss.get("/admin/api/inbox?form=appointment")).body as Page).items.find(
      (row) => row.id === "ap-2",
    );
    expect(item?.owner).toEqual({ email: "leaving@agency.test", disabled: true });
    expect(await ids(boss, `?owner=${leaving}`)).toEqual(["ap-2"]);
  });

  it("adds an owner column at the end of the CSV exports", async () => {
    const csv = (text: string) =>
      parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
    const leads = await boss.get("/admin/api/export/leads.csv");
    expect(leads.status).toBe(200);
    const header = leads.text.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
    expect(header.split(",").at(-1)).toBe("Owner");
    const rows = csv(leads.text);
    expect(rows.find((row) => row.Reference === "wd-1")?.Owner).toBe("sales@agency.test");
    expect(rows.find((row) => row.Reference === "wa-1")?.Owner).toBe("");
    const appointments = await boss.get("/admin/api/export/appointments.csv");
    expect(
      appointments.text
        .replace(/^\uFEFF/, "")
        .split(/\r?\n/)[0]
        ?.split(",")
        .at(-1),
    ).toBe("Owner");
    expect(csv(appointments.text).find((row) => row.Reference === "ap-2")?.Owner).toBe("leaving@agency.test");
  });
});

describe("opening a lead", () => {
  it("marks it read by whoever opened it, kept in its history; the GET alone does not", async () => {
    expect((await detail(sales, "wa-1")).record.read).toBe(false);
    const opened = await sales.post("/admin/api/inbox/wa-1/open");
    expect(opened.status).toBe(200);
    const lead = opened.body as Detail;
    expect(lead.record.read).toBe(true);
    // Who, and when: the server's own clock (this suite moves only the submissions' clock).
    expect(lead.readMark).toEqual({
      by: { email: "sales@agency.test", disabled: false },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(lead.activity.at(-1)).toMatchObject({ kind: "read", by: "sales@agency.test" });
    // Someone else opening it later leaves the mark, and who made it, as it was.
    const again = (await boss.post("/admin/api/inbox/wa-1/open")).body as Detail;
    expect(again.readMark?.by?.email).toBe("sales@agency.test");
    expect(again.activity.filter((entry) => entry.kind === "read")).toHaveLength(1);
    // In the list as read.
    const item = ((await boss.get("/admin/api/inbox?form=web-app")).body as Page).items[0];
    expect(item).toMatchObject({ id: "wa-1", read: true });
  });

  it("forgets who read it when it is marked unread, and the next opening marks it again", async () => {
    expect((await boss.post("/admin/api/inbox/wa-1/read", { read: false })).status).toBe(200);
    const unread = await detail(boss, "wa-1");
    expect(unread.readMark).toBeNull();
    expect(unread.activity.at(-1)).toMatchObject({ kind: "unread", by: "boss@agency.test" });
    const opened = (await boss.post("/admin/api/inbox/wa-1/open")).body as Detail;
    expect(opened.readMark?.by?.email).toBe("boss@agency.test");
  });

  it("is refused for an editor, and for an unknown lead", async () => {
    expect((await editor.post("/admin/api/inbox/wa-1/open")).status).toBe(403);
    expect((await sales.post("/admin/api/inbox/wa-9/open")).status).toBe(404);
  });
});

describe("the same person", () => {
  it("lists the other leads, requests and subscriptions from the same address, in any case, newest first", async () => {
    const lead = await detail(sales, "wd-1");
    expect(lead.samePerson).toEqual([
      { kind: "website-design", id: "wd-2", createdAt: "2026-11-24T08:00:00.000Z", status: "new" },
      { kind: "appointment", id: "ap-2", createdAt: "2026-11-23T08:00:00.000Z", status: "new" },
      { kind: "subscription", id: "1", createdAt: "2026-11-19T08:00:00.000Z", status: "confirmed" },
    ]);
    const other = await detail(sales, "ap-2");
    expect(other.samePerson.map((entry) => entry.id)).toEqual(["wd-2", "wd-1", "1"]);
    // Someone else's address shares nothing.
    expect((await detail(sales, "wa-1")).samePerson).toEqual([]);
  });

  it("gives the visitor's number for a tel: link in E.164", async () => {
    const lead = (await sales.get("/admin/api/inbox/wa-1")).body as { telephone: string | null };
    expect(lead.telephone).toBe("+27825550199");
    expect(
      ((await sales.get("/admin/api/inbox/wd-1")).body as { telephone: string | null }).telephone,
    ).toBeNull();
  });
});

describe("site-admin leads assign", () => {
  it("assigns a lead and an appointment request, lists the owner, and unassigns", async () => {
    const run = await cli(site, "leads", "assign", "wd-2", "boss@agency.test");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe("Assigned 1 lead to boss@agency.test (wd-2).\n");
    expect((await cli(site, "leads", "assign", "wd-2", "boss@agency.test")).stdout).toBe(
      "1 lead already assigned to boss@agency.test: wd-2.\n",
    );
    expect((await cli(site, "leads", "assign", "ap-1", "boss@agency.test")).code).toBe(0);
    expect((await detail(boss, "ap-1")).owner?.email).toBe("boss@agency.test");
    expect((await cli(site, "leads", "show", "wd-2")).stdout).toMatch(/^Owner: +boss@agency\.test$/m);
    expect((await cli(site, "leads", "show", "wa-1")).stdout).toMatch(/^Owner: +nobody$/m);
    const list = (await cli(site, "leads", "list")).stdout.split("\n");
    expect(list[0]).toMatch(/ OWNER$/);
    expect(list.find((line) => line.includes("wd-2"))).toMatch(/ boss@agency\.test$/);
    const [entry] = await listAudit(site.db, { limit: 1, action: "lead.assigned" });
    expect(entry).toMatchObject({ actor: expect.stringMatching(/^cli:/), target: "ap-1" });
    expect((await cli(site, "leads", "assign", "wd-2", "--none")).stdout).toBe(
      "Assigned 1 lead to nobody (wd-2).\n",
    );
    expect((await cli(site, "leads", "unassign", "ap-1")).code).toBe(0);
    expect((await detail(boss, "ap-1")).owner).toBeNull();
  });

  it("refuses an editor, a disabled account, a bad id, and neither or both of an address and --none", async () => {
    expectOneErrorLine(
      await cli(site, "leads", "assign", "wd-2", "editor@agency.test"),
      1,
      /editor@agency\.test is an editor account: leads go to sales or admin staff only/,
    );
    expectOneErrorLine(await cli(site, "leads", "assign", "wd-2", "gone@agency.test"), 1, /is disabled/);
    expectOneErrorLine(
      await cli(site, "leads", "assign", "xx-2", "boss@agency.test"),
      1,
      /invalid id "xx-2"/,
    );
    expectOneErrorLine(
      await cli(site, "leads", "assign", "wd-2"),
      1,
      /either a staff e-mail address or --none/,
    );
    expectOneErrorLine(
      await cli(site, "leads", "assign", "wd-2", "boss@agency.test", "--none"),
      1,
      /either a staff e-mail address or --none/,
    );
  });
});

describe("the follow-up reminder", () => {
  it("goes to each lead's owner, naming them; the agency gets the leads nobody active owns", async () => {
    const sink = await startSmtpSink();
    const mailing = await createTestApp(
      { SMTP_URL: sink.url, MAIL_TO: "leads@agency.test", SITE_URL: "https://agency.test" },
      { outbox: { autoStart: false }, followUp: { autoStart: false } },
    );
    try {
      const ana = await addStaff(mailing.db, "ana@agency.test", "sales");
      const gone = await addStaff(mailing.db, "gone@agency.test", "sales");
      const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
      const lead = (name: string, hours: number) =>
        insertWebsiteDesignLead(mailing.db, {
          full_name: name,
          company_name: "Acme",
          business_email: `${name.toLowerCase()}@x.test`,
          website_type: null,
          budget: null,
          timeline: null,
          created_at: ago(hours),
        });
      const owned = await lead("Owned", 22);
      await lead("Nobody", 21);
      const orphaned = await insertWebAppLead(mailing.db, {
        full_name: "Orphaned",
        work_email: "orphaned@x.test",
        phone_number: null,
        company_name: "B",
        industry: null,
        company_size: null,
        created_at: ago(23),
      });
      await mailing.db
        .updateTable("website_design_leads")
        .set({ owner_id: ana })
        .where("id", "=", owned)
        .execute();
      await mailing.db
        .updateTable("web_app_leads")
        .set({ owner_id: gone })
        .where("id", "=", orphaned)
        .execute();
      await mailing.db
        .updateTable("staff_users")
        .set({ disabled_at: new Date().toISOString() })
        .where("id", "=", gone)
        .execute();

      expect(await mailing.followUp.runOnce()).toBe(3);
      expect(await mailing.outbox.drain()).toEqual({ sent: 2, failed: 0 });
      const mails = await sink.waitForMessages(2);
      const toAna = mails.find((mail) => mail.to.includes("ana@agency.test"));
      const toAgency = mails.find((mail) => mail.to.includes("leads@agency.test"));
      expect(toAna?.to).toEqual(["ana@agency.test"]);
      expect(toAna?.subject).toBe("Follow up: 1 lead is still new after 20 hours");
      expect(toAna?.text).toMatch(/^Owned's website design enquiry \(Acme, owned@x\.test\)$/m);
      expect(toAna?.text).toContain("  owner: ana@agency.test");
      expect(toAna?.text).not.toContain("Nobody");
      expect(toAgency?.subject).toBe("Follow up: 2 leads are still new after 20 hours");
      expect(toAgency?.text).toContain("  owner: nobody yet");
      expect(toAgency?.text).toContain("  owner: gone@agency.test (disabled)");
      expect(toAgency?.text).not.toContain("Owned");
    } finally {
      await mailing.cleanup();
      await sink.close();
    }
  });
});
