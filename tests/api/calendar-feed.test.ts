import { createHash } from "node:crypto";
import ICAL from "ical.js";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import type { CalendarFeedState, MadeCalendarFeed } from "#shared/calendar-feed.ts";
import type { MeetingList } from "#shared/staff-meetings.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { cape } from "#tests/support/calendar.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { appointment, endpoints } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Staff calendar feeds (docs/decisions/063-staff-calendar-feeds.md): each member of staff's
 * private iCalendar address, read back with ical.js (a parser independent of the library
 * that writes it); their own meetings or, for an admin who asks, every one; made with a
 * fresh proof, replaced and revoked; kept only as a hash; never in a log line; and the
 * CLI's `meetings feed`. Also Meetings' "Mine" and who takes each meeting.
 */

let site: TestApp;
let thandiTaker: StaffClient;
let siphoTaker: StaffClient;
let boss: StaffClient;
let editor: StaffClient;
/** Every line the app logged, as written. */
const logLines: string[] = [];
/** Every token any step was given, to look for in the logs and the database. */
const tokens: string[] = [];

const requested = appointment(new Date());
const day = String(requested.preferred_date);

const tokenOf = (url: string) => /\/calendar\/([0-9a-f]{64})\.ics$/.exec(url)?.[1] ?? "";
const pathOf = (url: string) => new URL(url).pathname;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function setProof(client: StaffClient, at: Date): Promise<void> {
  await site.db
    .updateTable("staff_sessions")
    .set({ proved_at: at.toISOString() })
    .where("csrf_token", "=", client.csrfToken)
    .execute();
}

/** Makes (or replaces) the client's feed after a fresh proof; answers the new address. */
async function makeFeed(client: StaffClient, scope: "own" | "all" = "own"): Promise<MadeCalendarFeed> {
  await setProof(client, new Date());
  const made = await client.post("/admin/api/account/calendar-feed", { scope }).expect(200);
  const body = made.body as MadeCalendarFeed;
  tokens.push(tokenOf(body.url));
  return body;
}

type FeedEvent = {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  startZone: string | null;
};

/** The feed at `url` read as a calendar app would: iCalendar, its events resolved through its own VTIMEZONE. */
async function readFeed(url: string): Promise<{ name: string; refresh: string; events: FeedEvent[] }> {
  const answer = await request(site.app).get(pathOf(url)).expect(200);
  expect(answer.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(answer.headers["cache-control"]).toMatch(/\bprivate\b/);
  expect(answer.headers["cache-control"]).toMatch(/\bno-store\b/);
  expect(answer.headers["x-robots-tag"]).toMatch(/noindex/);
  expect(answer.headers["set-cookie"]).toBeUndefined();
  const text = answer.text;
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const status = vevent.getFirstPropertyValue("status");
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: typeof status === "string" ? status : null,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      startZone: (vevent.getFirstProperty("dtstart")?.getParameter("tzid") as string | undefined) ?? null,
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue("x-wr-calname")),
    refresh: String(calendar.getFirstPropertyValue("refresh-interval")),
    events,
  };
}

/** The UID and SEQUENCE of the newest invitation e-mailed about appointment `id` (from the outbox). */
async function lastInvitation(name: string): Promise<{ uid: string; sequence: number }> {
  const rows = await site.db.selectFrom("outbox").select(["id", "payload"]).orderBy("id", "desc").execute();
  for (const row of rows) {
    const payload = JSON.parse(row.payload) as { visitorName?: string; calendar?: { content: string } };
    if (payload.visitorName !== name || !payload.calendar) continue;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(payload.calendar.content)).getFirstSubcomponent("vevent")!,
    );
    return { uid: event.uid, sequence: event.sequence };
  }
  throw new Error(`no invitation to ${name}`);
}

