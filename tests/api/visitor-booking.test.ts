import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAppointmentReminders } from "#server/operations/meetings/visitor-reminders.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { selectClaimsOf } from "#server/db/availability.ts";
import { freeDaysFor } from "#server/operations/meetings/availability.ts";
import { REMOVED_SECRET } from "#server/mail/sent-payload.ts";
import { formatPostalAddress, defaultSiteSettings } from "#shared/site-settings.ts";
import { appointmentDateOptions } from "#shared/forms/appointment.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";
import { cape, parseCalendar } from "#tests/support/calendar.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { appointment, endpoints } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The visitor manages their own booking (docs/decisions/062-visitor-manages-booking.md):
 * the private link in each e-mail, the page it opens, a move and a cancellation without
 * JavaScript (plain form posts), each calendar message read back with ical.js, the owner
 * told, the history "by the visitor", the place, the reminder, and no token in any log.
 */

const STUDIO = formatPostalAddress(defaultSiteSettings.address);
const LINK = /https:\/\/agency\.test\/appointment\/manage\/([A-Za-z0-9_-]{43})/;

let site: TestApp;
let sink: SmtpSink;
const logLines: string[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString("utf8"));
      done();
    },
  });
  site = await createTestApp(
    {
      ...agencyMailEnv,
      SMTP_URL: sink.url,
      ACKNOWLEDGE_SUBMISSIONS: "true",
      ACKNOWLEDGMENTS_PER_IP_PER_DAY: "50",
      LEAD_RATE_LIMIT_MAX: "50",
      FORM_MIN_FILL_SECONDS: "0",
    },
    { outbox: { autoStart: false }, logger: pino({ level: "debug" }, stream) },
  );
});
afterAll(async () => {
  await site?.cleanup();
  await sink?.close();
});
afterEach(() => {
  sink.messages.length = 0;
});

async function sent(): Promise<ReceivedMail[]> {
  const { sent: count, failed } = await site.outbox.drain();
  expect(failed).toBe(0);
  const mails = [...(await sink.waitForMessages(count))];
  sink.messages.length = 0;
  return mails;
}

const to = (mails: ReceivedMail[], address: string) => mails.filter((mail) => mail.to.includes(address));

function tokenIn(mail: ReceivedMail | undefined): string {
  const token = LINK.exec(mail?.text ?? "")?.[1];
  expect(token, "the e-mail's private link").toBeTruthy();
  expect(mail?.html).toContain(`/appointment/manage/${token}`);
  tokens.push(token ?? "");
  return token ?? "";
}

const page = (token: string) => request(site.app).get(`/appointment/manage/${token}`);
const post = (token: string, form: Record<string, string>) =>
  request(site.app).post(`/appointment/manage/${token}`).type("form").send(form);

async function history(id: number) {
  return site.db
    .selectFrom("lead_status_changes")
    .select(["note", "changed_by as by"])
    .where("lead_table", "=", "appointment_requests")
    .where("lead_row_id", "=", id)
    .orderBy("id")
    .execute();
}

