import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDbBoolean } from "#server/db/dialect.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { overviewLinks, type StaffOverview } from "#shared/staff-overview.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import {
  createArrivalsApp,
  submitFormAt,
  type ArrivalClock,
  type ArrivingForm,
} from "#tests/support/lead-arrivals.ts";

/**
 * The workspace's overview: exact counts of what needs doing on known data, per role,
 * and each count's link listing exactly those rows.
 */
type Page = { items: { id: string }[]; total: number };

let site: TestApp;
let admin: StaffClient;
let sales: StaffClient;
let editor: StaffClient;
const clock: ArrivalClock = { at: new Date() };
// Wednesday 25 November 2026, 12:00 in Cape Town. The week began on Monday 23 November at
// 00:00 there (22:00 UTC on Sunday); a lead still new 20 hours after it came is overdue.
const NOW = "2026-11-25T10:00:00.000Z";

const submitAt = (iso: string, form: ArrivingForm, answers: Record<string, unknown> = {}) =>
  submitFormAt(site, clock, iso, form, answers);

async function update(table: LeadTable, id: number, values: Record<string, unknown>) {
  await site.db.updateTable(table).set(values).where("id", "=", id).execute();
}

async function overviewOf(client: StaffClient): Promise<StaffOverview> {
  const response = await client.get("/admin/api/overview");
  expect(response.status).toBe(200);
  return response.body as StaffOverview;
}

/** The inbox's ids for a link the overview gives, e.g. "/admin/leads?unread=1". */
async function listed(link: string): Promise<string[]> {
  const query = new URL(link, "http://workspace").search;
  const response = await sales.get(`/admin/api/inbox${query}`);
  expect(response.status).toBe(200);
  return (response.body as Page).items.map((item) => item.id).sort();
}

beforeAll(async () => {
  // No mail server, and the outbox is not started: every queued e-mail stays pending.
  site = await createArrivalsApp(clock, { workspace: { now: () => clock.at }, outbox: { autoStart: false } });
  [admin, sales, editor] = [
    await signInAs(site, "admin"),
    await signInAs(site, "sales"),
    await signInAs(site, "editor"),
  ];
  // Last week (Tuesday), answered since.
  await submitAt("2026-11-17T08:00:00Z", "website-design");
  // This week (Monday), still new and unread: overdue.
  await submitAt("2026-11-23T08:00:00Z", "website-design");
  // Sunday 23:30 in Cape Town: last week's; still new, read, overdue.
  await submitAt("2026-11-22T21:30:00Z", "web-app");
  // An hour ago: new and unread, not yet overdue.
  await submitAt("2026-11-25T09:00:00Z", "web-app");
  // Appointment requests: one this week with a meeting today, one last week with a meeting
  // on Friday, one cancelled, one confirmed for next week.
  await submitAt("2026-11-24T08:00:00Z", "appointment");
  await submitAt("2026-11-16T06:00:00Z", "appointment");
  await submitAt("2026-11-24T09:00:00Z", "appointment");
  await submitAt("2026-11-24T10:00:00Z", "appointment");
  // Held back as suspected spam this week: counted nowhere.
  await submitAt("2026-11-24T11:00:00Z", "website-design", { website: "x", fullName: "Potted Pete" });
  clock.at = new Date(NOW);

  const read = toDbBoolean(true);
  await update("website_design_leads", 1, { status: "contacted", read });
  await update("web_app_leads", 1, { read });
  const meeting = (start: string, status: "confirmed" | "cancelled") => ({
    schedule_status: status,
    scheduled_start: start,
    scheduled_minutes: 45,
    calendar_sequence: 1,
  });
  await update("appointment_requests", 1, meeting("2026-11-25T13:00:00.000Z", "confirmed"));
  await update("appointment_requests", 2, {
    status: "contacted",
    read,
    ...meeting("2026-11-27T08:00:00.000Z", "confirmed"),
  });
  await update("appointment_requests", 3, {
    status: "contacted",
    read,
    ...meeting("2026-11-25T08:00:00.000Z", "cancelled"),
  });
  // Monday next week, 00:30 in Cape Town: not this week's, but within the next seven days.
  await update("appointment_requests", 4, {
    status: "contacted",
    read,
    ...meeting("2026-11-29T22:30:00.000Z", "confirmed"),
  });
  // One e-mail given up on.
  const first = await site.db.selectFrom("outbox").select("id").orderBy("id").executeTakeFirstOrThrow();
  await site.db.updateTable("outbox").set({ status: "dead" }).where("id", "=", first.id).execute();
});
afterAll(() => site.cleanup());

