import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { weeklyReportCommand } from "#server/cli/weekly-report.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { createDatabase, type Db } from "#server/db/database.ts";
import { createLogger } from "#server/platform/logger.ts";
import { WEEKLY_REPORT, type WeeklyReport } from "#server/mail/weekly-report-message.ts";
import {
  createWeeklyReportJob,
  reportWeekAt,
  sendWeeklyReports,
  weeklyReportMessages,
  type WeeklyReportRun,
} from "#server/operations/insights/weekly-report.ts";
import { paths } from "#shared/paths.ts";
import { collectOutput, runCliOn } from "#tests/support/cli.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { addStaff, signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { endpoints, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

/**
 * The weekly e-mail to admins (docs/decisions/059-weekly-report.md), through a real SMTP
 * server: from Monday 07:00 in Johannesburg each active admin who has not turned it off
 * gets last week's visits and leads against the week before, its top three sources and
 * campaigns by leads and a link to the week in Insights, once, however many instances
 * send; a Monday nobody sent on is made good later that week, never after it. The jobs'
 * clock is injected; the figures are seeded as counts and as leads sent through the form.
 */

const SITE_URL = "https://www.agency.test";
/** The week reported on Monday 26 October 2026. */
const WEEK = { from: "2026-10-19", to: "2026-10-25" };
/**
 * Agency time is UTC+2 all year: 07:00 on Monday 26 October is 05:00 UTC. Every day here is
 * past, so the e-mails the jobs queue by their clock are due for the outbox by the real one.
 */
const at = (iso: string) => new Date(iso);
const MONDAY_7 = at("2026-10-26T05:00:00.000Z");

const none = { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "", click_id_kind: "" };

async function seedCounts(site: TestApp): Promise<void> {
  const row = (hour: string, visits: number) => ({
    ...none,
    hour,
    path: paths.home,
    device: "desktop",
    views: visits * 2,
    visits,
  });
  await site.db
    .insertInto("page_view_counts")
    .values([
      row("2026-10-20T08", 70),
      // 23:00 on Sunday 25 October in Johannesburg: still the week.
      row("2026-10-25T21", 50),
      // 00:00 on Monday 26 October there: the next week, never in this one.
      row("2026-10-25T22", 999),
      // The week before.
      row("2026-10-13T08", 100),
    ])
    .execute();
}

type SeededLead = {
  created: string;
  source?: { utm_source: string; utm_medium: string; utm_campaign: string };
  referrer?: string;
  spam?: boolean;
};
const campaign = (utm_source: string, utm_medium: string, utm_campaign: string) => ({
  utm_source,
  utm_medium,
  utm_campaign,
});
const inWeek = "2026-10-21T10:00:00.000Z";
const google = campaign("google", "cpc", "spring-sale");
const facebook = campaign("facebook", "social", "launch");
const newsletter = campaign("newsletter", "email", "november");
const linkedin = campaign("linkedin", "paid", "agency");

const leads: SeededLead[] = [
  ...Array.from({ length: 3 }, () => ({ created: inWeek, source: google })),
  // 23:30 on Sunday in Johannesburg: the week's.
  { created: "2026-10-25T21:30:00.000Z", source: google },
  ...Array.from({ length: 3 }, () => ({ created: inWeek, source: facebook })),
  ...Array.from({ length: 2 }, () => ({ created: inWeek, source: newsletter })),
  { created: inWeek, source: linkedin },
  { created: inWeek, referrer: "www.example.org" },
  { created: inWeek },
  // Not leads of the week: marked spam, and 00:30 on Monday in Johannesburg.
  { created: inWeek, source: google, spam: true },
  { created: "2026-10-25T22:30:00.000Z", source: google },
  // The week before: eight.
  ...Array.from({ length: 8 }, () => ({ created: "2026-10-14T10:00:00.000Z", source: google })),
];

async function seedLeads(site: TestApp): Promise<void> {
  for (const [index, lead] of leads.entries()) {
    const email = `lead-${index}@example.co.za`;
    await request(site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ businessEmail: email }))
      .expect(201);
    await site.db
      .updateTable("website_design_leads")
      .set({
        ...none,
        ...lead.source,
        referrer_host: lead.referrer ?? null,
        created_at: lead.created,
        ...(lead.spam ? { status: "spam" } : {}),
      })
      .where("business_email", "=", email)
      .execute();
  }
}

