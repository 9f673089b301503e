import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueFollowUpReminder } from "#server/operations/leads/follow-up-reminder.ts";
import { runCliAnswering, runCliOn as cli } from "#tests/support/cli.ts";
import {
  appointment,
  endpoints,
  newsletterSignup,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * POPIA's access and erasure rights (docs/decisions/024-personal-data-rights.md): export
 * shows everything held about an address, erase leaves no byte of it in the database
 * file, its log, any table or any mail file, and records that it was done.
 */

const address = "Erase.Me+popia@Example.org";
const lower = address.toLowerCase();
const other = "keep.me@example.org";

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** The files of the data folder that hold the address, in any case. */
function filesNaming(folder: string, text: string): string[] {
  return filesUnder(folder).filter((file) =>
    readFileSync(file).toString("latin1").toLowerCase().includes(text),
  );
}

let site: TestApp;

/** Every row of every table as text, lower-cased: what "in no table" means on either engine. */
async function everyRow(): Promise<string> {
  const tables = await site.db.introspection.getTables();
  const texts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(site.db);
    texts.push(
      JSON.stringify(rows.rows, (_key, value: unknown) =>
        Buffer.isBuffer(value) ? value.toString("latin1") : value,
      ),
    );
  }
  return texts.join("\n").toLowerCase();
}

beforeAll(async () => {
  // No SMTP_URL: e-mails are written as .eml files into the data folder.
  site = await createTestApp({ ACKNOWLEDGE_SUBMISSIONS: "true", LEAD_RATE_LIMIT_MAX: "100" });
  const now = new Date();
  await request(site.app)
    .post(endpoints.webApp)
    .send(webAppLead({ workEmail: address }))
    .expect(201);
  await request(site.app)
    .post(endpoints.websiteDesign)
    .send(websiteDesignLead({ businessEmail: lower }))
    .expect(201);
  await request(site.app)
    .post(endpoints.appointments)
    .send(appointment(now, { email: address }))
    .expect(201);
  await request(site.app).post(endpoints.newsletter).send(newsletterSignup(address)).expect(201);
  await request(site.app)
    .post(endpoints.webApp)
    .send(webAppLead({ workEmail: other }))
    .expect(201);
  expect((await cli(site, "leads", "status", "wa-1", "contacted", "--by", "Staff")).code).toBe(0);
  // A reminder naming both people: only this person's entry may leave it.
  await queueFollowUpReminder(site.db, site.config, new Date(now.getTime() + 48 * 3_600_000));
  await site.outbox.drain();
});
afterAll(async () => {
  await site.cleanup();
});

describe("privacy export", () => {
  it("prints every record about the address as JSON, whatever its case", async () => {
    const run = await cli(site, "privacy", "export", "--email", address.toUpperCase());
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout) as Record<string, unknown[]> & { acknowledgedAt: string | null };
    expect(data.webAppLeads).toHaveLength(1);
    expect(data.websiteDesignLeads).toHaveLength(1);
    expect(data.appointmentRequests).toHaveLength(1);
    expect(data.newsletterSubscriptions).toEqual([
      expect.objectContaining({
        email: lower,
        consent_text: expect.any(String),
        consented_at: expect.any(String),
      }),
    ]);
    expect(data.statusChanges).toEqual([expect.objectContaining({ status: "contacted" })]);
    expect(data.acknowledgedAt).toEqual(expect.any(String));
    // The agency's notifications, the acknowledgment, the newsletter confirmation and the reminder.
    const kinds = (data.notifications as Array<{ kind: string }>).map((row) => row.kind).sort();
    expect(kinds).toEqual(
      expect.arrayContaining([
        "web-app-lead",
        "website-design-lead",
        "appointment-request",
        "acknowledgment",
        "newsletter-confirmation",
        "follow-up-reminder",
      ]),
    );
    expect(run.stdout).not.toContain(other);
  });

  it("writes a .zip with the JSON and the e-mails about them", async () => {
    const file = path.join(site.dataDir, "..", `export-${process.pid}.zip`);
    const run = await cli(site, "privacy", "export", "--email", address, "--out", file);
    expect(run.code, run.stderr).toBe(0);
    const entries = unzipSync(readFileSync(file));
    const names = Object.keys(entries);
    expect(names).toContain("personal-data.json");
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^mail\/outbox-\d+-web-app-lead\.eml$/)]),
    );
    expect(names).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(?!mail\/|personal-data)/)]));
    const json = JSON.parse(Buffer.from(entries["personal-data.json"] ?? []).toString("utf8")) as {
      address: string;
      webAppLeads: unknown[];
    };
    expect(json).toMatchObject({ address: lower, webAppLeads: [expect.anything()] });
    // Only this person's e-mails: none was sent about the other address alone.
    for (const name of names.filter((entry) => entry.startsWith("mail/"))) {
      expect(
        Buffer.from(entries[name] ?? [])
          .toString("latin1")
          .toLowerCase(),
      ).toContain(lower);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses what is not an address, and a file that is not a .zip", async () => {
    expect(await cli(site, "privacy", "export", "--email", "not an address")).toMatchObject({
      code: 1,
      stderr: 'error: "not an address" is not an e-mail address\n',
    });
    const run = await cli(site, "privacy", "export", "--email", address, "--out", "x.json");
    expect(run).toMatchObject({ code: 1, stderr: 'error: --out must name a .zip file, not "x.json"\n' });
  });
});