async function request_(email: string, overrides: Record<string, unknown> = {}): Promise<number> {
  await request(site.app)
    .post(endpoints.appointments)
    .send(appointment(new Date(), { email, ...overrides }))
    .expect(201);
  const row = await site.db
    .selectFrom("appointment_requests")
    .select("id")
    .where("email", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

const days = () => appointmentDateOptions(new Date()).map((day) => day.value);

describe("the visitor's private link", () => {
  let pendingToken = "";
  let pendingId = 0;

  it("comes in the acknowledgment, with the place, and opens the request's page", async () => {
    pendingId = await request_("pending@visitor.test");
    const mails = await sent();
    const [ack] = to(mails, "pending@visitor.test");
    expect(ack?.subject).toContain("We received your appointment request");
    expect(ack?.text).toContain(`Where: At our studio: ${STUDIO}`);
    expect(ack?.text).not.toContain("online or at our Cape Town studio");
    pendingToken = tokenIn(ack);

    const opened = await page(pendingToken).expect(200);
    expect(opened.headers["cache-control"]).toBe("no-store");
    // The last policy a browser reads wins (the site-wide one comes first).
    expect(opened.headers["referrer-policy"]).toMatch(/(^|, )same-origin$/);
    expect(opened.headers["x-robots-tag"]).toContain("noindex");
    expect(opened.text).toContain("Your appointment");
    expect(opened.text).toContain("Requested, not yet confirmed");
    expect(opened.text).toContain(STUDIO);
    expect(opened.text).toContain('name="robots" content="noindex, nofollow"');

    // Only the hash is stored; the sent e-mail's row keeps no token.
    const links = await site.db.selectFrom("appointment_manage_links").selectAll().execute();
    expect(JSON.stringify(links)).not.toContain(pendingToken);
    const payloads = await site.db.selectFrom("outbox").select("payload").execute();
    expect(payloads.map((row) => row.payload).join("\n")).not.toContain(pendingToken);
    expect(payloads.some((row) => row.payload.includes(REMOVED_SECRET))).toBe(true);
    const sitemap = await request(site.app).get("/sitemap.xml").expect(200);
    expect(sitemap.text).not.toContain("/appointment/manage");
  });

  it("answers a link that opens nothing with a clear page, never an error", async () => {
    const unknown = await page("A".repeat(43)).expect(404);
    expect(unknown.text).toContain("Link not valid");
    const garbage = await page("not-a-token%00%ff").expect((res) => expect(res.status).toBeLessThan(500));
    expect(garbage.text).not.toMatch(/at .*\.js:\d+/);
    const refused = await post("B".repeat(43), { intent: "cancel" }).expect(409);
    expect(refused.text).toContain("Link not valid");
  });

  it("moves a request not yet confirmed: the agency's entry moves, the history says by the visitor", async () => {
    const newDay = days()[2] ?? "";
    const before = await site.db
      .selectFrom("appointment_requests")
      .select(["preferred_date", "preferred_time"])
      .where("id", "=", pendingId)
      .executeTakeFirstOrThrow();
    const freeFor = async (day: string) =>
      (await freeDaysFor({ db: site.db, config: site.config }, -1, new Date()))
        .find((free) => free.date === day)
        ?.times.map((time) => time.value);
    expect(await freeFor(before.preferred_date)).not.toContain(before.preferred_time);
    expect(await freeFor(newDay)).toContain("11:00 AM");
    const moved = await post(pendingToken, { intent: "move", slot: `${newDay}|11:00 AM` }).expect(200);
    // The request's hold moved with it: its old time is free for others, its new one is
    // not, and the cells the database guards are the new time's.
    expect(await freeFor(before.preferred_date)).toContain(before.preferred_time);
    expect(await freeFor(newDay)).not.toContain("11:00 AM");
    const held = await selectClaimsOf(site.db, pendingId);
    expect(held.map((claim) => claim.kind)).toContain("hold");
    expect(held[0]?.cell).toBe(cape(`${newDay}T11:00:00`).toISOString());
    expect(moved.text).toContain("Your appointment has moved");
    const mails = await sent();
    const [visitor] = to(mails, "pending@visitor.test");
    expect(visitor?.subject).toContain("request has moved");
    expect(visitor?.calendar).toBeUndefined();
    const next = tokenIn(visitor);
    const [agency] = to(mails, "leads@agency.test");
    expect(agency?.subject).toContain("by the visitor");
    const event = parseCalendar(agency?.calendar?.content ?? "");
    expect(event).toMatchObject({ method: "PUBLISH", sequence: 1, status: "TENTATIVE", location: STUDIO });
    expect(event.start).toEqual(cape(`${newDay}T11:00:00`));
    expect((await history(pendingId)).at(-1)).toMatchObject({ by: "the visitor" });
    expect((await page(pendingToken).expect(200)).text).toContain("This link was used");
    expect((await page(next).expect(200)).text).toContain("Requested, not yet confirmed");
  });

  it("moves and cancels a confirmed meeting: same UID, SEQUENCE + 1, the owner told, the old time free", async () => {
    const id = await request_("confirmed@visitor.test", { preferred_time: "02:00 PM" });
    await sent();
    const ownerId = await addStaff(site.db, "sales@agency.test", "sales");
    await site.db
      .updateTable("appointment_requests")
      .set({ owner_id: ownerId })
      .where("id", "=", id)
      .execute();
    expect((await cli(site, "appointments", "confirm", String(id))).code).toBe(0);
    const confirmed = await sent();
    const [invitation] = to(confirmed, "confirmed@visitor.test");
    const first = parseCalendar(invitation?.calendar?.content ?? "");
    expect(first).toMatchObject({ method: "REQUEST", sequence: 1, location: STUDIO });
    expect(invitation?.text).toContain(`Where: At our studio: ${STUDIO}`);
    const token = tokenIn(invitation);
    const oldDay = days()[0] ?? "";
    expect((await page(token).expect(200)).text).toContain("Confirmed");

    // Another request's page does not offer this meeting's time.
    const otherPage = (await page(tokensOfPending()).expect(200)).text;
    expect(otherPage).not.toContain(`value="${oldDay}|02:00 PM"`);

    const newDay = days()[3] ?? "";
    await post(token, { intent: "move", slot: `${newDay}|09:00 AM` }).expect(200);
    const moved = await sent();
    const [update] = to(moved, "confirmed@visitor.test");
    const second = parseCalendar(update?.calendar?.content ?? "");
    expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 2, status: "CONFIRMED" });
    expect(second.start).toEqual(cape(`${newDay}T09:00:00`));
    const [ownerCopy] = to(moved, "sales@agency.test");
    expect(ownerCopy?.subject).toContain("rescheduled by the visitor");
    expect(to(moved, "leads@agency.test")).toHaveLength(0);
    expect((await history(id)).at(-1)).toMatchObject({ by: "the visitor" });
    // The old slot is free at once.
    const free = await freeDaysFor({ db: site.db, config: site.config }, -1, new Date());
    expect(free.find((day) => day.date === oldDay)?.times.map((time) => time.value)).toContain("02:00 PM");
    expect(free.find((day) => day.date === newDay)?.times.map((time) => time.value)).not.toContain(
      "09:00 AM",
    );
    expect((await page(token).expect(200)).text).toContain("This link was used");

    const next = tokenIn(update);
    expect((await post(next, { intent: "cancel" }).expect(200)).text).toContain(
      "Your appointment is cancelled",
    );
    const cancelled = await sent();
    const [cancellation] = to(cancelled, "confirmed@visitor.test");
    expect(parseCalendar(cancellation?.calendar?.content ?? "")).toMatchObject({
      method: "CANCEL",
      uid: first.uid,
      sequence: 3,
      status: "CANCELLED",
    });
    expect(LINK.test(cancellation?.text ?? "")).toBe(false);
    expect(to(cancelled, "sales@agency.test")[0]?.subject).toContain("cancelled by the visitor");
    expect((await history(id)).at(-1)).toMatchObject({ by: "the visitor" });
    expect((await page(next).expect(200)).text).toContain("Appointment cancelled");
    const again = await post(next, { intent: "cancel" }).expect(409);
    expect(again.text).toContain("Appointment cancelled");
  });

  function tokensOfPending(): string {
    return tokens[1] ?? "";
  }
});