/** Asks for a feed that opens nothing: the same bare 404 whatever the reason. */
async function expectClosed(path: string): Promise<void> {
  const answer = await request(site.app).get(path).expect(404);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
  expect(answer.text).toBe("Not found.\n");
  expect(answer.headers["cache-control"]).toMatch(/no-store/);
}

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });
  site = await createTestApp(
    { ...agencyMailEnv, LEAD_RATE_LIMIT_MAX: "1000", LOG_LEVEL: "info" },
    { logger, outbox: { autoStart: false }, followUp: { autoStart: false } },
  );
  thandiTaker = await signInAs(site, "sales", "lindiwe@agency.test");
  siphoTaker = await signInAs(site, "sales", "pieter@agency.test");
  boss = await signInAs(site, "admin", "boss@agency.test");
  editor = await signInAs(site, "editor", "editor@agency.test");
  const visitors = [
    { name: "Thandi Nkosi", email: "thandi@example.co.za", time: "10:00", owner: thandiTaker.userId },
    { name: "Sipho Dlamini", email: "sipho@example.co.za", time: "11:00", owner: siphoTaker.userId },
    { name: "Lerato Mokoena", email: "lerato@example.co.za", time: "12:00", owner: thandiTaker.userId },
    { name: "Naledi Khumalo", email: "naledi@example.co.za", time: "14:00", owner: null },
  ];
  for (const [index, visitor] of visitors.entries()) {
    await request(site.app)
      .post(endpoints.appointments)
      .send(appointment(new Date(), { name: visitor.name, email: visitor.email }))
      .expect(201);
    const id = index + 1;
    await site.db
      .updateTable("appointment_requests")
      .set({ owner_id: visitor.owner })
      .where("id", "=", id)
      .execute();
    expect(
      await cli(site, "appointments", "confirm", String(id), "--at", `${day} ${visitor.time}`),
    ).toMatchObject({
      code: 0,
    });
  }
  // Thandi's is moved (SEQUENCE 2); Lerato's is cancelled and leaves every feed.
  expect(await cli(site, "appointments", "reschedule", "1", "--at", `${day} 09:00`)).toMatchObject({
    code: 0,
  });
  expect(await cli(site, "appointments", "cancel", "3")).toMatchObject({ code: 0 });
});
afterAll(async () => {
  await site?.cleanup();
});