let site: TestApp;
let sink: SmtpSink;
let boss: StaffClient;
let deputy: StaffClient;
let sales: StaffClient;
const handles: Db[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await createTestApp(
    { SMTP_URL: sink.url, SITE_URL, FORM_MIN_FILL_SECONDS: "0", LEAD_RATE_LIMIT_MAX: "1000" },
    { outbox: { autoStart: false } },
  );
  await seedCounts(site);
  await seedLeads(site);
  boss = await signInAs(site, "admin", "boss@agency.test");
  deputy = await signInAs(site, "admin", "deputy@agency.test");
  sales = await signInAs(site, "sales", "sales@agency.test");
  await addStaff(site.db, "editor@agency.test", "editor");
  const gone = await addStaff(site.db, "gone@agency.test", "admin");
  await site.db
    .updateTable("staff_users")
    .set({ disabled_at: "2026-11-01T00:00:00.000Z" })
    .where("id", "=", gone)
    .execute();
  // Only the weekly e-mails count here: the leads' notifications go first.
  await site.outbox.drain();
  sink.messages.length = 0;
}, 60_000);
afterAll(async () => {
  for (const handle of handles) await handle.destroy();
  await site?.cleanup();
  await sink?.close();
});
afterEach(() => {
  sink.messages.length = 0;
});

/** The weekly e-mails queued, oldest first. */
async function queuedReports(): Promise<WeeklyReport[]> {
  const rows = await site.db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", WEEKLY_REPORT)
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as WeeklyReport);
}

/** Sends what is queued and answers the e-mails the SMTP server received. */
async function deliver(count: number): Promise<ReceivedMail[]> {
  const drained = await site.outbox.drain();
  expect(drained.failed).toBe(0);
  return sink.waitForMessages(count);
}

/** A job as an instance runs it, on a database handle of its own, with its clock at `clock.now`. */
function jobOn(db: Db, clock: { now: Date }) {
  return createWeeklyReportJob({
    db,
    config: site.config,
    logger: createLogger("silent"),
    now: () => clock.now,
  });
}

function ownHandle(): Db {
  const handle = createDatabase(site.database.location);
  handles.push(handle);
  return handle;
}

describe("the account page's choice", () => {
  it("is offered to admins only, and an admin turns it off and on", async () => {
    expect((await sales.get("/admin/api/account/weekly-report").expect(200)).body).toEqual({
      offered: false,
      on: false,
    });
    const refused = await sales.post("/admin/api/account/weekly-report", { on: true }).expect(403);
    expect(refused.body.error).toBe(weeklyReportMessages.adminsOnly);
    expect((await deputy.get("/admin/api/account/weekly-report").expect(200)).body).toEqual({
      offered: true,
      on: true,
    });
    for (const on of ["no", 0, null, undefined]) {
      const bad = await deputy.post("/admin/api/account/weekly-report", { on }).expect(400);
      expect(bad.body.error).toBe(weeklyReportMessages.yesOrNo);
    }
    expect((await deputy.get("/admin/api/account/weekly-report").expect(200)).body.on).toBe(true);
    await deputy
      .post("/admin/api/account/weekly-report", { on: false })
      .expect(200, { offered: true, on: false });
    await deputy
      .post("/admin/api/account/weekly-report", { on: true })
      .expect(200, { offered: true, on: true });
    await deputy.post("/admin/api/account/weekly-report", { on: false }).expect(200);
    expect((await deputy.get("/admin/api/account/weekly-report").expect(200)).body.on).toBe(false);
    await request(site.app).get("/admin/api/account/weekly-report").expect(401);
    // Without the page's CSRF token: refused, as every change.
    await request(site.app)
      .post("/admin/api/account/weekly-report")
      .set("Cookie", boss.cookie)
      .send({ on: false })
      .expect(403);
    expect((await boss.get("/admin/api/account/weekly-report").expect(200)).body.on).toBe(true);
  });
});