describe("the meeting place", () => {
  it("goes from the setting, or the meeting's own, into the invitation's LOCATION and e-mails", async () => {
    const link = "https://meet.example.com/kloof-digital";
    expect((await cli(site, "settings", "set", "meeting-place", link)).code).toBe(0);
    expect((await cli(site, "settings", "set", "meeting-place", "ftp://x")).code).not.toBe(0);
    const id = await request_("place@visitor.test", { preferred_time: "03:00 PM" });
    const [ack] = to(await sent(), "place@visitor.test");
    expect(ack?.text).toContain(`Where: Video call: ${link}`);
    expect(ack?.text).toContain("by video call");
    tokenIn(ack);
    expect((await cli(site, "appointments", "confirm", String(id))).code).toBe(0);
    const [invitation] = to(await sent(), "place@visitor.test");
    expect(parseCalendar(invitation?.calendar?.content ?? "").location).toBe(link);
    tokenIn(invitation);

    expect((await cli(site, "appointments", "place", String(id), "studio")).code).toBe(0);
    expect((await cli(site, "appointments", "place", String(id), "not a place")).code).not.toBe(0);
    expect(
      (await cli(site, "appointments", "reschedule", String(id), "--at", `${days()[4]} 10:00`)).code,
    ).toBe(0);
    const [moved] = to(await sent(), "place@visitor.test");
    expect(parseCalendar(moved?.calendar?.content ?? "").location).toBe(STUDIO);
    const token = tokenIn(moved);
    expect((await page(token).expect(200)).text).toContain(STUDIO);
    expect((await cli(site, "settings", "set", "meeting-place", "studio")).code).toBe(0);
  });
});

