import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { insertAppointmentRequest, insertWebAppLead, insertWebsiteDesignLead } from "#server/db/leads.ts";
import { createLogger } from "#server/platform/logger.ts";
import { parse } from "csv-parse/sync";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { expectOneErrorLine } from "#tests/support/cli-expectations.ts";
import { cape, expectConfirmedMeeting, parseCalendar, type ParsedEvent } from "#tests/support/calendar.ts";
import type { ReceivedMail } from "#tests/support/smtp-sink.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import {
  appointment,
  endpoints,
  startedBefore,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, loadServerBuild, type TestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";
import { countOutbox } from "#tests/support/test-database.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";

/**
 * Issue 28: every lead followed up. The visitor's acknowledgment and its limits, the
 * appointment's calendar entries (parsed with ical.js, not the library that wrote them),
 * statuses, and the reminder of leads still new, sent once across instances and restarts.
 * Real SMTP on loopback; both engines.
 */

const mailEnv = {
  ...agencyMailEnv,
  LEAD_RATE_LIMIT_MAX: "1000",
};

const HOUR = 3_600_000;
const parseCsv = (text: string) =>
  parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
const toAddress = (mails: ReceivedMail[], address: string) =>
  mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
const outboxCount = (site: TestApp) => countOutbox(site.db);

