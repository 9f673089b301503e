import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { listMeetings } from "#server/operations/meetings/meetings.ts";
import type { MeetingList, MeetingPlan } from "#shared/staff-meetings.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { cape, expectConfirmedMeeting, parseCalendar } from "#tests/support/calendar.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { appointment, endpoints, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { countOutbox } from "#tests/support/test-database.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";

/**
 * The workspace's meetings: an appointment request confirmed, moved and cancelled from
 * its page through the CLI's own operations, so the visitor gets the same calendar
 * messages (read back with ical.js, a parser independent of the code that wrote them);
 * each change audited and in the request's history; and the list of meetings by day.
 */
let sink: SmtpSink;
let site: TestApp;
let sales: StaffClient;
let editor: StaffClient;
const requested = appointment(new Date());
const day = String(requested.preferred_date);

const outboxCount = () => countOutbox(site.db);

/** The visitor's calendar message and the agency's copy that the last change queued. */
async function sentUpdates(): Promise<{
  visitor: ReceivedMail | undefined;
  agency: ReceivedMail | undefined;
}> {
  expect(await site.outbox.drain()).toEqual({ sent: 2, failed: 0 });
  // A copy: the sink's own list is emptied for the next change.
  const mails = [...(await sink.waitForMessages(2))];
  sink.messages.length = 0;
  return {
    visitor: mails.find((mail) => mail.to.includes("thandi@example.co.za")),
    agency: mails.find((mail) => mail.to.includes("leads@agency.test")),
  };
}

const lastAudit = async () => (await listAudit(site.db, { limit: 1 }))[0];

/** Confirms appointment 1's meeting (or with "/reschedule" moves it) to a time on the requested day. */
const postMeeting = (step: "" | "/reschedule", time: string, minutes: number) =>
  sales.post(`/admin/api/inbox/ap-1/meeting${step}`, { date: day, time, minutes });

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await createTestApp(
    {
      ...agencyMailEnv,
      SMTP_URL: sink.url,
      LEAD_RATE_LIMIT_MAX: "1000",
    },
    { outbox: { autoStart: false }, followUp: { autoStart: false } },
  );
  sales = await signInAs(site, "sales");
  editor = await signInAs(site, "editor");
  await request(site.app).post(endpoints.appointments).send(requested).expect(201);
  // ap-2 trips the bot trap and is held back.
  await request(site.app)
    .post(endpoints.appointments)
    .send(appointment(new Date(), { website: "x", email: "bot@spam.test" }))
    .expect(201);
  await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
  // The agency's notifications of ap-1 and wd-1 (none of the held ap-2).
  expect(await site.outbox.drain()).toEqual({ sent: 2, failed: 0 });
  await sink.waitForMessages(2);
  sink.messages.length = 0;
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});

describe("who may", () => {
  it("is sales and admin staff: an editor is refused, and nobody without a session", async () => {
    expect((await editor.get("/admin/api/meetings")).status).toBe(403);
    expect((await editor.get("/admin/api/inbox/ap-1/meeting")).status).toBe(403);
    for (const path of ["", "/reschedule", "/cancel"]) {
      const refused = await editor.post(`/admin/api/inbox/ap-1/meeting${path}`, {
        date: day,
        time: "10:00",
        minutes: 45,
      });
      expect(refused.status).toBe(403);
    }
    expect((await request(site.app).get("/admin/api/meetings")).status).toBe(401);
    const adminMember = await signInAs(site, "admin");
    expect((await adminMember.get("/admin/api/meetings")).status).toBe(200);
    expect((await adminMember.get("/admin/api/inbox/ap-1/meeting")).status).toBe(200);
    expect(await outboxCount()).toBe(2);
  });
});