describe("a member of staff's calendar feed", () => {
  let mine: MadeCalendarFeed;

  it("is offered to those who work meetings, and none is made yet", async () => {
    expect((await thandiTaker.get("/admin/api/account/calendar-feed").expect(200)).body).toEqual({
      available: true,
      feed: null,
    } satisfies CalendarFeedState);
    expect((await editor.get("/admin/api/account/calendar-feed").expect(200)).body).toEqual({
      available: false,
      feed: null,
    });
    await setProof(editor, new Date());
    await editor.post("/admin/api/account/calendar-feed", { scope: "own" }).expect(403);
  });

  it("asks for a fresh proof before an address is made, and makes nothing without one", async () => {
    await setProof(thandiTaker, new Date(Date.now() - 10 * 60_000));
    const refused = await thandiTaker.post("/admin/api/account/calendar-feed", { scope: "own" }).expect(403);
    expect(refused.body).toEqual({
      error:
        "Making a calendar feed address needs your password and a code, or a passkey, from the last 5 minutes.",
      stepUp: true,
    });
    expect(await site.db.selectFrom("calendar_feeds").selectAll().execute()).toEqual([]);
  });

  it("answers its address once; the database keeps only the token's SHA-256, the audit log neither", async () => {
    mine = await makeFeed(thandiTaker);
    expect(mine).toMatchObject({ scope: "own", replaced: false });
    expect(mine.url).toMatch(/^https:\/\/agency\.test\/calendar\/[0-9a-f]{64}\.ics$/);
    const token = tokenOf(mine.url);
    const rows = await site.db.selectFrom("calendar_feeds").selectAll().execute();
    expect(rows).toEqual([
      {
        staff_user_id: thandiTaker.userId,
        token_hash: sha256(token),
        scope: "own",
        created_at: mine.createdAt,
        created_by: "lindiwe@agency.test",
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const audit = (await listAudit(site.db, { limit: 1 }))[0];
    expect(audit).toMatchObject({
      actor: "lindiwe@agency.test",
      action: "calendar-feed.make",
      target: "lindiwe@agency.test",
      detail: { scope: "own", replaced: false },
    });
    expect(JSON.stringify(audit)).not.toContain(token);
    // The page's state says a feed exists, never its address.
    const state = (await thandiTaker.get("/admin/api/account/calendar-feed").expect(200)).body;
    expect(state).toEqual({ available: true, feed: { scope: "own", createdAt: mine.createdAt } });
    expect(JSON.stringify(state)).not.toContain(token);
  });

  it("lists only the meetings its holder takes, as the invitations name them, in Cape Town time", async () => {
    const feed = await readFeed(mine.url);
    expect(feed.name).toBe("Kloof Digital meetings: lindiwe@agency.test");
    expect(feed.refresh).toBe("PT1H");
    // Lerato's meeting was cancelled: it is left out, so subscribed calendars drop it.
    expect(feed.events).toHaveLength(1);
    const [event] = feed.events;
    const invitation = await lastInvitation("Thandi Nkosi");
    expect(event).toEqual({
      uid: invitation.uid,
      sequence: invitation.sequence,
      status: "CONFIRMED",
      summary: "Consultation with Thandi Nkosi (Nkosi Consulting): Web Application Development",
      description: expect.stringContaining("Taken by lindiwe@agency.test."),
      start: cape(`${day}T09:00:00`),
      end: cape(`${day}T09:45:00`),
      startZone: "Africa/Johannesburg",
    });
    expect(invitation.sequence).toBe(2);
    // Names and the form, never an id.
    expect(event?.summary).not.toMatch(/\bap-\d|appointment \d/i);
  });

  it("another member of staff's lists theirs only", async () => {
    const feed = await readFeed((await makeFeed(siphoTaker)).url);
    expect(feed.events.map((event) => event.summary)).toEqual([
      "Consultation with Sipho Dlamini (Nkosi Consulting): Web Application Development",
    ]);
  });

  it("every meeting only for an admin who asks", async () => {
    await setProof(thandiTaker, new Date());
    const refused = await thandiTaker.post("/admin/api/account/calendar-feed", { scope: "all" }).expect(400);
    expect(refused.body.error).toBe("Only admins can have a feed of every meeting.");
    // Still the old address, unchanged.
    expect((await readFeed(mine.url)).events).toHaveLength(1);

    const own = await readFeed((await makeFeed(boss, "own")).url);
    expect(own.events).toEqual([]);
    const all = await makeFeed(boss, "all");
    expect(all).toMatchObject({ scope: "all", replaced: true });
    const feed = await readFeed(all.url);
    expect(feed.name).toBe("Kloof Digital meetings");
    expect(feed.events.map((event) => [event.summary.split(" (")[0], event.start])).toEqual([
      ["Consultation with Thandi Nkosi", cape(`${day}T09:00:00`)],
      ["Consultation with Sipho Dlamini", cape(`${day}T11:00:00`)],
      ["Consultation with Naledi Khumalo", cape(`${day}T14:00:00`)],
    ]);
    expect(feed.events[2]?.description).toContain("Nobody takes it yet.");
    expect(feed.events.every((event) => event.status === "CONFIRMED")).toBe(true);
  });

  it("replacing it closes the old address at once", async () => {
    const before = mine;
    mine = await makeFeed(thandiTaker);
    expect(mine.replaced).toBe(true);
    expect(mine.url).not.toBe(before.url);
    await expectClosed(pathOf(before.url));
    expect((await readFeed(mine.url)).events).toHaveLength(1);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      action: "calendar-feed.make",
      detail: { scope: "own", replaced: true },
    });
  });

  it("revoking needs only the session, and its address then answers as an unknown one does", async () => {
    await setProof(thandiTaker, new Date(Date.now() - 10 * 60_000));
    await thandiTaker.delete("/admin/api/account/calendar-feed").expect(204);
    await expectClosed(pathOf(mine.url));
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: "lindiwe@agency.test",
      action: "calendar-feed.revoke",
      target: "lindiwe@agency.test",
    });
    const again = await thandiTaker.delete("/admin/api/account/calendar-feed").expect(409);
    expect(again.body.error).toBe("There is no calendar feed of lindiwe@agency.test to revoke.");
    expect((await thandiTaker.get("/admin/api/account/calendar-feed")).body.feed).toBeNull();
  });

  it("answers a bare 404 to any token that opens nothing, and to a disabled account's", async () => {
    await expectClosed(`/calendar/${"0".repeat(64)}.ics`);
    await expectClosed(`/calendar/${"0".repeat(64)}`);
    await expectClosed("/calendar/not-a-token.ics");
    const pieter = await makeFeed(siphoTaker);
    await site.db
      .updateTable("staff_users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", siphoTaker.userId)
      .execute();
    await expectClosed(pathOf(pieter.url));
    await site.db
      .updateTable("staff_users")
      .set({ disabled_at: null })
      .where("id", "=", siphoTaker.userId)
      .execute();
    expect((await readFeed(pieter.url)).events).toHaveLength(1);
    // A role that no longer works meetings closes it too.
    await site.db
      .updateTable("staff_users")
      .set({ role: "editor" })
      .where("id", "=", siphoTaker.userId)
      .execute();
    await expectClosed(pathOf(pieter.url));
    await site.db
      .updateTable("staff_users")
      .set({ role: "sales" })
      .where("id", "=", siphoTaker.userId)
      .execute();
  });
});