describe("the visitor's acknowledgment", () => {
  let sink: SmtpSink;
  let site: TestApp;
  // Days ago, so the clock can move on a day or two and the e-mails it queues are still due.
  let clock = new Date(Date.now() - 72 * HOUR);

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      {
        ...mailEnv,
        SMTP_URL: sink.url,
        ACKNOWLEDGE_SUBMISSIONS: "true",
        ACKNOWLEDGMENTS_PER_IP_PER_DAY: "4",
      },
      { outbox: { autoStart: false }, now: () => clock, followUp: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });
  afterEach(() => {
    sink.messages.length = 0;
  });

  async function send(path: string, body: Record<string, unknown>): Promise<ReceivedMail[]> {
    // The form as served a minute before the clock: a real visitor's pace.
    await request(site.app)
      .post(path)
      .send({ ...body, ...startedBefore(clock.getTime()) })
      .expect(201);
    const { sent } = await site.outbox.drain();
    await sink.waitForMessages(sent);
    const mails = [...sink.messages];
    sink.messages.length = 0;
    return mails;
  }

  it("goes out with the agency's e-mail: the visitor's choices and the promises, nothing they typed", async () => {
    const mails = await send(
      endpoints.websiteDesign,
      websiteDesignLead({
        fullName: "Ann Lee",
        businessEmail: "ann@one.test",
        companyName: "Secret Plans Ltd",
      }),
    );
    expect(mails).toHaveLength(2);
    const [ack] = mails.filter((mail) => mail.to.includes("ann@one.test"));
    expect(ack?.subject).toBe("We received your website proposal request - Kloof Digital");
    expect(ack?.header("reply-to")).toBe("Kloof Digital <leads@agency.test>");
    expect(ack?.header("from")).toContain("noreply@agency.test");
    expect(ack?.header("auto-submitted")).toBe("auto-generated");
    expect(ack?.header("message-id")).toMatch(/@agency\.test>$/);
    const text = ack?.text ?? "";
    expect(text.split(/\r?\n/)[0]).toBe("Hello Ann Lee,");
    for (const line of [
      "Website Type: Website redesign",
      "Budget: R30k - R60k",
      "Timeline: 1-2 months",
      "1. Our team reviews your requirements within 24 hours.",
      "2. We prepare a custom proposal for your project.",
      "3. We schedule a discovery call or consultation with you.",
      "hello@kloofdigital.co.za · +27 21 555 0123",
      "80 Bree Street, Cape Town, 8001, South Africa",
    ]) {
      expect(text).toContain(line);
    }
    // Free text stays out: the company name could be anyone's message.
    for (const part of [text, ack?.html ?? ""]) expect(part).not.toContain("Secret Plans");
    expect(ack?.html).toMatch(/^<!DOCTYPE html>/);
    const [staff] = mails.filter((mail) => mail.to.includes("leads@agency.test"));
    expect(staff?.text).toContain("Ann Lee was sent an automatic acknowledgment.");
  });

  it("restates an appointment request's service, date and time, never its details or phone", async () => {
    const body = appointment(clock, {
      name: "Visit www.spam.example now",
      email: "bob@two.test",
      project_details: "Buy cheap watches at spam.example",
    });
    const mails = await send(endpoints.appointments, body);
    const ack = mails.find((mail) => mail.to.includes("bob@two.test"));
    expect(ack?.subject).toBe("We received your appointment request - Kloof Digital");
    // A "name" that is a link is not repeated: the greeting has none.
    expect(ack?.text.split(/\r?\n/)[0]).toBe("Hello,");
    expect(ack?.text).toContain("Service type: Web Application Development");
    expect(ack?.text).toMatch(/Preferred date: \w{3}, \d{1,2} \w{3} \d{4}/);
    expect(ack?.text).toContain("Preferred time: 10:00 AM");
    expect(ack?.text).toContain(
      "1. Confirmation: We confirm your appointment by e-mail within 24 hours, or suggest another time if that slot is taken.",
    );
    for (const part of [ack?.text ?? "", ack?.html ?? ""]) {
      expect(part).not.toContain("spam.example");
      expect(part).not.toContain("825550142");
    }
    // No invitation yet: nothing is agreed.
    expect(ack?.calendar).toBeUndefined();
  });

  it("is never sent for a submission a bot trap caught", async () => {
    await request(site.app)
      .post(endpoints.webApp)
      .send(
        webAppLead({
          workEmail: "bot@three.test",
          website: "filled by a bot",
          ...startedBefore(clock.getTime()),
        }),
      )
      .expect(201);
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it("goes to an address once a day across the forms; the agency's e-mail says why not", async () => {
    const first = await send(endpoints.webApp, webAppLead({ workEmail: "Cara@Four.test" }));
    expect(toAddress(first, "cara@four.test")).toHaveLength(1);
    clock = new Date(clock.getTime() + 23 * HOUR);
    const again = await send(endpoints.websiteDesign, websiteDesignLead({ businessEmail: "cara@four.test" }));
    expect(again.map((mail) => mail.to)).toEqual([["leads@agency.test"]]);
    expect(again[0]?.text).toContain("this address got one in the last 24 hours");
    clock = new Date(clock.getTime() + 2 * HOUR);
    const dayLater = await send(
      endpoints.websiteDesign,
      websiteDesignLead({ businessEmail: "cara@four.test" }),
    );
    expect(dayLater.map((mail) => mail.to).sort()).toEqual([["cara@four.test"], ["leads@agency.test"]]);
  });

  it("stops at the daily number per client IP, and a refused address does not use one up", async () => {
    clock = new Date(clock.getTime() + 25 * HOUR);
    const acks: number[] = [];
    // The repeated address is refused by its own limit and leaves the IP's four.
    for (const email of [
      "d1@five.test",
      "d1@five.test",
      "d2@five.test",
      "d3@five.test",
      "d4@five.test",
      "d5@five.test",
    ]) {
      const mails = await send(endpoints.websiteDesign, websiteDesignLead({ businessEmail: email }));
      acks.push(mails.filter((mail) => mail.to.includes(email)).length);
    }
    expect(acks).toEqual([1, 0, 1, 1, 1, 0]);
    const capped = await site.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "website-design-lead")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(capped.payload)).toMatchObject({ acknowledgment: "ip-cap" });
    // Another client is not affected (the lead service as the API calls it, with that client's IP).
    const other = await site.leads.submitWebApp(
      { ...webAppLead({ workEmail: "e@six.test" }), ...startedBefore(clock.getTime()) },
      { ip: "203.0.113.9" },
    );
    expect(other.ok).toBe(true);
    const { sent } = await site.outbox.drain();
    expect(toAddress(await sink.waitForMessages(sent), "e@six.test")).toHaveLength(1);
  });
});