describe("a request's meeting form", () => {
  it("starts from the time the visitor asked for and the agency's default length", async () => {
    const response = await sales.get("/admin/api/inbox/ap-1/meeting");
    expect(response.status).toBe(200);
    expect(response.body as MeetingPlan).toEqual({
      id: "ap-1",
      schedule: null,
      date: day,
      time: "10:00",
      minutes: 45,
      lengths: [15, 30, 45, 60, 90, 120],
    });
    expect((await sales.get("/admin/api/inbox/wd-1/meeting")).status).toBe(404);
    expect((await sales.get("/admin/api/inbox/ap-99/meeting")).status).toBe(404);
    expect((await sales.get("/admin/api/inbox/nope/meeting")).status).toBe(400);
  });

  it("refuses what cannot be done, beside the field it is about, queueing nothing", async () => {
    // ap-3, which staff marked spam; its notification to the agency goes first.
    await request(site.app)
      .post(endpoints.appointments)
      .send(appointment(new Date(), { email: "seo@offers.test" }))
      .expect(201);
    expect((await sales.post("/admin/api/inbox/ap-3/status", { status: "spam" })).status).toBe(200);
    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    await sink.waitForMessages(1);
    sink.messages.length = 0;
    const before = await outboxCount();
    const confirm = (body: object, id = "ap-1") => sales.post(`/admin/api/inbox/${id}/meeting`, body);
    const cases: [request.Test, number, Record<string, RegExp>][] = [
      [confirm({ date: "2026-02-30", time: "10:00", minutes: 45 }), 400, { date: /does not exist/ }],
      [confirm({ date: "3 Dec", time: "10:00", minutes: 45 }), 400, { date: /YYYY-MM-DD/ }],
      [
        confirm({ date: "", time: "", minutes: 45 }),
        400,
        { date: /^Choose a date\.$/, time: /^Choose a time\.$/ },
      ],
      [confirm({ date: day, time: "25:00", minutes: 45 }), 400, { time: /HH:MM/ }],
      [confirm({ date: day, time: "10:00", minutes: 2 }), 400, { minutes: /Choose a length/ }],
      [confirm({ date: day, time: "10:00" }), 400, { minutes: /Choose a length/ }],
      [confirm({ date: "2020-01-06", time: "10:00", minutes: 45 }), 400, { time: /That time has passed/ }],
    ];
    for (const [response, status, fields] of cases) {
      const answer = await response;
      expect(answer.status).toBe(status);
      for (const [field, pattern] of Object.entries(fields)) {
        expect(answer.body.fieldErrors[field]).toMatch(pattern);
        // The message names no shell flag.
        expect(answer.body.error).not.toContain("--");
      }
    }
    const sentence = async (response: request.Test, status: number, pattern: RegExp) => {
      const answer = await response;
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatch(pattern);
      expect(answer.body.error).toMatch(/^[A-Z].*\.$/);
    };
    const valid = { date: day, time: "10:00", minutes: 45 };
    await sentence(confirm(valid, "ap-99"), 404, /^Unknown appointment id 99\.$/);
    await sentence(confirm(valid, "wd-1"), 404, /Only appointment requests have a meeting/);
    await sentence(confirm(valid, "ap-2"), 409, /^Appointment 2 is held as suspected spam: release it first/);
    await sentence(confirm(valid, "ap-3"), 409, /^Appointment 3 is marked spam\.$/);
    await sentence(
      sales.post("/admin/api/inbox/ap-1/meeting/reschedule", valid),
      409,
      /is not confirmed: only a confirmed appointment can be rescheduled/,
    );
    await sentence(
      sales.post("/admin/api/inbox/ap-1/meeting/cancel"),
      409,
      /is not confirmed: there is no invitation to cancel/,
    );
    expect(await outboxCount()).toBe(before);
    expect((await sales.get("/admin/api/inbox/ap-1")).body.history).toEqual([]);
  });
});

