import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import {
  bookingCalendar,
  freeTimesOfDay,
  nearestFreeTimes,
} from "#server/operations/meetings/availability.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { appointment, endpoints } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { paths } from "#shared/paths.ts";
import { botGuardFields } from "#shared/forms/bot-guard.ts";

/**
 * The booking calendar: the rules (and South Africa's public holidays) that make a time
 * free, set with the CLI and the workspace and audited; the two modes of the booking form;
 * the refusals that name the other meeting by person; an admin's override, audited in the
 * change's transaction; and the booking page as the server renders it, without JavaScript.
 */
let site: TestApp;
let sales: StaffClient;
let adminStaff: StaffClient;

beforeAll(async () => {
  site = await createTestApp(
    { LEAD_RATE_LIMIT_MAX: "1000" },
    { outbox: { autoStart: false }, followUp: { autoStart: false } },
  );
  sales = await signInAs(site, "sales");
  adminStaff = await signInAs(site, "admin");
});
afterAll(() => site.cleanup());

const json = <T>(text: string) => JSON.parse(text) as T;
type DayJson = { date: string; closed?: string; free: string[]; slots: { time: string; reason?: string }[] };

/** A Monday at 06:00 in Cape Town, far enough ahead that nothing else is booked near it. */
const monday = new Date("2027-03-01T04:00:00Z");

describe("the rules", () => {
  it("start at a Cape Town agency's defaults, and `availability rules` lists them", async () => {
    const run = await cli(site, "availability", "rules", "--json");
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toEqual({
      "hours.mon": "09:00-17:00",
      "hours.tue": "09:00-17:00",
      "hours.wed": "09:00-17:00",
      "hours.thu": "09:00-17:00",
      "hours.fri": "09:00-17:00",
      "hours.sat": "off",
      "hours.sun": "off",
      "days-off": "none",
      holidays: "on",
      notice: "4h",
      buffer: "15m",
      "max-per-day": "5",
      instant: "off",
    });
  });

  it("close South Africa's public holidays, from the holiday library, unless turned off", async () => {
    const run = await cli(site, "availability", "--date", "2026-12-16", "--json");
    expect(run.code).toBe(0);
    const day = json<DayJson>(run.stdout);
    expect(day.closed).toBe("public holiday: Day of Reconciliation");
    expect(day.free).toEqual([]);
    // A holiday moved to Monday because it fell on a Sunday (Women's Day 2026).
    expect(
      json<DayJson>((await cli(site, "availability", "--date", "2026-08-10", "--json")).stdout).closed,
    ).toMatch(/^public holiday/);
    expect((await cli(site, "availability", "set", "holidays", "off")).code).toBe(0);
    const open = await freeTimesOfDay(site, "2026-12-16", new Date("2026-12-14T06:00:00Z"));
    expect(open.ok && open.value.slots.every((slot) => slot.free)).toBe(true);
    expect((await cli(site, "availability", "set", "holidays", "on")).code).toBe(0);
  });

  it("change one at a time from the CLI, audited; a bad value is refused and changes nothing", async () => {
    const set = await cli(site, "availability", "set", "hours.mon", "10:00-13:00");
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^Set hours\.mon to 10:00-13:00/);
    const day = await freeTimesOfDay(site, "2027-03-01", new Date("2027-02-25T06:00:00Z"));
    if (!day.ok) throw new Error(day.message);
    expect(day.value.slots.filter((slot) => slot.free).map((slot) => slot.time)).toEqual(["10:00", "11:00"]);
    expect(day.value.slots.find((slot) => slot.time === "09:00")?.reason).toBe("hours");
    const audit = (await listAudit(site.db, { limit: 1 }))[0];
    expect(audit).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      action: "availability.update",
      detail: { "hours.mon": "10:00-13:00" },
    });
    for (const [name, value, message] of [
      ["hours.mon", "17:00-09:00", /hours\.mon: expected hours like 09:00-17:00/],
      ["buffer", "7m", /buffer: expected a multiple of 5 minutes/],
      ["max-per-day", "0", /max-per-day: expected a whole number from 1 to 20/],
      ["instant", "yes", /instant: expected on or off/],
      ["days-off", "24 Dec", /days-off: expected dates like 2026-12-24/],
      ["colour", "blue", /unknown rule "colour"/],
    ] as const) {
      const refused = await cli(site, "availability", "set", name, value);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(message);
    }
    expect(json((await cli(site, "availability", "rules", "--json")).stdout)).toMatchObject({
      "hours.mon": "10:00-13:00",
      buffer: "15m",
    });
    expect((await cli(site, "availability", "set", "hours.mon", "09:00-17:00")).code).toBe(0);
  });

  it("keep days off and minimum notice", async () => {
    expect((await cli(site, "availability", "set", "days-off", "2027-03-02,2027-03-03")).code).toBe(0);
    const off = await freeTimesOfDay(site, "2027-03-02", monday);
    expect(off.ok && off.value.closed).toBe("the agency is closed");
    expect((await cli(site, "availability", "set", "days-off", "none")).code).toBe(0);
    // Monday 06:00 with 4 hours' notice: 09:00 is too soon, 10:00 is not.
    const today = await freeTimesOfDay(site, "2027-03-01", monday);
    if (!today.ok) throw new Error(today.message);
    expect(today.value.slots.map((slot) => slot.reason ?? "free")).toEqual([
      "notice",
      "free",
      "free",
      "free",
      "free",
      "free",
      "free",
    ]);
  });
});