describe("turned off", () => {
  it("sends the agency's e-mail only", async () => {
    const sink = await startSmtpSink();
    const site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url, ACKNOWLEDGE_SUBMISSIONS: "false" },
      { outbox: { autoStart: false } },
    );
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    await request(site.app).post(endpoints.appointments).send(appointment(new Date())).expect(201);
    expect(await site.outbox.drain()).toEqual({ sent: 2, failed: 0 });
    await sink.waitForMessages(2);
    expect(sink.messages.every((mail) => mail.to.join() === "leads@agency.test")).toBe(true);
    expect(sink.messages.map((mail) => mail.text).join()).not.toContain("acknowledgment");
    await site.cleanup();
    await sink.close();
  });
});

describe("appointments in calendars", () => {
  let sink: SmtpSink;
  let site: TestApp;
  const now = new Date();
  const requested = appointment(now);
  const day = String(requested.preferred_date);

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp({ ...mailEnv, SMTP_URL: sink.url }, { outbox: { autoStart: false } });
    await request(site.app).post(endpoints.appointments).send(requested).expect(201);
    await site.outbox.drain();
    await sink.waitForMessages(1);
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });

  async function sent(count: number): Promise<ReceivedMail[]> {
    expect(await site.outbox.drain()).toEqual({ sent: count, failed: 0 });
    await sink.waitForMessages(count);
    const mails = [...sink.messages];
    sink.messages.length = 0;
    return mails;
  }

  /** The invitation as the visitor's mail client sees it, and the agency's copy. */
  async function updates() {
    const mails = await sent(2);
    const visitor = mails.find((mail) => mail.to.includes("thandi@example.co.za"));
    const agency = mails.find((mail) => mail.to.includes("leads@agency.test"));
    return { visitor, agency };
  }

  /** The request's one event at one step: same UID, written in Cape Town's zone, stamped in UTC. */
  const appointmentEvent = (
    step: Pick<ParsedEvent, "method" | "sequence" | "status"> & Partial<ParsedEvent>,
  ) => ({
    uid: "appointment-1@agency.test",
    startZone: "Africa/Johannesburg",
    stampIsUtc: true,
    ...step,
  });

  it("gives the staff notification a tentative event at the requested time in Africa/Johannesburg", async () => {
    const [mail] = sink.messages.splice(0);
    expect(mail?.calendar?.contentType).toMatch(/^text\/calendar; .*method=PUBLISH/i);
    const event = parseCalendar(mail?.calendar?.content ?? "");
    expect(event).toMatchObject(appointmentEvent({ method: "PUBLISH", sequence: 0, status: "TENTATIVE" }));
    expect(event.start).toEqual(cape(`${day}T10:00:00`));
    expect(event.end.getTime() - event.start.getTime()).toBe(45 * 60_000);
    // The same file as an attachment, for clients that ignore the alternative.
    expect(mail?.attachments.map((part) => part.content)).toEqual([mail?.calendar?.content]);
    // What the outbox row stores is what was sent.
    const row = await site.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "appointment-request")
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.payload) as { calendar: { content: string } }).calendar.content).toBe(
      mail?.calendar?.content,
    );
  });

  it("refuses what it cannot do, changing nothing", async () => {
    const before = await outboxCount(site);
    const cases: [string[], number, RegExp][] = [
      [
        ["confirm", "1", "--at", "tomorrow 10am"],
        1,
        /invalid --at "tomorrow 10am": expected "YYYY-MM-DD HH:MM"/,
      ],
      [["confirm", "1", "--at", "2026-02-30 10:00"], 1, /invalid --at/],
      [["confirm", "1", "--at", "2020-01-06 10:00"], 1, /has passed: give a later time with --at/],
      [["confirm", "1", "--duration", "forever"], 1, /invalid --duration "forever": expected 5m to 8h/],
      [["confirm", "1", "--duration", "9h"], 1, /invalid --duration/],
      [["confirm", "999"], 1, /unknown appointment id 999/],
      [["confirm", "abc"], 1, /invalid appointment id "abc"/],
      [["reschedule", "1", "--at", `${day} 11:00`], 1, /is not confirmed: only a confirmed appointment/],
      [["reschedule", "1"], 2, /required option '--at/],
      [["cancel", "1"], 1, /is not confirmed: there is no invitation to cancel/],
    ];
    for (const [args, code, pattern] of cases) {
      expectOneErrorLine(await cli(site, "appointments", ...args), code, pattern);
    }
    expect(await outboxCount(site)).toBe(before);
    expect((await cli(site, "appointments", "show", "1", "--json")).stdout).toContain('"schedule": null');
  });

  it("confirm sends the visitor an invitation to accept (METHOD:REQUEST) and the agency a copy", async () => {
    const run = await cli(site, "appointments", "confirm", "1", "--duration", "1h", "--by", "Lindiwe");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toMatch(/^Confirmed appointment 1 for \w{3}, .* 10:00 to 11:00 \(Cape Town time\)/);
    const { visitor, agency } = await updates();
    expect(visitor?.subject).toMatch(/^Your consultation with Kloof Digital is confirmed: \w{3}, /);
    expect(visitor?.header("reply-to")).toBe("Kloof Digital <leads@agency.test>");
    expect(visitor?.text).toContain("accept it to put the consultation in your calendar");
    expect(visitor?.calendar?.contentType).toMatch(/method=REQUEST/i);
    const invitation = parseCalendar(visitor?.calendar?.content ?? "");
    expect(invitation).toMatchObject(
      appointmentEvent({
        method: "REQUEST",
        sequence: 1,
        status: "CONFIRMED",
        organizer: "mailto:hello@kloofdigital.co.za",
      }),
    );
    expect(invitation.attendees.map((address) => address.toLowerCase())).toEqual([
      "mailto:thandi@example.co.za",
    ]);
    expectConfirmedMeeting(invitation, agency?.calendar?.content ?? "", {
      start: `${day}T10:00:00`,
      end: `${day}T11:00:00`,
    });
    // Agreeing a time is being in touch: the request is no longer new.
    const show = (await cli(site, "appointments", "show", "1")).stdout;
    expect(show).toMatch(/^Status: +contacted \(Lindiwe, /m);
    expect(show).toMatch(/^Booked: +confirmed \w{3}, .* 10:00 to 11:00$/m);
    expectOneErrorLine(
      await cli(site, "appointments", "confirm", "1"),
      1,
      /already confirmed for .*: use reschedule/,
    );
  });

  it("reschedule and cancel send updates of the same event, SEQUENCE one higher each", async () => {
    const run = await cli(site, "appointments", "reschedule", "1", "--at", `${day} 14:30`);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const moved = await updates();
    expect(moved.visitor?.subject).toMatch(/has moved: /);
    const update = parseCalendar(moved.visitor?.calendar?.content ?? "");
    expect(update).toMatchObject({ method: "REQUEST", uid: "appointment-1@agency.test", sequence: 2 });
    expect(update.start).toEqual(cape(`${day}T14:30:00`));
    // The length stays as confirmed.
    expect(update.end).toEqual(cape(`${day}T15:30:00`));
    expectOneErrorLine(
      await cli(site, "appointments", "reschedule", "1", "--at", `${day} 14:30`),
      1,
      /already at .*: nothing to change/,
    );

    expect((await cli(site, "appointments", "cancel", "1")).code).toBe(0);
    const cancelled = await updates();
    expect(cancelled.visitor?.subject).toMatch(/is cancelled: /);
    expect(cancelled.visitor?.calendar?.contentType).toMatch(/method=CANCEL/i);
    expect(parseCalendar(cancelled.visitor?.calendar?.content ?? "")).toMatchObject({
      method: "CANCEL",
      uid: "appointment-1@agency.test",
      sequence: 3,
      status: "CANCELLED",
    });
    const before = await outboxCount(site);
    expectOneErrorLine(await cli(site, "appointments", "confirm", "1"), 1, /was cancelled/);
    expectOneErrorLine(await cli(site, "appointments", "cancel", "1"), 1, /already cancelled/);
    expectOneErrorLine(
      await cli(site, "appointments", "reschedule", "1", "--at", `${day} 15:00`),
      1,
      /was cancelled: only a confirmed appointment/,
    );
    expect(await outboxCount(site)).toBe(before);
  });
});