describe("site-admin meetings feed", () => {
  it("makes a feed on first use and prints its address, which opens", async () => {
    const run = await cli(site, "meetings", "feed", "lindiwe@agency.test");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const url = run.stdout.split("\n")[0] ?? "";
    tokens.push(tokenOf(url));
    expect(url).toMatch(/^https:\/\/agency\.test\/calendar\/[0-9a-f]{64}\.ics$/);
    expect(run.stdout).toContain("Made the calendar feed of lindiwe@agency.test: their own meetings.");
    expect((await readFeed(url)).events).toHaveLength(1);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      action: "calendar-feed.make",
      target: "lindiwe@agency.test",
    });

    // Asked again, it cannot show the address (only its hash is kept): it says how to replace it.
    const shown = await cli(site, "meetings", "feed", "lindiwe@agency.test");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^lindiwe@agency\.test has a calendar feed of their own meetings, made /);
    expect(shown.stdout).toContain("site-admin meetings feed lindiwe@agency.test --replace");
    expect(shown.stdout).not.toContain("/calendar/");

    const replaced = await cli(site, "meetings", "feed", "lindiwe@agency.test", "--replace");
    expect(replaced.code).toBe(0);
    const newUrl = replaced.stdout.split("\n")[0] ?? "";
    tokens.push(tokenOf(newUrl));
    expect(newUrl).not.toBe(url);
    await expectClosed(pathOf(url));
    expect((await readFeed(newUrl)).events).toHaveLength(1);

    const revoked = await cli(site, "meetings", "feed", "lindiwe@agency.test", "--revoke");
    expect(revoked).toMatchObject({
      code: 0,
      stdout: "Revoked the calendar feed of lindiwe@agency.test: its address no longer opens.\n",
    });
    await expectClosed(pathOf(newUrl));
  });

  it("gives an admin every meeting with --all, and nobody else", async () => {
    const refused = await cli(site, "meetings", "feed", "lindiwe@agency.test", "--all");
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe("error: Only admins can have a feed of every meeting.\n");
    expect(
      await site.db
        .selectFrom("calendar_feeds")
        .select("staff_user_id")
        .where("staff_user_id", "=", thandiTaker.userId)
        .execute(),
    ).toEqual([]);

    const all = await cli(site, "meetings", "feed", "boss@agency.test", "--all", "--replace");
    expect(all.code).toBe(0);
    const url = all.stdout.split("\n")[0] ?? "";
    tokens.push(tokenOf(url));
    expect((await readFeed(url)).events).toHaveLength(3);
  });

  it("refuses what it cannot do, changing nothing", async () => {
    expect(await cli(site, "meetings", "feed", "nobody@agency.test")).toMatchObject({
      code: 1,
      stderr: "error: no staff account nobody@agency.test\n",
    });
    const editorRun = await cli(site, "meetings", "feed", "editor@agency.test");
    expect(editorRun.code).toBe(1);
    expect(editorRun.stderr).toMatch(/works on content, not meetings/);
    expect((await cli(site, "meetings", "feed", "lindiwe@agency.test", "--revoke")).stderr).toBe(
      "error: there is no calendar feed of lindiwe@agency.test to revoke\n",
    );
    expect((await cli(site, "meetings", "feed", "boss@agency.test", "--revoke", "--all")).code).toBe(2);
  });
});

describe("Meetings", () => {
  it("names who takes each meeting, and lists only mine with owner=mine", async () => {
    const everyone = (await thandiTaker.get("/admin/api/meetings").expect(200)).body as MeetingList;
    expect(everyone.mine).toBe(false);
    const meetings = everyone.days.flatMap((d) => d.meetings);
    expect(meetings.map((m) => [m.name, m.taker])).toEqual([
      ["Thandi Nkosi", { email: "lindiwe@agency.test", disabled: false }],
      ["Sipho Dlamini", { email: "pieter@agency.test", disabled: false }],
      ["Naledi Khumalo", null],
    ]);
    const mine = (await thandiTaker.get("/admin/api/meetings?owner=mine").expect(200)).body as MeetingList;
    expect(mine.mine).toBe(true);
    expect(mine.days.flatMap((d) => d.meetings).map((m) => m.name)).toEqual(["Thandi Nkosi"]);
    const bad = await thandiTaker.get("/admin/api/meetings?owner=someone").expect(400);
    expect(bad.body.error).toMatch(/^Owner can only be mine/);
  });
});

describe("the logs", () => {
  it("never hold a feed's token, only its path redacted", () => {
    const logged = logLines.join("");
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) {
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(logged).not.toContain(token);
    }
    expect(logged).toContain('"url":"/calendar/[redacted]"');
  });
});