describe("the workspace's booking calendar", () => {
  it("is for admins: sales is refused; a save is audited and a bad field says what is wrong", async () => {
    expect((await sales.get("/admin/api/availability")).status).toBe(403);
    const read = await adminStaff.get("/admin/api/availability");
    expect(read.status).toBe(200);
    expect(read.body.rules.instant).toBe("off");
    const bad = await adminStaff.post("/admin/api/availability", { rules: { notice: "soon" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.notice).toMatch(/expected hours from 0 to 336/);
    const saved = await adminStaff.post("/admin/api/availability", { rules: { "max-per-day": "3" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ rules: { "max-per-day": "3" }, changed: ["max-per-day"] });
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: "admin@agency.test",
      action: "availability.update",
      detail: { "max-per-day": "3" },
    });
    expect((await adminStaff.post("/admin/api/availability", { rules: { "max-per-day": "5" } })).status).toBe(
      200,
    );
  });
});

/** The first offered day with at least `count` free times, and those times. */
async function freeDay(count: number, skip = 0) {
  const days = (await bookingCalendar(site, new Date())).filter(
    (day) => day.slots.filter((slot) => slot.free).length >= count,
  );
  const day = days[skip];
  if (!day) throw new Error("no day with enough free times");
  return { date: day.date, free: day.slots.filter((slot) => slot.free) };
}

const ask = (overrides: Record<string, unknown>) =>
  request(site.app).post(endpoints.appointments).send(appointment(new Date(), overrides));

const lastAppointmentId = async () =>
  (
    await site.db
      .selectFrom("appointment_requests")
      .select("id")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id;

describe("requests, then instant booking", () => {
  it("as requests, a taken time is still accepted; staff see it flagged with free times, and confirming is refused by name", async () => {
    const day = await freeDay(3, 0);
    const time = day.free[0];
    if (!time) throw new Error("no free time");
    await ask({ preferred_date: day.date, preferred_time: time.value, name: "Thandi Nkosi" }).expect(201);
    const first = await lastAppointmentId();
    expect((await cli(site, "appointments", "confirm", String(first))).code).toBe(0);
    await ask({ preferred_date: day.date, preferred_time: time.value, name: "Sipho Dlamini" }).expect(201);
    const second = await lastAppointmentId();
    const plan = await sales.get(`/admin/api/inbox/ap-${second}/meeting`);
    expect(plan.status).toBe(200);
    expect(plan.body.taken.by).toMatch(/^Thandi Nkosi’s meeting on /);
    expect(plan.body.taken.freeTimes.length).toBeGreaterThan(0);
    expect(plan.body.mayOverride).toBeUndefined();
    // Through the workspace: refused beside the time, with the other meeting's person and free times.
    const refused = await sales.post(`/admin/api/inbox/ap-${second}/meeting`, {
      date: day.date,
      time: time.time,
      minutes: 45,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.fieldErrors.time).toMatch(
      /^That time overlaps Thandi Nkosi’s meeting on .*The nearest free time/,
    );
    expect(refused.body.fieldErrors.time).not.toMatch(/ap-|appointment \d/);
    // Sales may not override.
    const forbidden = await sales.post(`/admin/api/inbox/ap-${second}/meeting`, {
      date: day.date,
      time: time.time,
      minutes: 45,
      override: "The client asked for both.",
    });
    expect(forbidden.status).toBe(403);
    // Through the CLI, the same refusal.
    const ran = await cli(site, "appointments", "confirm", String(second));
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/overlaps Thandi Nkosi’s meeting on .* An admin may override with a reason\./);
    // An admin overrides with a reason: audited in the same transaction, naming the other by id.
    expect((await adminStaff.get(`/admin/api/inbox/ap-${second}/meeting`)).body.mayOverride).toBe(true);
    const noReason = await adminStaff.post(`/admin/api/inbox/ap-${second}/meeting`, {
      date: day.date,
      time: time.time,
      minutes: 45,
      override: "  ",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors.reason).toMatch(/Say why/);
    const overridden = await adminStaff.post(`/admin/api/inbox/ap-${second}/meeting`, {
      date: day.date,
      time: time.time,
      minutes: 45,
      override: "Both partners of one firm, one meeting.",
    });
    expect(overridden.status).toBe(200);
    const entries = await listAudit(site.db, { limit: 2 });
    expect(entries.map((entry) => entry.action)).toEqual(["appointment.confirm", "appointment.override"]);
    expect(entries[1]).toMatchObject({
      actor: "admin@agency.test",
      target: `ap-${second}`,
      detail: { reason: "Both partners of one firm, one meeting.", over: [`ap-${first}`] },
    });
    // The CLI's override, moving the first onto the second's time and back.
    const moved = await cli(
      site,
      "appointments",
      "reschedule",
      String(first),
      "--at",
      `${day.date} ${day.free[1]?.time}`,
    );
    expect(moved.code).toBe(0);
    const back = await cli(
      site,
      "appointments",
      "reschedule",
      String(first),
      "--at",
      `${day.date} ${time.time}`,
      "--override",
      "Agreed by phone",
    );
    expect(back.code).toBe(0);
    expect((await listAudit(site.db, { limit: 1, action: "appointment.override" }))[0]).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      detail: { reason: "Agreed by phone", over: [`ap-${second}`] },
    });
  });

  it("a declined request gives its held time back at once", async () => {
    const day = await freeDay(1, 1);
    const time = day.free[0];
    if (!time) throw new Error("no free time");
    await ask({ preferred_date: day.date, preferred_time: time.value }).expect(201);
    const id = await lastAppointmentId();
    const held = await freeTimesOfDay(site, day.date, new Date());
    expect(held.ok && held.value.slots.find((slot) => slot.value === time.value)?.reason).toBe("taken");
    expect((await cli(site, "appointments", "status", String(id), "lost")).code).toBe(0);
    const freed = await freeTimesOfDay(site, day.date, new Date());
    expect(freed.ok && freed.value.slots.find((slot) => slot.value === time.value)?.free).toBe(true);
  });

  it("with instant booking, a free time is confirmed at once with its invitation, and a taken one is refused with the nearest free times", async () => {
    expect((await cli(site, "availability", "set", "instant", "on")).code).toBe(0);
    const day = await freeDay(2, 2);
    const [time, next] = day.free;
    if (!time || !next) throw new Error("no free time");
    const booked = await ask({
      preferred_date: day.date,
      preferred_time: time.value,
      name: "Lerato Khumalo",
    });
    expect(booked.status).toBe(201);
    const id = await lastAppointmentId();
    const row = await site.db
      .selectFrom("appointment_requests")
      .select(["schedule_status", "scheduled_start"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ schedule_status: "confirmed", scheduled_start: time.start });
    const queued = await site.db
      .selectFrom("outbox")
      .select("kind")
      .where("kind", "=", "appointment-update")
      .execute();
    expect(queued.length).toBeGreaterThanOrEqual(2);
    const rows = await site.db.selectFrom("appointment_requests").select("id").execute();
    const refused = await ask({ preferred_date: day.date, preferred_time: time.value, name: "Bongani Zulu" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d is no longer free\. The nearest free times? (is|are) /,
    );
    expect(refused.body.fieldErrors.preferred_time).toBe(refused.body.error);
    expect(await site.db.selectFrom("appointment_requests").select("id").execute()).toHaveLength(rows.length);
    const nearest = await nearestFreeTimes(site, time.start, { now: new Date() });
    expect(nearest.map((free) => free.start)).not.toContain(time.start);
    // The buffer: 45 minutes and 15 after it fill the hour; 30 after it take the next time too.
    const slotAfter = async () => {
      const judged = await freeTimesOfDay(site, day.date, new Date());
      return judged.ok ? judged.value.slots.find((slot) => slot.value === next.value) : undefined;
    };
    if (Date.parse(next.start) - Date.parse(time.start) === 3_600_000) {
      expect((await slotAfter())?.free).toBe(true);
      expect((await cli(site, "availability", "set", "buffer", "30m")).code).toBe(0);
      expect((await slotAfter())?.reason).toBe("taken");
      expect((await cli(site, "availability", "set", "buffer", "15m")).code).toBe(0);
    }
    // At most one a day: the day's other times are full.
    expect((await cli(site, "availability", "set", "max-per-day", "1")).code).toBe(0);
    expect((await slotAfter())?.reason).toBe("full");
    expect((await cli(site, "availability", "set", "max-per-day", "5")).code).toBe(0);
  });

  it("renders the booking page without JavaScript: a taken time disabled after a refusal, the summary after success", async () => {
    expect((await cli(site, "availability", "set", "instant", "on")).code).toBe(0);
    const page = await request(site.app).get(paths.bookAppointment).expect(200);
    expect(page.headers["cache-control"]).toMatch(/no-store/);
    const day = await freeDay(2, 3);
    const [time] = day.free;
    if (!time) throw new Error("no free time");
    // Another visitor takes it first.
    await ask({ preferred_date: day.date, preferred_time: time.value }).expect(201);
    const form = (overrides: Record<string, string>) => {
      const fields = appointment(new Date(), { email: "late@example.co.za", ...overrides });
      return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
    };
    const refused = await request(site.app)
      .post(paths.bookAppointment)
      .type("form")
      .send(form({ preferred_date: day.date, preferred_time: time.value }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("is no longer free. The nearest free time");
    // The refused time, redisplayed for the chosen day, is disabled and marked; the labels of the free ones stay.
    expect(refused.text).toMatch(
      new RegExp(
        `<option value="${time.value}" disabled=""( selected="")?>${time.value} \\(taken\\)</option>`,
      ),
    );
    expect(refused.text).toContain(`<option value="${day.free[1]?.value}">${day.free[1]?.value}</option>`);
    const free = day.free[1];
    if (!free) throw new Error("no second free time");
    const done = await request(site.app)
      .post(paths.bookAppointment)
      .type("form")
      .send(form({ preferred_date: day.date, preferred_time: free.value }));
    expect(done.status).toBe(200);
    expect(done.text).toContain("Appointment requested!");
    expect(done.text).toMatch(/Your meeting on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d is booked/);
    expect((await cli(site, "availability", "set", "instant", "off")).code).toBe(0);
    const requested = await request(site.app)
      .post(paths.bookAppointment)
      .type("form")
      .send(form({ preferred_date: day.date, preferred_time: time.value, email: "pref@example.co.za" }));
    expect(requested.status).toBe(200);
    expect(requested.text).toMatch(
      new RegExp(
        `We have your request for [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]+ at ${time.time}; the link to change it is in your e-mail\\.`,
      ),
    );
    expect(botGuardFields.startedAt).toBeTruthy();
  });
});