describe("the overview for the leads roles", () => {
  it("counts new, unread and overdue leads, waiting e-mails and meetings exactly", async () => {
    const overview = await overviewOf(sales);
    const queued = await site.db.selectFrom("outbox").select("status").execute();
    expect(overview.leads).toEqual({
      newLeads: 4, // wd-2, wa-1, wa-2, ap-1
      unread: 3, // wd-2, wa-2, ap-1
      overdue: 3, // wd-2, wa-1, ap-1
      overdueAfterHours: 20,
      waitingEmails: { pending: queued.length - 1, dead: 1 },
      meetingsToday: 1,
      // ap-1 this afternoon, ap-2 on Friday, ap-4 on Monday; ap-3 is cancelled.
      meetingsNextSevenDays: 3,
      week: { start: "2026-11-23", lastWeekStart: "2026-11-16", lastWeekEnd: "2026-11-22" },
      byForm: [
        { form: "website-design", thisWeek: 1, lastWeek: 1 },
        { form: "web-app", thisWeek: 1, lastWeek: 1 },
        { form: "appointment", thisWeek: 3, lastWeek: 1 },
      ],
    });
    expect(overview.content).toBeUndefined();
    expect(overview.users).toBeUndefined();
  });

  it("links each count to the inbox filtered to exactly those", async () => {
    const { leads } = await overviewOf(sales);
    if (!leads) throw new Error("no leads overview");
    expect(await listed(overviewLinks.newLeads)).toEqual(["ap-1", "wa-1", "wa-2", "wd-2"]);
    expect(await listed(overviewLinks.unread)).toEqual(["ap-1", "wa-2", "wd-2"]);
    expect(await listed(overviewLinks.overdue)).toEqual(["ap-1", "wa-1", "wd-2"]);
    expect(await listed(overviewLinks.thisWeek("website-design", leads.week))).toEqual(["wd-2"]);
    expect(await listed(overviewLinks.lastWeek("web-app", leads.week))).toEqual(["wa-1"]);
    expect(await listed(overviewLinks.thisWeek("appointment", leads.week))).toEqual(["ap-1", "ap-3", "ap-4"]);
    expect(await listed(overviewLinks.lastWeek("appointment", leads.week))).toEqual(["ap-2"]);
  });

  it("combines the overdue filter with the others, and none but new is overdue", async () => {
    expect(await listed("/admin/leads?overdue=1&form=web-app")).toEqual(["wa-1"]);
    expect(await listed("/admin/leads?overdue=1&unread=1")).toEqual(["ap-1", "wd-2"]);
    expect(await listed("/admin/leads?overdue=1&status=contacted")).toEqual([]);
    expect(await listed("/admin/leads?overdue=0&unread=0")).toHaveLength(8);
    const refused = await sales.get("/admin/api/inbox?unread=yes");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "Unread must be 0 or 1." });
  });

  it("moves with the clock: a lead becomes overdue once its hours have passed", async () => {
    clock.at = new Date("2026-11-26T06:00:00.000Z");
    try {
      const { leads } = await overviewOf(sales);
      expect(leads?.overdue).toBe(4);
      expect(leads?.meetingsToday).toBe(0);
      expect(await listed(overviewLinks.overdue)).toEqual(["ap-1", "wa-1", "wa-2", "wd-2"]);
    } finally {
      clock.at = new Date(NOW);
    }
  });

  it("counts meetings in the next seven days on a Saturday, not the one day left of its week", async () => {
    // Saturday 28 November 2026, 10:00 in Cape Town.
    clock.at = new Date("2026-11-28T08:00:00.000Z");
    // Thursday 3 December, 10:00 there: five days away. And Saturday 5 December, 10:30:
    // seven days and half an hour away, past the count.
    const moved = (id: number, start: string) =>
      update("appointment_requests", id, { schedule_status: "confirmed", scheduled_start: start });
    await moved(3, "2026-12-03T08:00:00.000Z");
    await moved(2, "2026-12-05T08:30:00.000Z");
    try {
      const { leads } = await overviewOf(sales);
      // ap-4 on Monday and ap-3 on Thursday; ap-1 was on Wednesday, ap-2 is too far.
      expect(leads?.meetingsNextSevenDays).toBe(2);
      expect(leads?.meetingsToday).toBe(0);
      // The leads per form still compare the week that began on Monday 23 November.
      expect(leads?.week).toEqual({
        start: "2026-11-23",
        lastWeekStart: "2026-11-16",
        lastWeekEnd: "2026-11-22",
      });
    } finally {
      await update("appointment_requests", 3, {
        schedule_status: "cancelled",
        scheduled_start: "2026-11-25T08:00:00.000Z",
      });
      await update("appointment_requests", 2, { scheduled_start: "2026-11-27T08:00:00.000Z" });
      clock.at = new Date(NOW);
    }
  });

  it("gives an admin every area, with the invitations waiting", async () => {
    await admin
      .post("/admin/api/users/invite", { email: "new.person@agency.test", role: "sales" })
      .expect(201);
    const overview = await overviewOf(admin);
    expect(overview.leads).toEqual((await overviewOf(sales)).leads);
    expect(overview.users).toEqual({ pendingInvitations: 1 });
    expect(overview.content?.kinds.map((kind) => kind.kind)).toEqual(["projects", "news", "case-studies"]);
  });
});