describe("on Monday morning", () => {
  let mail: ReceivedMail;

  it("is due from 07:00 agency time, not before, and goes to each active admin who wants it once", async () => {
    // The week before's e-mail went last Monday.
    await site.db.updateTable("staff_users").set({ weekly_report_week: "2026-10-12" }).execute();
    const clock = { now: at("2026-10-25T21:59:00.000Z") }; // Sunday 23:59
    const job = jobOn(site.db, clock);
    const runs: Array<WeeklyReportRun | undefined> = [await job.runOnce()];
    clock.now = at("2026-10-26T04:59:59.000Z"); // Monday 06:59:59
    runs.push(await job.runOnce());
    expect(runs.map((run) => run?.sentTo)).toEqual([[], []]);
    expect(await queuedReports()).toEqual([]);
    clock.now = MONDAY_7;
    const due = await job.runOnce();
    expect(due).toEqual({ week: WEEK, sentTo: ["boss@agency.test"] });
    // Later that morning, and on Wednesday: the week went already.
    for (const later of ["2026-10-26T07:00:00.000Z", "2026-10-28T12:00:00.000Z"]) {
      clock.now = at(later);
      expect((await job.runOnce())?.sentTo).toEqual([]);
    }
    await job.stop();
    const received = await deliver(1);
    expect(received).toHaveLength(1);
    mail = received[0]!;
    expect(mail.to).toEqual(["boss@agency.test"]);
  });

  it("says the week's visits and leads against the week before, its top three sources and campaigns, and links to Insights", () => {
    const brand = site.config.settings.brandName;
    expect(mail.subject).toBe(`Last week on the ${brand} website: 12 leads, 120 visits`);
    const link = `${SITE_URL}/admin/insights?from=2026-10-19&to=2026-10-25`;
    // As SMTP carries it, each line ends CRLF.
    expect(mail.text.replaceAll("\r\n", "\n")).toBe(
      [
        "Monday to Sunday, 19 to 25 October 2026, against the week before.",
        "",
        "Visits: 120 (the week before: 100, +20 %)",
        "Leads: 12 (the week before: 8, +50 %)",
        "",
        "Sources that brought the most leads:",
        "1. Google: 4 leads",
        "2. Facebook: 3 leads",
        "3. newsletter: 2 leads",
        "",
        "Campaigns that brought the most leads:",
        "1. Google / spring-sale: 4 leads",
        "2. Facebook / launch: 3 leads",
        "3. newsletter / november: 2 leads",
        "",
        "See the week in Insights:",
        link,
        "",
        `You get this e-mail every Monday as an admin of the ${brand} workspace. To stop it, turn it off on your account page:`,
        `${SITE_URL}/admin/account`,
      ].join("\n"),
    );
    expect(mail.html).toContain(`<a href="${link.replace("&", "&amp;")}"`);
    expect(mail.html).toContain("<li>Google: 4 leads</li>");
    expect(mail.html).toContain("<li>newsletter / november: 2 leads</li>");
    expect(mail.html).not.toContain("linkedin");
    expect(mail.html).toContain(`href="${SITE_URL}/admin/account"`);
  });

  it("has a plain-text and an HTML part and nothing that reports its opening", () => {
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // No image, no remote style or background: nothing a mail client fetches.
    expect(mail.html).not.toMatch(/<img|url\(|background=|<link|<script|<iframe/i);
    expect(mail.attachments).toEqual([]);
    // Every link is the site's own, and none carries a tracking parameter.
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href.startsWith(`${SITE_URL}/admin/`), href).toBe(true);
      expect(href).not.toMatch(/utm_|[?&](id|token|uid)=/);
    }
    // No ids or developer words for an admin to meet.
    expect(`${mail.text}\n${mail.html}`).not.toMatch(
      /\b(wd|wa|ap)-\d|\bnull\b|undefined|\(direct\)|site-admin/,
    );
  });

  it("leaves out an admin who turned it off, a disabled admin and every other role", async () => {
    const sent = (await queuedReports()).map((report) => report.to);
    expect(sent).toEqual(["boss@agency.test"]);
  });
});

describe("a Monday nobody sent on", () => {
  it("is made good at the first check later that week, once, and never after the week", async () => {
    await deputy.post("/admin/api/account/weekly-report", { on: true }).expect(200);
    // No instance ran from Monday 2 November until Thursday 5 November.
    const clock = { now: at("2026-11-05T09:00:00.000Z") };
    const job = jobOn(site.db, clock);
    expect(await job.runOnce()).toEqual({
      week: { from: "2026-10-26", to: "2026-11-01" },
      sentTo: ["boss@agency.test", "deputy@agency.test"],
    });
    clock.now = at("2026-11-08T21:59:00.000Z"); // Sunday 23:59
    expect((await job.runOnce())?.sentTo).toEqual([]);
    // The next Monday before 07:00: that week's e-mail is not due, the one before is past.
    clock.now = at("2026-11-09T04:00:00.000Z");
    expect((await job.runOnce())?.sentTo).toEqual([]);
    await job.stop();
    const received = await deliver(2);
    expect(received.map((message) => message.to[0]).sort()).toEqual([
      "boss@agency.test",
      "deputy@agency.test",
    ]);
    expect(received[0]?.text).toContain("26 October to 1 November 2026");
    expect(received[0]?.text).toContain("Leads: 1 (the week before: 12, −92 %)");
  });
});