describe("lead status", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp(mailEnv, { outbox: { autoStart: false } });
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    await request(site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    await request(site.app)
      .post(endpoints.webApp)
      .send(webAppLead({ website: "bot" }))
      .expect(201);
    await request(site.app).post(endpoints.appointments).send(appointment(new Date())).expect(201);
  });
  afterAll(() => site.cleanup());

  const ids = async (...args: string[]) =>
    (JSON.parse((await cli(site, "leads", "list", "--json", ...args)).stdout) as { id: string }[]).map(
      (lead) => lead.id,
    );

  it("starts new; `list --status new` is the to-do list", async () => {
    expect(await ids("--status", "new")).toEqual(["wa-1", "wd-1"]);
    expect(await ids("--status", "won")).toEqual([]);
    expect((await cli(site, "leads", "list", "--status", "won")).stdout).toBe("No won leads.\n");
  });

  it("moves through the statuses with a note, who and when, kept as history", async () => {
    const first = await cli(
      site,
      "leads",
      "status",
      "wd-1",
      "contacted",
      "--note",
      "Called, sent deck",
      "--by",
      "Sam",
    );
    expect(first).toMatchObject({ code: 0, stderr: "", stdout: "wd-1: new → contacted (by Sam).\n" });
    expect((await cli(site, "leads", "status", "wd-1", "qualified", "--by", "Sam")).code).toBe(0);
    expect(
      (await cli(site, "leads", "status", "wd-1", "won", "--by", "Ayesha", "--note", "Signed")).code,
    ).toBe(0);
    // The same status again without a note changes nothing, and says so.
    expect((await cli(site, "leads", "status", "wd-1", "won", "--by", "Ayesha")).stdout).toBe(
      "wd-1 is already won: nothing changed.\n",
    );
    expect(await ids("--status", "new")).toEqual(["wa-1"]);
    expect(await ids("--status", "won")).toEqual(["wd-1"]);
    const show = (await cli(site, "leads", "show", "wd-1")).stdout;
    expect(show).toMatch(/^Status: +won \(Ayesha, \d{4}-\d\d-\d\d \d\d:\d\d\)$/m);
    expect(show).toMatch(/^Note: +Signed$/m);
    expect(show).toMatch(
      /^History: +\S+ \S+ contacted by Sam: Called, sent deck\n +\S+ \S+ qualified by Sam\n +\S+ \S+ won by Ayesha: Signed$/m,
    );
    expect(JSON.parse((await cli(site, "leads", "show", "wd-1", "--json")).stdout)).toMatchObject({
      status: "won",
      statusNote: "Signed",
      statusBy: "Ayesha",
      statusAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const table = (await cli(site, "leads", "list")).stdout.split("\n");
    expect(table.find((line) => line.startsWith("wd-1 "))).toMatch(/^wd-1 +\S+ \S+ +won +website-design /);
  });

  it("works for appointment requests alike, beside read", async () => {
    expect((await cli(site, "appointments", "status", "1", "lost", "--note", "Went elsewhere")).code).toBe(0);
    const [row] = JSON.parse(
      (await cli(site, "appointments", "list", "--status", "lost", "--json")).stdout,
    ) as {
      id: number;
      read: boolean;
    }[];
    expect(row).toMatchObject({ id: 1, read: false });
    expect((await cli(site, "appointments", "read", "1")).code).toBe(0);
    expect((await cli(site, "appointments", "list", "--status", "new")).stdout).toBe(
      "No new appointment requests.\n",
    );
  });

  it("keeps status, note, who and when in the CSV export", async () => {
    const rows = parseCsv((await cli(site, "export", "leads", "--format", "csv")).stdout);
    expect(rows.find((row) => row.Reference === "wd-1")).toMatchObject({
      Status: "Won",
      "Status note": "Signed",
      "Status set by": "Ayesha",
      "Status set": expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+02:00$/),
    });
    expect(rows.find((row) => row.Reference === "wa-1")).toMatchObject({
      Status: "New",
      "Status note": "",
      "Status set by": "",
    });
    const appointments = parseCsv((await cli(site, "export", "appointments", "--format", "csv")).stdout);
    expect(appointments[0]).toMatchObject({
      Status: "Lost",
      "Status note": "Went elsewhere",
      Meeting: "Not confirmed yet",
    });
  });

  it("refuses bad input with one line, changing nothing", async () => {
    const before = (await cli(site, "leads", "show", "wa-1", "--json")).stdout;
    expectOneErrorLine(
      await cli(site, "leads", "status", "wa-1", "maybe"),
      2,
      /Allowed choices are new, contacted, qualified, won, lost, spam/,
    );
    expectOneErrorLine(await cli(site, "leads", "status", "wa-99", "contacted"), 1, /unknown lead id wa-99/);
    expectOneErrorLine(await cli(site, "leads", "status", "7", "contacted"), 1, /invalid lead id "7"/);
    expectOneErrorLine(await cli(site, "leads", "list", "--status", "open"), 2, /Allowed choices/);
    expectOneErrorLine(await cli(site, "leads", "status", "wa-1", "won", "--by", " "), 1, /invalid --by/);
    expectOneErrorLine(
      await cli(site, "appointments", "status", "x", "won"),
      1,
      /invalid appointment id "x"/,
    );
    // A held-back lead is released first, or judged spam.
    expectOneErrorLine(
      await cli(site, "leads", "status", "wa-2", "contacted"),
      1,
      /wa-2 is held as suspected spam: release it first/,
    );
    expect((await cli(site, "leads", "status", "wa-2", "spam")).code).toBe(0);
    expect((await cli(site, "leads", "show", "wa-1", "--json")).stdout).toBe(before);
  });
});

