import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { runCliAnswering, runCliOn as cli } from "#tests/support/cli.ts";
import { signInAs } from "#tests/support/staff-workspace.ts";
import { appointment, endpoints } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The command line's changes are audited by their operations, in the change's transaction,
 * as every other door's are (decision 048): one entry per change, named `cli:<user>` from
 * "cli", and none for a command that changed nothing (a dry run, a declined erase).
 */

let site: TestApp;

beforeAll(async () => {
  site = await createTestApp(
    { LEAD_RATE_LIMIT_MAX: "1000" },
    { outbox: { autoStart: false }, followUp: { autoStart: false } },
  );
  // The weekly e-mail goes to admins who want it; an admin account makes one such.
  await signInAs(site, "admin");
});
afterAll(() => site.cleanup());

/** The newest audit entries, newest first, of this action. */
const entriesOf = (action: string) => listAudit(site.db, { limit: 10, action });

async function newAppointment(name: string): Promise<number> {
  await request(site.app).post(endpoints.appointments).send(appointment(new Date(), { name })).expect(201);
  const row = await site.db
    .selectFrom("appointment_requests")
    .select("id")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("a change made on the command line", () => {
  it("confirming, placing, moving and cancelling a meeting each write one entry", async () => {
    const id = await newAppointment("Thandi Nkosi");
    const steps: [string[], string][] = [
      [["appointments", "confirm", String(id)], "appointment.confirm"],
      [["appointments", "place", String(id), "studio"], "appointment.place"],
      [["appointments", "cancel", String(id)], "appointment.cancel"],
    ];
    for (const [argv, action] of steps) {
      const run = await cli(site, ...argv);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const entries = await entriesOf(action);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: expect.stringMatching(/^cli:/),
        ip: "cli",
        target: `ap-${id}`,
      });
    }
  });

  it("a sweep by hand writes one entry with its counts; a dry run writes none", async () => {
    expect((await cli(site, "privacy", "sweep", "--dry-run")).code).toBe(0);
    expect(await entriesOf("privacy.sweep")).toEqual([]);
    expect((await cli(site, "privacy", "sweep")).code).toBe(0);
    const entries = await entriesOf("privacy.sweep");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ip: "cli", detail: { deleted: expect.any(Object) } });
  });

  it("the weekly e-mail sent by hand writes one entry; shown without --send, none", async () => {
    expect((await cli(site, "insights", "report")).code).toBe(0);
    expect(await entriesOf("insights.weekly-report-send")).toEqual([]);
    expect((await cli(site, "insights", "report", "--send")).code).toBe(0);
    const entries = await entriesOf("insights.weekly-report-send");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ip: "cli", detail: { admins: 1 } });
  });

  it("an erase declined at the prompt writes none; one done writes one, without the address", async () => {
    const email = "erase.cli@example.org";
    await request(site.app).post(endpoints.appointments).send(appointment(new Date(), { email })).expect(201);
    const declined = await runCliAnswering(site, false, "privacy", "erase", "--email", email);
    expect(declined.code).toBe(0);
    expect(await entriesOf("privacy.erase")).toEqual([]);
    expect((await cli(site, "privacy", "erase", "--email", email, "--yes")).code).toBe(0);
    const entries = await entriesOf("privacy.erase");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ip: "cli", target: null });
    expect(JSON.stringify(entries[0])).not.toContain("erase.cli");
  });
});