describe("several instances on one database", () => {
  const week = { from: "2026-11-02", to: "2026-11-08" };
  const monday = at("2026-11-09T05:00:00.000Z");

  it("send one e-mail per admin when their runs race", async () => {
    // Each run as a holder stalled past its lease would make it: both at once, each on its own connection.
    const runners = [ownHandle(), ownHandle(), site.db, ownHandle()];
    const runs = await Promise.all(runners.map((db) => sendWeeklyReports(db, site.config, monday, "due")));
    const sentTo = runs.flatMap((run) => run.sentTo).sort();
    expect(sentTo).toEqual(["boss@agency.test", "deputy@agency.test"]);
    for (const run of runs) expect(run.week).toEqual(week);
    const queued = (await queuedReports()).filter((report) => report.week.from === week.from);
    expect(queued.map((report) => report.to).sort()).toEqual(sentTo);
    expect((await deliver(2)).length).toBe(2);
  });

  it("run the job on one of them at a time, by its lease, and it sends nothing again", async () => {
    const clock = { now: at("2026-11-09T05:30:00.000Z") };
    const jobs = [jobOn(ownHandle(), clock), jobOn(ownHandle(), clock)];
    const runs = await Promise.all(jobs.map((job) => job.runOnce()));
    // One holds the lease and runs; the other is told another instance does.
    expect(runs.filter((run) => run === undefined)).toHaveLength(1);
    expect(runs.find((run) => run !== undefined)?.sentTo).toEqual([]);
    for (const job of jobs) await job.stop();
    expect((await queuedReports()).filter((report) => report.week.from === week.from)).toHaveLength(2);
  });

  it("both started, as instances start, send the next week's once", async () => {
    const clock = { now: at("2026-11-16T05:00:10.000Z") };
    const jobs = [jobOn(ownHandle(), clock), jobOn(ownHandle(), clock)];
    for (const job of jobs) job.start();
    const week = "2026-11-09";
    await until(
      async () => (await queuedReports()).filter((report) => report.week.from === week).length === 2,
      15_000,
      "the next week's e-mails",
    );
    // A few more beats of both: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const job of jobs) await job.stop();
    const queued = (await queuedReports()).filter((report) => report.week.from === week);
    expect(queued.map((report) => report.to).sort()).toEqual(["boss@agency.test", "deputy@agency.test"]);
    expect((await deliver(2)).length).toBe(2);
  });
});

describe("site-admin insights report", () => {
  it("prints last week's e-mail and whom it would go to, and sends nothing", async () => {
    const before = (await queuedReports()).length;
    const { out, result } = collectOutput();
    const code = await weeklyReportCommand(
      { db: site.db, config: site.config, out, now: () => MONDAY_7 },
      {},
    );
    expect(code).toBe(0);
    expect(result.stdout).toContain("To: boss@agency.test, deputy@agency.test\n");
    expect(result.stdout).toContain("Subject: Last week on the");
    expect(result.stdout).toContain(
      "Visits: 120 (the week before: 100, +20 %)\nLeads: 12 (the week before: 8, +50 %)",
    );
    expect(result.stdout).toContain("1. Google / spring-sale: 4 leads");
    expect(result.stdout).toContain(`${SITE_URL}/admin/insights?from=2026-10-19&to=2026-10-25`);
    expect(result.stdout).toContain("Nothing was sent: add --send to send it now.");
    // Through the program, on today's clock: the same shape, and still nothing queued.
    const run = await runCliOn(site, "insights", "report");
    expect(run.code).toBe(0);
    const today = reportWeekAt(new Date());
    expect(run.stdout).toContain(`?from=${today.from}&to=${today.to}`);
    expect((await queuedReports()).length).toBe(before);
    expect(await listAudit(site.db, { limit: 5, action: "insights.weekly-report-send" })).toEqual([]);
  });

  it("--send sends it now to every admin who wants it, even when this week's went, and is audited", async () => {
    const today = reportWeekAt(new Date());
    const run = await runCliOn(site, "insights", "report", "--send");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("to 2 admins: boss@agency.test, deputy@agency.test.");
    const again = await runCliOn(site, "insights", "report", "--send");
    expect(again.code).toBe(0);
    const received = await deliver(4);
    expect(received.map((message) => message.to[0]).sort()).toEqual([
      "boss@agency.test",
      "boss@agency.test",
      "deputy@agency.test",
      "deputy@agency.test",
    ]);
    expect(received[0]?.text).toContain(`?from=${today.from}&to=${today.to}`);
    expect(await listAudit(site.db, { limit: 5, action: "insights.weekly-report-send" })).toHaveLength(2);
    // The scheduled run of that week finds it sent.
    const scheduled = await sendWeeklyReports(site.db, site.config, new Date(), "due");
    expect(scheduled.sentTo).toEqual([]);
  });

  it("--send with nobody to send to says so and sends nothing", async () => {
    await boss.post("/admin/api/account/weekly-report", { on: false }).expect(200);
    await deputy.post("/admin/api/account/weekly-report", { on: false }).expect(200);
    const before = (await queuedReports()).length;
    const run = await runCliOn(site, "insights", "report", "--send");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Nobody gets the weekly e-mail");
    expect((await queuedReports()).length).toBe(before);
    const dry = await runCliOn(site, "insights", "report");
    expect(dry.stdout).toContain("To: nobody");
  });
});