describe("the reminder of leads still new", () => {
  let sink: SmtpSink;
  let site: TestApp;
  const now = new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url },
      { outbox: { autoStart: false }, followUp: { autoStart: false, now: () => now } },
    );
    const lead = { company_name: "Acme", website_type: null, budget: null, timeline: null };
    await insertWebsiteDesignLead(site.db, {
      ...lead,
      full_name: "Old One",
      business_email: "old@x.test",
      created_at: ago(21),
    });
    await insertWebsiteDesignLead(site.db, {
      ...lead,
      full_name: "Fresh",
      business_email: "fresh@x.test",
      created_at: ago(3),
    });
    await insertWebAppLead(site.db, {
      full_name: "Answered",
      work_email: "answered@x.test",
      phone_number: null,
      company_name: "B",
      industry: null,
      company_size: null,
      created_at: ago(22),
    });
    await insertWebAppLead(site.db, {
      full_name: "Held",
      work_email: "held@x.test",
      phone_number: null,
      company_name: "B",
      industry: null,
      company_size: null,
      created_at: ago(30),
      suspected_spam: "honeypot",
    });
    await insertAppointmentRequest(site.db, {
      name: "Slow Reply",
      email: "slow@x.test",
      phone: "+27825550142",
      company: null,
      service_type: "ui-ux",
      preferred_date: "2026-12-01",
      preferred_time: "09:00 AM",
      project_details: "A redesign of our booking app.",
      created_at: ago(20.5),
    });
    expect((await cli(site, "leads", "status", "wa-1", "contacted")).code).toBe(0);
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });

  it("`leads overdue` lists every lead still new past the threshold, oldest first", async () => {
    const overdue = JSON.parse((await cli(site, "leads", "overdue", "--json")).stdout) as { id: string }[];
    expect(overdue.map((lead) => lead.id)).toEqual(["wd-1", "1"]);
    const table = (await cli(site, "leads", "overdue")).stdout;
    expect(table).toContain("site-admin leads status wd-1 contacted");
    expect(table).toContain("site-admin appointments status 1 contacted");
    expect(table).toContain("2 leads still new after 20 hours, oldest first");
  });

  it("names them in one e-mail to the agency, once; a restart sends nothing new", async () => {
    expect(await site.followUp.runOnce()).toBe(2);
    expect(await site.followUp.runOnce()).toBe(0);
    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.to).toEqual(["leads@agency.test"]);
    expect(mail?.subject).toBe("Follow up: 2 leads are still new after 20 hours");
    expect(mail?.text.split(/\r?\n/).slice(0, 2)).toEqual([
      "The site promises an answer within 24 hours. These have had none recorded 20 hours after arriving.",
      "Next: answer each one, then mark it contacted on its page in the workspace.",
    ]);
    // Named by person and form; the id only as a detail beside the link to its page.
    expect(mail?.text).toMatch(/^Old One's website design enquiry \(Acme, old@x\.test\)$/m);
    expect(mail?.text).toMatch(/^Slow Reply's appointment request \(slow@x\.test\)$/m);
    const siteUrl = site.config.settings.siteUrl;
    const text = mail?.text.replace(/\r\n/g, "\n") ?? "";
    expect(text).toContain(`  In the workspace as ap-1: ${siteUrl}/admin/leads/ap-1\n`);
    expect(text).toContain(`  In the workspace as wd-1: ${siteUrl}/admin/leads/wd-1\n`);
    expect(text).toContain(
      `Every lead still new past the threshold is listed in the workspace:\n${siteUrl}/admin/leads?overdue=1`,
    );
    expect(mail?.html).toContain(`<a href="${siteUrl}/admin/leads/ap-1">Open it in the workspace</a> (ap-1)`);
    expect(mail?.html).toContain(`<a href="${siteUrl}/admin/leads/wd-1">Open it in the workspace</a> (wd-1)`);
    // Sales staff have no shell: no command in either part.
    expect(mail?.text).not.toContain("site-admin");
    expect(mail?.html).not.toContain("site-admin");
    for (const name of ["Fresh", "Answered", "Held"]) expect(mail?.text).not.toContain(name);

    // A second instance on the same database (a restart, or another replica) finds nothing to send.
    const again = await createApp({
      config: site.config,
      logger: createLogger("silent"),
      build: await loadServerBuild(),
      outbox: { autoStart: false },
      followUp: { autoStart: false, now: () => new Date(now.getTime() + HOUR) },
    });
    expect(await again.followUp.runOnce()).toBe(0);
    await again.close();
    // Still listed until someone answers.
    const overdue = JSON.parse((await cli(site, "leads", "overdue", "--json")).stdout) as {
      reminded: boolean;
    }[];
    expect(overdue.map((lead) => lead.reminded)).toEqual([true, true]);
  });
});