describe("privacy erase", () => {
  it("asks first: without --yes and nobody to ask, nothing changes", async () => {
    const before = await everyRow();
    const run = await cli(site, "privacy", "erase", "--email", address);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("error: erasing needs a confirmation: run it in a terminal, or add --yes\n");
    expect(await everyRow()).toBe(before);
  });

  it("asks the person at the terminal, and a no changes nothing", async () => {
    const before = await everyRow();
    const run = await runCliAnswering(site, false, "privacy", "erase", "--email", address);
    expect(run.code).toBe(0);
    expect(run.questions).toEqual(['Erase all of it for good? Type "yes" to go on: ']);
    expect(run.stdout).toMatch(
      /^Held about erase\.me\+popia@example\.org: \d+ records and \d+ mail files\.\nNothing erased\.\n$/,
    );
    expect(await everyRow()).toBe(before);
  });

  it("leaves no trace of the address in any table, the database's files or any mail file", async () => {
    expect(filesNaming(site.dataDir, lower).length).toBeGreaterThan(0);
    const run = await cli(site, "privacy", "erase", "--email", address, "--yes");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Erased \d+ rows \(.*web_app_leads 1.*\) and \d+ mail files/);
    expect(run.stdout).toContain("rotate them");
    expect(await everyRow()).not.toContain(lower);
    // The database file, its write-ahead log and every mail file, byte for byte.
    expect(filesNaming(site.dataDir, lower)).toEqual([]);
  });

  it("keeps everyone else's data, and the reminder's entry about them", async () => {
    const rows = await everyRow();
    expect(rows).toContain(other);
    const reminder = await site.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "follow-up-reminder")
      .executeTakeFirstOrThrow();
    const leads = (JSON.parse(reminder.payload) as { leads: Array<{ email: string }> }).leads;
    expect(leads.map((lead) => lead.email)).toEqual([other]);
  });

  it("records when, how many rows and a hash of the address, never the address", async () => {
    const erasures = await site.db.selectFrom("erasures").selectAll().execute();
    expect(erasures).toHaveLength(1);
    const [erasure] = erasures;
    expect(erasure?.address_hash).toBe(createHash("sha256").update(lower).digest("hex"));
    expect(erasure?.rows_erased).toBeGreaterThanOrEqual(10);
    expect(erasure?.mail_files_erased).toBeGreaterThan(0);
    expect(JSON.stringify(erasure)).not.toContain("example.org");
  });

  it("finds nothing more afterwards", async () => {
    const run = await cli(site, "privacy", "export", "--email", address);
    const data = JSON.parse(run.stdout) as Record<string, unknown[]>;
    expect([data.webAppLeads, data.notifications, data.newsletterSubscriptions]).toEqual([[], [], []]);
  });
});