describe("the visitor's reminder", () => {
  /** Cape Town wall time `hours` from now, as `--at` takes it. */
  const inHours = (hours: number) =>
    formatLocalDateTime(new Date(Date.now() + hours * 3_600_000).toISOString());
  const runner = (instance: string) =>
    createAppointmentReminders({
      db: site.db,
      config: site.config,
      logger: pino({ level: "silent" }),
      now: () => new Date(),
      identity: { host: instance, pid: 1, nonce: instance },
    });
  async function runOn(instance: string): Promise<number> {
    const job = runner(instance);
    try {
      return await job.runOnce();
    } finally {
      await job.stop();
    }
  }

  it("is sent once about a day before, across two runners, with the link; not for a cancelled meeting", async () => {
    const id = await request_("remind@visitor.test", { preferred_time: "04:00 PM" });
    const other = await request_("gone@visitor.test", { preferred_time: "01:00 PM" });
    await sent();
    expect((await cli(site, "appointments", "confirm", String(id), "--at", inHours(5))).code).toBe(0);
    expect((await cli(site, "appointments", "confirm", String(other), "--at", inHours(6))).code).toBe(0);
    expect((await cli(site, "appointments", "cancel", String(other))).code).toBe(0);
    await sent();
    const counts = await Promise.all([runOn("one"), runOn("two")]);
    counts.push(await runOn("three"));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mails = await sent();
    const reminders = mails.filter((mail) => mail.subject.startsWith("Reminder:"));
    expect(reminders.map((mail) => mail.to)).toEqual([["remind@visitor.test"]]);
    expect(reminders[0]?.text).toContain(`Where: At our studio: ${STUDIO}`);
    const token = tokenIn(reminders[0]);
    expect((await page(token).expect(200)).text).toContain("Confirmed");
  });

  it("is sent again for a moved meeting's new time, and never for one more than a day away", async () => {
    const id = await request_("moved@visitor.test", {
      preferred_time: "09:00 AM",
      preferred_date: days()[5],
    });
    await sent();
    expect((await cli(site, "appointments", "confirm", String(id))).code).toBe(0);
    await sent();
    expect(await runOn("one")).toBe(0);
    expect((await cli(site, "appointments", "reschedule", String(id), "--at", inHours(7))).code).toBe(0);
    await sent();
    expect(await runOn("two")).toBe(1);
    expect((await cli(site, "appointments", "reschedule", String(id), "--at", inHours(8))).code).toBe(0);
    await sent();
    expect(await runOn("three")).toBe(1);
    expect(await runOn("four")).toBe(0);
    const reminders = (await sent()).filter((mail) => mail.subject.startsWith("Reminder:"));
    expect(reminders).toHaveLength(1);
    tokenIn(reminders[0]);
  });
});

describe("the logs", () => {
  it("never hold a private link's token", () => {
    const logs = logLines.join("");
    expect(tokens.length).toBeGreaterThan(5);
    expect(logs).toContain("/appointment/manage/[redacted]");
    for (const token of tokens) expect(logs).not.toContain(token);
  });
});
