import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingCalendar } from "#server/operations/meetings/availability.ts";
import { listMeetings } from "#server/operations/meetings/meetings.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { appointment, endpoints } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * No double booking, held by the database and not by a read before the write: twenty
 * visitors take one time at once, half of them through a second instance of the app on
 * the same database (its own connections, as a second server has), and exactly one gets
 * it. Runs on SQLite and on PostgreSQL (vitest.config.ts).
 */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  const env = { LEAD_RATE_LIMIT_MAX: "1000" };
  first = await createTestApp(env, { outbox: { autoStart: false }, followUp: { autoStart: false } });
  // The second instance opens the first one's database with its own pool.
  second = await createTestApp(
    { ...env, ...first.database.env },
    { outbox: { autoStart: false }, followUp: { autoStart: false } },
  );
});
afterAll(async () => {
  await second?.cleanup();
  await first?.cleanup();
});

/** A time free now, on the `index`-th day that has one. */
async function freeTime(index = 0): Promise<{ date: string; value: string }> {
  const days = await bookingCalendar(first, new Date());
  const withFree = days.filter((day) => day.slots.some((slot) => slot.free));
  const day = withFree[index];
  const slot = day?.slots.find((candidate) => candidate.free);
  if (!day || !slot) throw new Error("no free time in the next two weeks");
  return { date: day.date, value: slot.value };
}

const visitor = (n: number, time: { date: string; value: string }) =>
  appointment(new Date(), {
    name: `Visitor ${n} Mokoena`,
    email: `visitor${n}@example.co.za`,
    preferred_date: time.date,
    preferred_time: time.value,
  });

const countRows = async () =>
  Number(
    (
      await first.db
        .selectFrom("appointment_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("twenty visitors booking one time at once on two instances", () => {
  it("with instant booking: one meeting, nineteen told the time is gone and nothing stored for them", async () => {
    expect((await cli(first, "availability", "set", "instant", "on")).code).toBe(0);
    const time = await freeTime(0);
    const before = await countRows();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        request((n % 2 === 0 ? first : second).app)
          .post(endpoints.appointments)
          .send(visitor(n, time)),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.error).toMatch(/ is no longer free\. The nearest free times? (is|are) /);
    }
    expect(await countRows()).toBe(before + 1);
    const meetings = await listMeetings(first.db, time.date, new Date());
    if (!meetings.ok) throw new Error(meetings.message);
    const onTheDay = meetings.value.days.find((day) => day.date === time.date)?.meetings ?? [];
    expect(onTheDay).toHaveLength(1);
    const claims = await first.db
      .selectFrom("appointment_slot_claims")
      .select(["appointment_id", "kind"])
      .distinct()
      .execute();
    expect(claims).toEqual([{ appointment_id: expect.any(Number), kind: "meeting" }]);
  });

  it("as requests: all twenty are accepted, one holds the time, and staff cannot confirm a second", async () => {
    expect((await cli(first, "availability", "set", "instant", "off")).code).toBe(0);
    const time = await freeTime(1);
    const before = await countRows();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        request((n % 2 === 0 ? first : second).app)
          .post(endpoints.appointments)
          .send(visitor(100 + n, time)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await countRows()).toBe(before + 20);
    const holders = await first.db
      .selectFrom("appointment_slot_claims")
      .select("appointment_id")
      .distinct()
      .where("kind", "=", "hold")
      .execute();
    expect(holders).toHaveLength(1);
    const holder = holders[0]?.appointment_id ?? 0;
    const asked = await first.db
      .selectFrom("appointment_requests")
      .select("id")
      .where("preferred_date", "=", time.date)
      .where("preferred_time", "=", time.value)
      .where("id", "<>", holder)
      .execute();
    expect(asked).toHaveLength(19);
    const other = asked[0]?.id ?? 0;
    // Staff on both instances confirm the holder and another request at the same moment.
    const [mine, theirs] = await Promise.all([
      cli(first, "appointments", "confirm", String(holder)),
      cli(second, "appointments", "confirm", String(other)),
    ]);
    expect(mine.code).toBe(0);
    expect(theirs.code).toBe(1);
    expect(theirs.stderr).toMatch(/overlaps Visitor \d+ Mokoena’s (meeting|request)/);
  });
});