describe("confirm, reschedule and cancel", () => {
  let uid = "";

  it("confirm sends the CLI's invitation (METHOD:REQUEST), audited and in the history", async () => {
    const response = await postMeeting("", "10:00", 60);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 1, email: "thandi@example.co.za" });
    expect(response.body.when).toMatch(/^\w{3}, .* 10:00 to 11:00$/);

    const { visitor, agency } = await sentUpdates();
    expect(visitor?.calendar?.contentType).toMatch(/method=REQUEST/i);
    const invitation = parseCalendar(visitor?.calendar?.content ?? "");
    expect(invitation).toMatchObject({
      method: "REQUEST",
      uid: "appointment-1@agency.test",
      sequence: 1,
      status: "CONFIRMED",
      startZone: "Africa/Johannesburg",
    });
    expectConfirmedMeeting(invitation, agency?.calendar?.content ?? "", {
      start: `${day}T10:00:00`,
      end: `${day}T11:00:00`,
    });
    uid = invitation.uid;

    const entry = await lastAudit();
    expect(entry).toMatchObject({
      actor: "sales@agency.test",
      action: "appointment.confirm",
      target: "ap-1",
      detail: { start: cape(`${day}T10:00:00`).toISOString(), minutes: 60, sequence: 1 },
    });
    expect(entry?.ip).toMatch(/127\.0\.0\.1/);

    const shown = await sales.get("/admin/api/inbox/ap-1");
    expect(shown.body.record).toMatchObject({
      status: "contacted",
      schedule: "confirmed",
      scheduledMinutes: 60,
    });
    expect(shown.body.history).toEqual([
      {
        status: "contacted",
        note: expect.stringMatching(/^appointment confirmed for \w{3}, .* 10:00 to 11:00$/),
        changedBy: "sales@agency.test",
        changedAt: expect.any(String),
      },
    ]);
    // The CLI sees the same booking.
    expect((await cli(site, "appointments", "show", "1")).stdout).toMatch(
      /^Booked: +confirmed .* 10:00 to 11:00$/m,
    );

    const again = await postMeeting("", "10:00", 60);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/is already confirmed for .*: use reschedule to move it\.$/);
  });

  it("the form then offers the confirmed time and length", async () => {
    expect((await sales.get("/admin/api/inbox/ap-1/meeting")).body).toMatchObject({
      schedule: "confirmed",
      date: day,
      time: "10:00",
      minutes: 60,
    });
  });

  it("lists the meeting under its day, today's headed as today", async () => {
    const listed = await sales.get("/admin/api/meetings");
    expect(listed.status).toBe(200);
    const list = listed.body as MeetingList;
    expect(list.days).toEqual([
      {
        date: day,
        label: expect.stringMatching(/^\w{3}, \d{1,2} \w{3} \d{4}$/),
        today: false,
        meetings: [
          {
            id: "ap-1",
            start: cape(`${day}T10:00:00`).toISOString(),
            minutes: 60,
            time: "10:00 to 11:00",
            name: "Thandi Nkosi",
            company: "Nkosi Consulting",
            service: "Web Application Development",
            taker: null,
          },
        ],
      },
    ]);
    // On the day itself, from its morning: "Today". The day after, it is past and left out
    // unless asked for from an earlier day.
    const morning = await listMeetings(site.db, undefined, cape(`${day}T07:00:00`));
    expect(morning.ok && morning.value).toMatchObject({ today: day, days: [{ date: day, today: true }] });
    const after = new Date(cape(`${day}T10:00:00`).getTime() + 24 * 3_600_000);
    const nextDay = await listMeetings(site.db, undefined, after);
    expect(nextDay.ok && nextDay.value.days).toEqual([]);
    const fromDay = await listMeetings(site.db, day, after);
    expect(fromDay.ok && fromDay.value.days.map((d) => d.date)).toEqual([day]);

    expect((await sales.get("/admin/api/meetings?from=tomorrow")).status).toBe(400);
  });

  it("reschedule sends an update of the same event, SEQUENCE one higher, audited", async () => {
    const response = await postMeeting("/reschedule", "14:30", 30);
    expect(response.status).toBe(200);
    expect(response.body.when).toMatch(/14:30 to 15:00$/);
    const { visitor } = await sentUpdates();
    const update = parseCalendar(visitor?.calendar?.content ?? "");
    expect(update).toMatchObject({ method: "REQUEST", uid, sequence: 2, startZone: "Africa/Johannesburg" });
    expect(update.start).toEqual(cape(`${day}T14:30:00`));
    expect(update.end).toEqual(cape(`${day}T15:00:00`));
    expect(await lastAudit()).toMatchObject({
      actor: "sales@agency.test",
      action: "appointment.reschedule",
      target: "ap-1",
      detail: { minutes: 30, sequence: 2 },
    });

    const same = await postMeeting("/reschedule", "14:30", 30);
    expect(same.status).toBe(409);
    expect(same.body.fieldErrors.time).toMatch(/already at this time and length/);
    const history = (await sales.get("/admin/api/inbox/ap-1")).body.history as { note: string }[];
    expect(history.at(-1)?.note).toMatch(/^appointment moved to .* 14:30 to 15:00$/);
    // The status line follows the move, not the first time.
    const { record } = (await sales.get("/admin/api/inbox/ap-1")).body as { record: { statusNote: string } };
    expect(record.statusNote).toMatch(/^appointment moved to .* 14:30 to 15:00$/);
    expect((await sales.get("/admin/api/meetings")).body.days[0].meetings[0]).toMatchObject({
      time: "14:30 to 15:00",
      minutes: 30,
    });
  });

  it("cancel sends the cancellation (METHOD:CANCEL) and the meeting leaves the list", async () => {
    const response = await sales.post("/admin/api/inbox/ap-1/meeting/cancel");
    expect(response.status).toBe(200);
    const { visitor, agency } = await sentUpdates();
    expect(visitor?.calendar?.contentType).toMatch(/method=CANCEL/i);
    const cancelled = parseCalendar(visitor?.calendar?.content ?? "");
    expect(cancelled).toMatchObject({ method: "CANCEL", uid, sequence: 3, status: "CANCELLED" });
    expect(cancelled.start).toEqual(cape(`${day}T14:30:00`));
    expect(parseCalendar(agency?.calendar?.content ?? "")).toMatchObject({
      uid,
      sequence: 3,
      status: "CANCELLED",
    });
    expect(await lastAudit()).toMatchObject({
      action: "appointment.cancel",
      target: "ap-1",
      detail: { sequence: 3 },
    });
    const history = (await sales.get("/admin/api/inbox/ap-1")).body.history as {
      note: string;
      changedBy: string;
    }[];
    expect(history.map((entry) => entry.changedBy)).toEqual(Array(3).fill("sales@agency.test"));
    expect(history.at(-1)?.note).toMatch(/^appointment cancelled \(was .* 14:30 to 15:00\)$/);
    const { record } = (await sales.get("/admin/api/inbox/ap-1")).body as {
      record: { status: string; statusNote: string };
    };
    expect(record).toMatchObject({
      status: "contacted",
      statusNote: expect.stringMatching(/^appointment cancelled/),
    });
    expect((await sales.get("/admin/api/meetings")).body.days).toEqual([]);

    const before = await outboxCount();
    const again = await sales.post("/admin/api/inbox/ap-1/meeting/cancel");
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Appointment 1 is already cancelled.");
    const confirm = await postMeeting("", "10:00", 45);
    expect(confirm.status).toBe(409);
    expect(confirm.body.error).toMatch(/was cancelled: ask the visitor to request a new one\.$/);
    expect(await outboxCount()).toBe(before);
  });
});