describe("the overview for editors", () => {
  it("counts drafts and published items per kind, and nothing of leads", async () => {
    const rows = await site.db.selectFrom("content_items").select(["kind", "status"]).execute();
    const counted = (kind: string, status: string) =>
      rows.filter((row) => row.kind === kind && row.status === status).length;
    await site.db
      .updateTable("content_items")
      .set({ status: "draft" })
      .where("kind", "=", "news")
      .where("position", "=", 1)
      .execute();
    const overview = await overviewOf(editor);
    expect(overview.leads).toBeUndefined();
    expect(overview.users).toBeUndefined();
    expect(overview.content?.kinds).toEqual([
      { kind: "projects", drafts: counted("projects", "draft"), published: counted("projects", "published") },
      { kind: "news", drafts: counted("news", "draft") + 1, published: counted("news", "published") - 1 },
      {
        kind: "case-studies",
        drafts: counted("case-studies", "draft"),
        published: counted("case-studies", "published"),
      },
    ]);
    expect(overview.content?.kinds.find((kind) => kind.kind === "news")?.published).toBeGreaterThan(0);
  });

  it("counts the pages with an unpublished draft and the search snippets staff wrote (decision 068)", async () => {
    const before = (await overviewOf(editor)).content;
    expect(before?.pages).toEqual({ drafts: 0, total: before?.pages.total });
    expect(before?.pages.total).toBeGreaterThan(5);
    expect(before?.snippets).toEqual({ own: 0, total: before?.snippets.total });
    const home = (await editor.get("/admin/api/pages/home").expect(200)).body as {
      page: { published: object };
    };
    await editor.post("/admin/api/pages/home", { document: home.page.published, draft: true }).expect(200);
    await editor.post("/admin/api/snippets/about", { description: "Who we are, in Cape Town." }).expect(200);
    const after = (await overviewOf(editor)).content;
    expect(after?.pages.drafts).toBe(1);
    expect(after?.snippets.own).toBe(1);
    expect(overviewLinks.pages).toBe("/admin/pages");
    expect(overviewLinks.snippets).toBe("/admin/snippets");
  });

  it("refuses without a session", async () => {
    const response = await request(site.app).get("/admin/api/overview");
    expect(response.status).toBe(401);
  });
});