describe("two instances running the reminder on one database", () => {
  it("send one reminder between them, and none again after both restart", async () => {
    const sink = await startSmtpSink();
    const site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url, FOLLOW_UP_CHECK_MINUTES: "0.01" },
      { outbox: { autoStart: false }, followUp: { autoStart: false } },
    );
    for (let n = 0; n < 5; n++) {
      await insertWebsiteDesignLead(site.db, {
        full_name: `Waiting ${n}`,
        company_name: "C",
        business_email: `w${n}@x.test`,
        website_type: null,
        budget: null,
        timeline: null,
        created_at: new Date(Date.now() - 21 * HOUR).toISOString(),
      });
    }
    const build = await loadServerBuild();
    // Each its own pool and worker, checking every 0.6 s, as two servers would.
    const start = () => createApp({ config: site.config, logger: createLogger("silent"), build });
    let instances = await Promise.all([start(), start()]);
    await until(() => sink.messages.length >= 1, 10_000, "the reminder");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await Promise.all(instances.map((instance) => instance.close()));
    instances = await Promise.all([start(), start()]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await Promise.all(instances.map((instance) => instance.close()));

    expect(sink.messages.map((mail) => mail.subject)).toEqual([
      "Follow up: 5 leads are still new after 20 hours",
    ]);
    const reminders = await site.db
      .selectFrom("outbox")
      .select("status")
      .where("kind", "=", "follow-up-reminder")
      .execute();
    expect(reminders).toEqual([{ status: "sent" }]);
    await site.cleanup();
    await sink.close();
  }, 30_000);
});
