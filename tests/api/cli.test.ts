import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAppointments } from "#server/cli/meetings.ts";
import { projectRoot } from "#server/platform/config.ts";
import { createDatabase, openDatabase } from "#server/db/database.ts";
import { insertAppointmentRequest, insertWebsiteDesignLead } from "#server/db/leads.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createOutboxWorker } from "#server/mail/outbox-worker.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import { createUploadStore } from "#server/files/uploaded-files.ts";
import { UPLOADS_URL_PATH } from "#server/platform/uploads.ts";
import { leadSourceColumns } from "#shared/lead-source.ts";
import type { ScreenshotRecord } from "#shared/staff-screenshot-record.ts";
import { freePort, startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import {
  appointment,
  endpoints,
  newsletterSignup,
  servedAt,
  startedBefore,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { collectOutput, runCliOn as cli, type CliRun as Run } from "#tests/support/cli.ts";
import { expectOneErrorLine, expectSucceeded } from "#tests/support/cli-expectations.ts";
import { addScreenshotArguments } from "#tests/support/cli-arguments.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import {
  createScratchDatabase,
  testsRunOnPostgres,
  type ScratchDatabase,
} from "#tests/support/test-database.ts";

/**
 * An uploaded file's bytes where the engine keeps them: the data volume on SQLite; on
 * PostgreSQL the database (through the upload store), with nothing on the local disk.
 */
async function storedUpload(site: TestApp, url: string): Promise<Buffer | undefined> {
  const file = path.join(site.config.dataDir, url);
  if (site.config.databaseUrl) {
    expect(existsSync(file), file).toBe(false);
    const name = url.slice(`${UPLOADS_URL_PATH}/`.length);
    return (await createUploadStore(site.config, site.db).get(name))?.bytes;
  }
  return existsSync(file) ? readFileSync(file) : undefined;
}

const json = <T>(run: Run): T => JSON.parse(expectSucceeded(run)) as T;

/** What a record sent without the site script (as these are) says of its source: nothing. */
const noSource = Object.fromEntries(leadSourceColumns.map((name) => [name, null]));

const tricky = {
  company: '=HYPERLINK("http://evil.example/x","Click me")',
  details: 'Line one, with "quotes"\nLine two, with a comma, and more',
};

describe("admin CLI on data sent through the real endpoints", () => {
  let site: TestApp;
  let clock = new Date();
  const stamp = () => startedBefore(clock.getTime());

  async function submitAt(iso: string, url: string, body: (at: Date) => Record<string, unknown>) {
    clock = new Date(iso);
    await request(site.app).post(url).send(body(clock)).expect(201);
  }

  beforeAll(async () => {
    site = await createTestApp(
      { FORM_MIN_FILL_SECONDS: "0", LEAD_RATE_LIMIT_MAX: "1000", SITE_URL: "https://agency.test" },
      { now: () => clock, outbox: { autoStart: false } },
    );
    // Friday 10:00 in Cape Town.
    await submitAt("2026-11-20T08:00:00Z", endpoints.appointments, (at) => appointment(at));
    await submitAt("2026-11-20T08:00:00Z", endpoints.websiteDesign, () => websiteDesignLead(stamp()));
    await submitAt("2026-11-20T08:00:00Z", endpoints.webApp, () => webAppLead(stamp()));
    // Sunday 23:30 in Cape Town (21:30 UTC): before Monday's local midnight.
    await submitAt("2026-11-22T21:30:00Z", endpoints.websiteDesign, () =>
      websiteDesignLead({ ...stamp(), fullName: "Late Sunday", companyName: '+27 Ventures, "Cape"' }),
    );
    // Monday 00:30 in Cape Town, still Sunday in UTC.
    await submitAt("2026-11-22T22:30:00Z", endpoints.appointments, (at) =>
      appointment(at, { name: "Bob O'Brien", company: tricky.company, project_details: tricky.details }),
    );
    await submitAt("2026-11-22T22:30:00Z", endpoints.webApp, () =>
      webAppLead({ ...stamp(), fullName: "Early Monday", phoneNumber: "", companySize: "" }),
    );
    // Monday 14:05 in Cape Town.
    await submitAt("2026-11-23T12:05:00Z", endpoints.appointments, (at) =>
      appointment(at, { name: "Lerato Mokoena", company: "" }),
    );
  });
  afterAll(() => site.cleanup());

  describe("appointments", () => {
    it("lists newest first in Cape Town time, unread marked, with a summary", async () => {
      const run = await cli(site, "appointments", "list");
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("");
      const lines = run.stdout.split("\n");
      expect(lines[0]).toMatch(
        /^ +ID +RECEIVED +STATUS +NAME +EMAIL +PHONE +COMPANY +SERVICE +PREFERRED +BOOKED$/,
      );
      expect(lines[1]).toMatch(/^● +3 +2026-11-23 14:05 +new +Lerato Mokoena /);
      expect(lines[2]).toMatch(/^● +2 +2026-11-23 00:30 +new +Bob O'Brien /);
      expect(lines[3]).toMatch(/^● +1 +2026-11-20 10:00 +new +Thandi Nkosi /);
      // Aligned: every row's e-mail starts in the header's EMAIL column.
      const emailColumn = lines[0]?.indexOf("EMAIL");
      for (const line of lines.slice(1, 4)) expect(line.indexOf("@") > (emailColumn ?? 0)).toBe(true);
      expect(lines.at(-2)).toBe("3 appointment requests, 3 unread (●)");
    });

    it("answers to meetings, the command's name, as to appointments, its old one", async () => {
      const named = await cli(site, "meetings", "list", "--json");
      expect(named.code).toBe(0);
      expect(JSON.parse(named.stdout)).toHaveLength(3);
      expect(named.stdout).toBe((await cli(site, "appointments", "list", "--json")).stdout);
    });

    it("shows the form's labels, not its codes: service and preferred day as the visitor chose them", async () => {
      const run = await cli(site, "appointments", "list");
      const thandi = run.stdout.split("\n").find((line) => line.includes("Thandi Nkosi")) ?? "";
      expect(thandi).toMatch(/ {2}Web Application Development {2}\w{3}, \d{1,2} Nov 2026, 10:00 AM$/);
      expect(run.stdout).not.toContain("web-development");
      // --json keeps the codes, for scripts.
      const [row] = json<{ serviceType: string; preferredDate: string }[]>(
        await cli(site, "appointments", "list", "--json"),
      );
      expect(row).toMatchObject({
        serviceType: "web-development",
        preferredDate: expect.stringMatching(/^2026-11-\d\d$/),
      });
    });

    it("prints JSON with ISO timestamps and every field", async () => {
      const rows = json<Record<string, unknown>[]>(await cli(site, "appointments", "list", "--json"));
      expect(rows.map((row) => row.id)).toEqual([3, 2, 1]);
      expect(rows[1]).toEqual({
        id: 2,
        name: "Bob O'Brien",
        email: "thandi@example.co.za",
        phone: "+27825550142",
        company: tricky.company,
        serviceType: "web-development",
        preferredDate: expect.stringMatching(/^2026-11-\d\d$/),
        preferredTime: "10:00 AM",
        projectDetails: tricky.details,
        read: false,
        suspectedSpam: null,
        createdAt: "2026-11-22T22:30:00.000Z",
        status: "new",
        statusNote: null,
        statusBy: null,
        statusAt: null,
        schedule: null,
        scheduledStart: null,
        scheduledMinutes: null,
        owner: null,
        ...noSource,
      });
      expect(rows[0]?.company).toBeNull();
    });

    it("filters --since from the agency's local midnight", async () => {
      const ids = (run: Run) => json<{ id: number }[]>(run).map((row) => row.id);
      expect(ids(await cli(site, "appointments", "list", "--since", "2026-11-23", "--json"))).toEqual([3, 2]);
      expect(ids(await cli(site, "appointments", "list", "--since", "2026-11-24", "--json"))).toEqual([]);
      const none = await cli(site, "appointments", "list", "--since", "2026-11-24");
      expect(none.stdout).toBe("No appointment requests.\n");
    });

    it("rejects a bad date with exit 1 and one line", async () => {
      for (const date of ["2026-02-30", "23/11/2026", "yesterday"]) {
        expectOneErrorLine(
          await cli(site, "appointments", "list", "--since", date),
          1,
          new RegExp(`invalid date "${date}"`),
        );
      }
    });

    it("shows one request in full", async () => {
      const run = await cli(site, "appointments", "show", "2");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Appointment: +2$/m);
      expect(run.stdout).toMatch(/^Read: +unread$/m);
      expect(run.stdout).toMatch(/^Status: +new$/m);
      expect(run.stdout).toMatch(/^Received: +2026-11-23 00:30$/m);
      // The booking form's own labels (appointmentLabels) and answers.
      expect(run.stdout).toMatch(/^Service type: +Web Application Development$/m);
      expect(run.stdout).toMatch(/^Preferred date: +\w{3}, \d{1,2} Nov 2026$/m);
      expect(run.stdout).toMatch(/^Preferred time: +10:00 AM$/m);
      // The second line of the details stays under the first.
      expect(run.stdout).toMatch(/^Project details: Line one, with "quotes"\n {17}Line two, with a comma/m);
    });

    it("answers an unknown or malformed id with exit 1 and one line", async () => {
      expectOneErrorLine(await cli(site, "appointments", "show", "999"), 1, /unknown appointment id 999/);
      expectOneErrorLine(await cli(site, "appointments", "show", "abc"), 1, /invalid appointment id "abc"/);
      expectOneErrorLine(await cli(site, "appointments", "read", "1", "998", "999"), 1, /ids 998, 999/);
    });

    it("marks read and unread, visible in list --unread; again changes nothing", async () => {
      const unread = async () =>
        json<{ id: number }[]>(await cli(site, "appointments", "list", "--unread", "--json")).map(
          (r) => r.id,
        );

      expect((await cli(site, "appointments", "read", "1", "3")).stdout).toBe(
        "Marked 2 appointment requests read.\n",
      );
      expect(await unread()).toEqual([2]);
      // Again: nothing changes, and the command says so instead of claiming it marked one.
      const again = await cli(site, "appointments", "read", "1");
      expect(again).toMatchObject({ code: 0, stderr: "" });
      expect(again.stdout).toBe("1 appointment request was already read: 1.\n");
      expect(await unread()).toEqual([2]);

      const table = (await cli(site, "appointments", "list", "--unread")).stdout;
      expect(table).toContain("Bob O'Brien");
      expect(table).not.toContain("Thandi Nkosi");
      expect(table).toContain("1 appointment request, 1 unread (●)");

      expect((await cli(site, "appointments", "unread", "3")).stdout).toBe(
        "Marked 1 appointment request unread.\n",
      );
      expect(await unread()).toEqual([3, 2]);
      expect((await cli(site, "appointments", "unread", "2", "3")).stdout).toBe(
        "2 appointment requests were already unread: 2, 3.\n",
      );
      // An unknown id among known ones changes nothing.
      expect((await cli(site, "appointments", "read", "3", "999")).code).toBe(1);
      expect(await unread()).toEqual([3, 2]);
      expect((await cli(site, "appointments", "show", "1")).stdout).toMatch(/^Read: +read$/m);
    });

    it("reports both counts when some were already in the asked state", async () => {
      const mixed = await cli(site, "appointments", "read", "1", "2", "3");
      expect(mixed).toMatchObject({ code: 0, stderr: "" });
      expect(mixed.stdout).toBe("Marked 2 appointment requests read (2, 3); 1 was already read (1).\n");
      expect((await cli(site, "appointments", "unread", "2")).stdout).toBe(
        "Marked 1 appointment request unread.\n",
      );
      expect((await cli(site, "appointments", "unread", "2", "3")).stdout).toBe(
        "Marked 1 appointment request unread (3); 1 was already unread (2).\n",
      );
    });

    it("is a plain function too: a command takes {db, config, out} and answers an exit code", async () => {
      const { out, result } = collectOutput();
      const code = await listAppointments(
        { db: site.db, config: site.config, out, now: () => new Date() },
        { unread: true, json: true },
      );
      expect(code).toBe(0);
      expect(JSON.parse(result.stdout)).toHaveLength(2);
    });
  });

  describe("usage errors exit 2", () => {
    it("for an unknown option, command, choice or missing argument", async () => {
      expectOneErrorLine(await cli(site, "appointments", "list", "--bogus"), 2, /unknown option '--bogus'/);
      expectOneErrorLine(await cli(site, "nope"), 2, /unknown command 'nope'/);
      expectOneErrorLine(await cli(site, "leads", "list", "--type", "mobile"), 2, /Allowed choices/);
      expectOneErrorLine(await cli(site, "appointments", "show"), 2, /missing required argument 'id'/);
      expectOneErrorLine(await cli(site, "export", "leads"), 2, /required option '--format/);
      expectOneErrorLine(await cli(site, "notifications", "retry"), 2, /ids or --all-dead/);
      // A group without its subcommand prints its help on stderr.
      const group = await cli(site, "meetings");
      expect(group.code).toBe(2);
      expect(group.stderr).toContain("Usage: site-admin meetings");
    });

    it("while --help on every command succeeds", async () => {
      for (const argv of [
        [],
        ["meetings"],
        ["meetings", "list"],
        ["meetings", "read"],
        ["leads", "show"],
        ["subscribers", "list"],
        ["export"],
        ["notifications", "retry"],
        ["screenshots", "add"],
        ["screenshots", "move"],
      ]) {
        const run = await cli(site, ...argv, "--help");
        expect(run.code, argv.join(" ")).toBe(0);
        expect(run.stdout).toContain(`Usage: site-admin ${argv.join(" ")}`.trimEnd());
        expect(run.stderr).toBe("");
      }
    });
  });

  describe("leads", () => {
    type Lead = { id: string; type: string; fullName: string; email: string; createdAt: string };

    it("merges both forms, newest first, with typed ids", async () => {
      const run = await cli(site, "leads", "list");
      expect(run.code).toBe(0);
      const lines = run.stdout.split("\n");
      expect(lines[0]).toMatch(
        /^ID +RECEIVED +STATUS +TYPE +NAME +COMPANY +EMAIL +BUDGET \/ SIZE +SOURCE +OWNER$/,
      );
      expect(lines.slice(1, 5).map((line) => line.split(/\s{2,}/)[0])).toEqual([
        "wa-2",
        "wd-2",
        "wd-1",
        "wa-1",
      ]);
      expect(lines[1]).toMatch(
        /^wa-2 +2026-11-23 00:30 +new +web-app +Early Monday +FleetCo +sipho@fleetco\.co\.za$/,
      );
      expect(lines.at(-2)).toBe("4 leads");
    });

    it("shows the budget and company size as the forms label them; --json keeps the codes", async () => {
      const lines = (await cli(site, "leads", "list")).stdout.split("\n");
      const byId = (id: string) => lines.find((line) => line.startsWith(`${id} `)) ?? "";
      expect(byId("wd-1")).toMatch(/ {2}R30k - R60k$/);
      expect(byId("wa-1")).toMatch(/ {2}51-200$/);
      expect(lines.join("\n")).not.toContain("30k-60k");
      const rows = json<{ id: string; budget: string | null }[]>(await cli(site, "leads", "list", "--json"));
      expect(rows.find((row) => row.id === "wd-1")?.budget).toBe("30k-60k");
    });

    it("prints JSON rows with id, type, name, company, e-mail, createdAt and the other fields", async () => {
      const rows = json<Record<string, unknown>[]>(await cli(site, "leads", "list", "--json"));
      expect(rows.find((row) => row.id === "wd-1")).toEqual({
        id: "wd-1",
        type: "website-design",
        fullName: "Jane Doe",
        companyName: "Acme Trading",
        email: "jane@acme.co.za",
        phoneNumber: null,
        websiteType: "redesign",
        budget: "30k-60k",
        timeline: "1-2-months",
        industry: null,
        companySize: null,
        read: false,
        suspectedSpam: null,
        createdAt: "2026-11-20T08:00:00.000Z",
        status: "new",
        statusNote: null,
        statusBy: null,
        statusAt: null,
        owner: null,
        ...noSource,
      });
      expect(rows.find((row) => row.id === "wa-1")).toMatchObject({
        type: "web-app",
        email: "sipho@fleetco.co.za",
        phoneNumber: "+27825550199",
        industry: "Logistics",
        companySize: "51-200",
      });
    });

    it("filters by --type and --since", async () => {
      const ids = async (...args: string[]) =>
        json<Lead[]>(await cli(site, "leads", "list", "--json", ...args)).map((lead) => lead.id);
      expect(await ids("--type", "web-app")).toEqual(["wa-2", "wa-1"]);
      expect(await ids("--type", "website-design")).toEqual(["wd-2", "wd-1"]);
      expect(await ids("--since", "2026-11-23")).toEqual(["wa-2"]);
      expect(await ids("--since", "2026-11-22", "--type", "website-design")).toEqual(["wd-2"]);
    });

    it("shows one lead by its typed id", async () => {
      const design = await cli(site, "leads", "show", "wd-2");
      expect(design.code).toBe(0);
      expect(design.stdout).toMatch(/^Full Name: +Late Sunday$/m);
      expect(design.stdout).toMatch(/^Website Type: +Website redesign$/m);
      expect(design.stdout).toMatch(/^Budget: +R30k - R60k$/m);
      expect(design.stdout).toMatch(/^Timeline: +1-2 months$/m);
      expect(design.stdout).toMatch(/^Received: +2026-11-22 23:30$/m);
      const app = json<Lead>(await cli(site, "leads", "show", "wa-1", "--json"));
      expect(app).toMatchObject({ id: "wa-1", type: "web-app", fullName: "Sipho Dlamini" });
      expectOneErrorLine(await cli(site, "leads", "show", "wd-99"), 1, /unknown lead id wd-99/);
      expectOneErrorLine(await cli(site, "leads", "show", "12"), 1, /invalid lead id "12"/);
    });

    it("marks leads read and unread by typed id, seen in list --unread and show; again changes nothing", async () => {
      const unread = async () =>
        json<Lead[]>(await cli(site, "leads", "list", "--unread", "--json")).map((lead) => lead.id);
      expect(await unread()).toEqual(["wa-2", "wd-2", "wd-1", "wa-1"]);

      expect((await cli(site, "leads", "read", "wa-1", "wd-2")).stdout).toBe("Marked 2 leads read.\n");
      expect(await unread()).toEqual(["wa-2", "wd-1"]);
      expect((await cli(site, "leads", "show", "wa-1")).stdout).toMatch(/^Read: +read$/m);
      expect((await cli(site, "leads", "show", "wd-1")).stdout).toMatch(/^Read: +unread$/m);
      expect(json<{ read: boolean }>(await cli(site, "leads", "show", "wd-2", "--json")).read).toBe(true);
      const again = await cli(site, "leads", "read", "wa-1");
      expect(again).toMatchObject({ code: 0, stderr: "", stdout: "1 lead was already read: wa-1.\n" });
      expect((await cli(site, "leads", "read", "wa-1", "wa-2")).stdout).toBe(
        "Marked 1 lead read (wa-2); 1 was already read (wa-1).\n",
      );
      expect((await cli(site, "leads", "list", "--unread", "--type", "web-app")).stdout).toBe(
        "No unread leads.\n",
      );

      // An unknown or malformed id among known ones changes nothing.
      expectOneErrorLine(await cli(site, "leads", "unread", "wa-1", "wd-99", "wa-99"), 1, /ids wd-99, wa-99/);
      expectOneErrorLine(await cli(site, "leads", "unread", "wa-1", "7"), 1, /invalid lead id "7"/);
      expect(await unread()).toEqual(["wd-1"]);

      expect((await cli(site, "leads", "unread", "wa-1", "wa-2", "wd-2")).stdout).toBe(
        "Marked 3 leads unread.\n",
      );
      expect(await unread()).toEqual(["wa-2", "wd-2", "wd-1", "wa-1"]);
    });
  });

  describe("subscribers", () => {
    beforeAll(async () => {
      for (const email of ["pending@example.com", "confirmed@example.com", "gone@example.com"]) {
        await submitAt("2026-11-23T12:10:00Z", endpoints.newsletter, () => newsletterSignup(email, stamp()));
      }
      const token = async (email: string) =>
        site.db
          .selectFrom("newsletter_subscribers")
          .select(["confirm_token", "unsubscribe_token"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
      await request(site.app)
        .get(`/newsletter/confirm?token=${(await token("confirmed@example.com")).confirm_token}`)
        .expect(200);
      await request(site.app)
        .post(`/api/newsletter/unsubscribe?token=${(await token("gone@example.com")).unsubscribe_token}`)
        .expect(200);
    });

    it("lists subscribers with their state, without their tokens", async () => {
      const run = await cli(site, "subscribers", "list");
      expect(run.stdout).toMatch(/^ID +STATUS +EMAIL +SIGNED UP +CONFIRMED +UNSUBSCRIBED$/m);
      expect(run.stdout).toMatch(/^\d+ +pending +pending@example\.com +2026-11-23 14:10$/m);
      const rows = json<Record<string, unknown>[]>(await cli(site, "subscribers", "list", "--json"));
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(Object.keys(row)).not.toContain("confirmToken");
        expect(JSON.stringify(row)).not.toMatch(/token/i);
      }
    });

    it("filters by --status", async () => {
      const emails = async (status: string) =>
        json<{ email: string }[]>(await cli(site, "subscribers", "list", "--status", status, "--json")).map(
          (row) => row.email,
        );
      expect(await emails("pending")).toEqual(["pending@example.com"]);
      expect(await emails("confirmed")).toEqual(["confirmed@example.com"]);
      expect(await emails("unsubscribed")).toEqual(["gone@example.com"]);
      expect((await cli(site, "subscribers", "list", "--status", "maybe")).code).toBe(2);
    });
  });

  describe("export", () => {
    const parseCsv = (text: string) =>
      parse(text, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];

    it("writes RFC 4180 CSV: commas, quotes and line breaks survive, formulas are neutralised", async () => {
      const run = await cli(site, "export", "appointments", "--format", "csv");
      expect(run.code).toBe(0);
      // Headers in words, for a spreadsheet: Excel and Google Sheets read UTF-8 by its BOM.
      expect(run.stdout.startsWith("\uFEFFReference,Name,E-mail,Phone,Company,Service type,")).toBe(true);
      expect(run.stdout).toContain("\r\n");
      const rows = parseCsv(run.stdout);
      expect(rows).toHaveLength(3);
      const bob = rows.find((row) => row.Name === "Bob O'Brien");
      expect(bob?.["Project details"]).toBe(tricky.details);
      // Shown as text in a spreadsheet, never evaluated.
      expect(bob?.Company).toBe(`'${tricky.company}`);
      expect(bob?.Phone).toBe("'+27825550142");
      // The agency's own time, with its offset from UTC: 22:30 UTC is 00:30 the next day there.
      expect(bob?.Received).toBe("2026-11-23 00:30 +02:00");
      expect(rows.find((row) => row.Reference === "ap-3")?.Company).toBe("");
    });

    it("exports leads as CSV with one header for both forms", async () => {
      const run = await cli(site, "export", "leads", "--format", "csv");
      const rows = parseCsv(run.stdout);
      expect(rows.map((row) => row.Reference)).toEqual(["wa-2", "wd-2", "wd-1", "wa-1"]);
      expect(rows.find((row) => row.Reference === "wd-2")?.["Company name"]).toBe(`'+27 Ventures, "Cape"`);
      expect(rows.find((row) => row.Reference === "wa-1")?.["Phone number"]).toBe("'+27825550199");
    });

    it("writes the CSV for people: the forms' labels, words, local time; the JSON keeps codes and UTC", async () => {
      const csv = parseCsv((await cli(site, "export", "leads", "--format", "csv")).stdout);
      expect(csv.find((row) => row.Reference === "wd-1")).toMatchObject({
        Form: "Website design",
        "Full name": "Jane Doe",
        "E-mail": "jane@acme.co.za",
        "Website type": "Website redesign",
        Budget: "R30k - R60k",
        Timeline: "1-2 months",
        Received: "2026-11-20 10:00 +02:00",
        Read: "No",
        "Suspected spam": "No",
        Status: "New",
        Owner: "",
      });
      const appointments = parseCsv((await cli(site, "export", "appointments", "--format", "csv")).stdout);
      expect(appointments.find((row) => row.Name === "Lerato Mokoena")).toMatchObject({
        Reference: "ap-3",
        "Service type": "Web Application Development",
        Received: "2026-11-23 14:05 +02:00",
        Meeting: "Not confirmed yet",
        "Meeting starts": "",
      });
      // No stored code, camelCase name or UTC instant in any cell or header.
      const text = (await cli(site, "export", "leads", "--format", "csv")).stdout;
      expect(text).not.toMatch(/30k-60k|fullName|createdAt|T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);

      const json = JSON.parse((await cli(site, "export", "leads", "--format", "json")).stdout) as Record<
        string,
        unknown
      >[];
      expect(json.find((row) => row.id === "wd-1")).toMatchObject({
        type: "website-design",
        budget: "30k-60k",
        status: "new",
        read: false,
        createdAt: "2026-11-20T08:00:00.000Z",
      });
    });

    it("exports JSON, to stdout or to an owner-only file", async () => {
      const subscribers = json<{ email: string }[]>(
        await cli(site, "export", "subscribers", "--format", "json"),
      );
      expect(subscribers.map((row) => row.email).sort()).toEqual([
        "confirmed@example.com",
        "gone@example.com",
        "pending@example.com",
      ]);

      const file = path.join(site.dataDir, "leads.json");
      const run = await cli(site, "export", "leads", "--format", "json", "--out", file);
      expect(run.stdout).toBe(`Wrote 4 leads to ${file}.\n`);
      const leads = JSON.parse(readFileSync(file, "utf8")) as { companyName: string }[];
      expect(leads[1]?.companyName).toBe('+27 Ventures, "Cape"');
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const missingFolder = path.join(site.dataDir, "no", "such", "folder", "x.csv");
      expectOneErrorLine(
        await cli(site, "export", "leads", "--format", "csv", "--out", missingFolder),
        1,
        /cannot write .*ENOENT/,
      );
      expectOneErrorLine(await cli(site, "export", "projects", "--format", "csv"), 2, /Allowed choices/);
    });
  });

  describe("screenshots", () => {
    let images: string;
    const page = () => request(site.app).get("/services/website-design").expect(200);
    /** The screenshot images the page shows (each once, though thumbnails repeat them), in order. */
    const urlsIn = (html: string) => [
      ...new Set(
        [...html.matchAll(/<img\b[^>]*?\bsrc="([^"]+)"/g)]
          .map((match) => match[1])
          .filter((src) => src?.includes("/screenshots/")),
      ),
    ];

    beforeAll(async () => {
      images = mkdtempSync(path.join(tmpdir(), "admin-images-"));
      const solid = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } });
      await solid(1400, 875).png().toFile(path.join(images, "home.png"));
      await solid(800, 500).jpeg().toFile(path.join(images, "photo.jpg"));
      await solid(500, 300).webp().toFile(path.join(images, "small.webp"));
      writeFileSync(path.join(images, "notes.png"), "not an image, only named like one\n");
      const oversize = Buffer.alloc(10 * 1024 * 1024 + 1);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(oversize);
      writeFileSync(path.join(images, "huge.png"), oversize);
    });
    afterAll(() => rmSync(images, { recursive: true, force: true }));

    const list = async () => json<ScreenshotRecord[]>(await cli(site, "screenshots", "list", "--json"));

    it("adds a PNG at a position: served forever-cacheable, on the page at once", async () => {
      const run = await cli(
        site,
        ...addScreenshotArguments(
          "website-design",
          "2",
          path.join(images, "home.png"),
          "--alt",
          "Acme Trading home page",
        ),
      );
      expectSucceeded(run);
      const [shot] = await list();
      expect(shot).toMatchObject({ position: 2, width: 1400, height: 875 });
      expect(shot?.imageUrl).toMatch(/^\/uploads\/screenshots\/[0-9a-f]{16}-1400\.webp$/);

      const image = await request(site.app)
        .get(shot?.imageUrl ?? "")
        .expect(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const avif = await request(site.app).get(shot?.imageUrl.replace("-1400.webp", "-640.avif") ?? "");
      expect(avif.status).toBe(200);
      expect(avif.headers["content-type"]).toBe("image/avif");
      await request(site.app).get("/uploads/screenshots/0000000000000000-640.webp").expect(404);

      const res = await page();
      expect(res.headers["content-security-policy"]).toMatch(/img-src 'self'/);
      // Position 2 now shows the upload instead of the built-in image, between 1 and 3.
      expect(urlsIn(res.text)).toEqual([
        "/images/screenshots/website-design-1.svg",
        shot?.imageUrl,
        "/images/screenshots/website-design-3.svg",
      ]);
      expect(res.text).toContain("Acme Trading home page");
    });

    it("makes AVIF and WebP at each width up to the original's, for srcset", async () => {
      const [record] = await list();
      expect(record?.variants.map((variant) => `${variant.type} ${variant.width}`)).toEqual([
        "image/avif 640",
        "image/webp 640",
        "image/avif 1280",
        "image/webp 1280",
        "image/avif 1400",
        "image/webp 1400",
      ]);
      for (const variant of record?.variants ?? []) {
        expect(await storedUpload(site, variant.url), variant.url).toBeDefined();
      }
      const webp = await sharp(await storedUpload(site, record?.variants[1]?.url ?? "")).metadata();
      expect(webp).toMatchObject({ format: "webp", width: 640, height: 400 });
    });

    it("refuses a taken position with exit 1, naming the screenshot there", async () => {
      const [shot] = await list();
      expectOneErrorLine(
        await cli(site, ...addScreenshotArguments("website-design", "2", path.join(images, "photo.jpg"))),
        1,
        new RegExp(
          `position 2 on website-design is taken by screenshot ${shot?.id}; move or remove it first`,
        ),
      );
    });

    it("refuses a renamed text file, an oversize or missing file and a bad position: exit 1", async () => {
      const add = (file: string, position = "4") =>
        cli(site, ...addScreenshotArguments("website-design", position, file));
      expectOneErrorLine(
        await add(path.join(images, "notes.png")),
        1,
        /is not a PNG, JPEG, WebP or AVIF image/,
      );
      expectOneErrorLine(
        await add(path.join(images, "huge.png")),
        1,
        /huge\.png is 10 MB \(10485761 bytes\), over the 10 MB limit/,
      );
      expectOneErrorLine(
        await add(path.join(images, "absent.png")),
        1,
        /cannot read .*absent\.png: no such file/,
      );
      expectOneErrorLine(await add(images), 1, /not a regular file/);
      expectOneErrorLine(await add(path.join(images, "photo.jpg"), "0"), 1, /invalid position "0"/);
      expectOneErrorLine(
        await cli(
          site,
          "screenshots",
          "add",
          "--page",
          "home",
          "--position",
          "1",
          path.join(images, "photo.jpg"),
        ),
        2,
        /Allowed choices/,
      );
      expect(await list()).toHaveLength(1);
    });

    it("adds JPEG and WebP, moves within a page and refuses a taken target", async () => {
      const add = (file: string, pageName: string, position: string) =>
        cli(site, "screenshots", "add", "--page", pageName, "--position", position, path.join(images, file));
      expect((await add("photo.jpg", "website-design", "4")).code).toBe(0);
      expect((await add("small.webp", "web-app-development", "1")).code).toBe(0);
      const shots = await list();
      const photo = shots.find((shot) => shot.imageUrl.endsWith("-800.webp"));
      const small = shots.find((shot) => shot.imageUrl.endsWith("-500.webp"));
      expect(photo).toMatchObject({ width: 800, height: 500 });
      expect(small).toMatchObject({ width: 500, height: 300 });

      const home = shots.find((shot) => shot.position === 2);
      expectOneErrorLine(
        await cli(site, "screenshots", "move", String(photo?.id), "--position", "2"),
        1,
        new RegExp(`position 2 on website-design is taken by screenshot ${home?.id}`),
      );
      const moved = await cli(site, "screenshots", "move", String(photo?.id), "--position", "3");
      expect(moved.stdout).toBe(`Moved screenshot ${photo?.id} on website-design from position 4 to 3.\n`);
      expect(urlsIn((await page()).text)).toEqual([
        "/images/screenshots/website-design-1.svg",
        home?.imageUrl,
        photo?.imageUrl,
      ]);
      expectOneErrorLine(
        await cli(site, "screenshots", "move", "999", "--position", "5"),
        1,
        /unknown screenshot id 999/,
      );
    });

    it("removes a row and its files, keeping files another row still shows", async () => {
      const home = (await list()).find((shot) => shot.page === "website-design" && shot.position === 2);
      const again = await cli(
        site,
        "screenshots",
        "add",
        "--page",
        "website-design",
        "--position",
        "5",
        path.join(images, "home.png"),
      );
      expect(again.code).toBe(0);
      const copies = (await list()).filter((shot) => shot.imageUrl === home?.imageUrl);
      expect(copies).toHaveLength(2);
      const url = home?.imageUrl ?? "";

      const first = await cli(site, "screenshots", "remove", String(copies[1]?.id));
      expect(first.stdout).toMatch(/kept its files: another screenshot shows the same image/);
      expect(await storedUpload(site, url)).toBeDefined();

      const second = await cli(site, "screenshots", "remove", String(home?.id));
      expect(second.stdout).toMatch(/deleted 6 files/);
      expect(await storedUpload(site, url)).toBeUndefined();
      await request(site.app)
        .get(home?.imageUrl ?? "")
        .expect(404);
      // The built-in image is back at position 2.
      expect(urlsIn((await page()).text)).toContain("/images/screenshots/website-design-2.svg");

      expectOneErrorLine(
        await cli(site, "screenshots", "remove", String(home?.id)),
        1,
        /unknown screenshot id/,
      );
      expectOneErrorLine(await cli(site, "screenshots", "remove", "website-design-1"), 1, /is built in/);
    });
  });
});

describe("notifications retry", () => {
  let sink: SmtpSink;
  let site: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The configured mail server is down, and one failed attempt is the last: rows go dead.
    site = await createTestApp(
      {
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        FORM_MIN_FILL_SECONDS: "0",
        LEAD_RATE_LIMIT_MAX: "1000",
      },
      { outbox: { autoStart: false, maxAttempts: 1 } },
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });

  it("turns a dead notification into a delivered one, exactly once", async () => {
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 1 });

    const dead = json<{ id: number; status: string; about: string; attempts: number }[]>(
      await cli(site, "notifications", "list", "--status", "dead", "--json"),
    );
    expect(dead).toMatchObject([{ status: "dead", about: "Jane Doe <jane@acme.co.za>", attempts: 1 }]);
    const table = (await cli(site, "notifications", "list")).stdout;
    expect(table).toMatch(/^ID +STATUS +KIND +ABOUT +CREATED +TRIES +NEXT TRY +LAST ERROR$/m);
    expect(table).toMatch(/dead +website-design-lead +Jane Doe <jane@acme\.co\.za>/);
    const id = String(dead[0]?.id);

    const retry = await cli(site, "notifications", "retry", id);
    expect(retry.code).toBe(0);
    expect(retry.stdout).toMatch(/^Queued 1 notification again/);
    const pending = json<{ status: string; attempts: number; nextAttemptAt: string }[]>(
      await cli(site, "notifications", "list", "--status", "pending", "--json"),
    );
    expect(pending).toMatchObject([{ status: "pending", attempts: 0 }]);
    expect(Date.parse(pending[0]?.nextAttemptAt ?? "")).toBeLessThanOrEqual(Date.now());

    // The server's worker, now reaching a mail server, picks the row up.
    const worker = createOutboxWorker({
      db: site.db,
      transport: createSmtpTransport(sink.url),
      config: site.config,
      logger: createLogger("silent"),
    });
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    expect((await sink.waitForMessages(1))[0]?.subject).toBe("New website-design lead: Jane Doe (wd-1)");

    // A sent row is never queued again, by id or by --all-dead.
    expectOneErrorLine(
      await cli(site, "notifications", "retry", id),
      1,
      /already sent; it is not sent again/,
    );
    expect((await cli(site, "notifications", "retry", "--all-dead")).stdout).toBe(
      "No dead notifications to retry.\n",
    );
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
    expect((await cli(site, "notifications", "list")).stdout).toBe("No pending or dead notifications.\n");
    await worker.stop();
  });

  it("retries every dead row with --all-dead and refuses unknown ids", async () => {
    await request(site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    await request(site.app)
      .post(endpoints.webApp)
      .send(webAppLead({ fullName: "Second Lead" }))
      .expect(201);
    await site.outbox.drain();
    expectOneErrorLine(await cli(site, "notifications", "retry", "999"), 1, /unknown notification id 999/);
    expectOneErrorLine(await cli(site, "notifications", "retry", "1", "--all-dead"), 2, /not both/);
    const run = await cli(site, "notifications", "retry", "--all-dead");
    expect(run.stdout).toMatch(/^Queued 2 notifications again/);
    expect(json<unknown[]>(await cli(site, "notifications", "list", "--status", "dead", "--json"))).toEqual(
      [],
    );
  });
});

describe("suspected spam: listed apart, released with one e-mail, purged when old", () => {
  let sink: SmtpSink;
  let site: TestApp;
  const clock = new Date("2026-11-23T08:00:00Z");
  const fast = () => servedAt(clock.getTime() - 500);

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      { SMTP_URL: sink.url, LEAD_RATE_LIMIT_MAX: "1000", SITE_URL: "https://agency.test" },
      { now: () => clock, outbox: { autoStart: false } },
    );
    const send = (url: string, body: Record<string, unknown>) =>
      request(site.app).post(url).send(body).expect(201);
    // Too fast (autofill) and a filled honeypot: both answered 201, both held back.
    await send(endpoints.websiteDesign, websiteDesignLead({ ...fast(), fullName: "Fast Fiona" }));
    await send(
      endpoints.webApp,
      webAppLead({ ...startedBefore(clock.getTime()), website: "x", fullName: "Potted Pete" }),
    );
    await send(endpoints.appointments, appointment(clock, { ...fast(), name: "Quick Quinn" }));
    await send(endpoints.newsletter, newsletterSignup("speedy@example.com", fast()));
    // And one person who took their time.
    await send(
      endpoints.websiteDesign,
      websiteDesignLead({ ...startedBefore(clock.getTime()), fullName: "Patient Pat" }),
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });

  it("e-mails the agency about the genuine lead only; the newsletter confirmation still goes", async () => {
    expect(await site.outbox.drain()).toEqual({ sent: 2, failed: 0 });
    const subjects = sink.messages.map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      "New website-design lead: Patient Pat (wd-2)",
      "Please confirm your subscription to the Kloof Digital newsletter",
    ]);
  });

  it("keeps suspected submissions out of the usual lists and shows them with --suspected", async () => {
    const genuine = json<{ fullName: string }[]>(await cli(site, "leads", "list", "--json"));
    expect(genuine.map((lead) => lead.fullName)).toEqual(["Patient Pat"]);
    const held = json<{ id: string; fullName: string; suspectedSpam: string }[]>(
      await cli(site, "leads", "list", "--suspected", "--json"),
    );
    expect(held.map(({ fullName, suspectedSpam }) => ({ fullName, suspectedSpam }))).toEqual([
      { fullName: "Fast Fiona", suspectedSpam: "too-fast" },
      { fullName: "Potted Pete", suspectedSpam: "honeypot" },
    ]);
    const table = await cli(site, "leads", "list", "--suspected");
    expect(table.stdout).toMatch(/SUSPECTED/);
    expect(table.stdout).toMatch(/Fast Fiona .*too-fast/);
    expect(table.stdout).toMatch(/2 suspected leads/);

    const appointments = json<{ name: string; suspectedSpam: string }[]>(
      await cli(site, "appointments", "list", "--suspected", "--json"),
    );
    expect(appointments).toMatchObject([{ name: "Quick Quinn", suspectedSpam: "too-fast" }]);
    expect(json<unknown[]>(await cli(site, "appointments", "list", "--json"))).toEqual([]);
    const subscribers = json<{ email: string; status: string }[]>(
      await cli(site, "subscribers", "list", "--suspected", "--json"),
    );
    expect(subscribers).toMatchObject([{ email: "speedy@example.com", status: "pending" }]);
  });

  it("release clears the mark and sends exactly one e-mail, however often it is run", async () => {
    const [fiona] = json<{ id: string }[]>(await cli(site, "leads", "list", "--suspected", "--json"));
    const first = await cli(site, "leads", "release", fiona?.id ?? "");
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe(`Released ${fiona?.id}: the agency's e-mail about it is queued.\n`);
    const again = await cli(site, "leads", "release", fiona?.id ?? "");
    expect(again.stdout).toBe(`${fiona?.id} was not held as suspected spam: nothing to do.\n`);

    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    const mail = sink.messages.at(-1);
    // Released, it names the row it was held as, like any other lead's e-mail.
    expect(mail?.subject).toBe(`New website-design lead: Fast Fiona (${fiona?.id})`);
    expect(mail?.header("reply-to")).toContain("<jane@acme.co.za>");
    expect(mail?.text).toContain("Full Name: Fast Fiona");
    expect(mail?.text).toContain(
      `Open it in the workspace: ${site.config.settings.siteUrl}/admin/leads/${fiona?.id}`,
    );
    expect(mail?.text).not.toContain("site-admin");
    expect(sink.messages.filter((m) => m.subject.includes("Fast Fiona"))).toHaveLength(1);

    const leads = json<{ fullName: string }[]>(await cli(site, "leads", "list", "--json"));
    expect(leads.map((lead) => lead.fullName)).toEqual(["Patient Pat", "Fast Fiona"]);
  });

  it("releases appointments with their e-mail too, and refuses unknown ids changing nothing", async () => {
    const [quinn] = json<{ id: number }[]>(await cli(site, "appointments", "list", "--suspected", "--json"));
    expectOneErrorLine(
      await cli(site, "appointments", "release", String(quinn?.id), "999"),
      1,
      /unknown appointment request id 999/,
    );
    expect(json<unknown[]>(await cli(site, "appointments", "list", "--suspected", "--json"))).toHaveLength(1);
    expectOneErrorLine(await cli(site, "leads", "release", "x-1"), 1, /invalid lead id "x-1"/);

    await cli(site, "appointments", "release", String(quinn?.id));
    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    const mail = sink.messages.at(-1);
    expect(mail?.subject).toBe(`New appointment request: Quick Quinn (ap-${quinn?.id})`);
    expect(mail?.text).toContain(
      `Open it in the workspace: ${site.config.settings.siteUrl}/admin/leads/ap-${quinn?.id}`,
    );
    expect(mail?.text).not.toContain("site-admin");
  });

  it("purges only suspected rows older than asked, and only with --suspected", async () => {
    expectOneErrorLine(await cli(site, "leads", "purge", "--older-than", "30d"), 2, /--suspected/);
    expectOneErrorLine(
      await cli(site, "leads", "purge", "--suspected", "--older-than", "soon"),
      1,
      /invalid age/,
    );
    // The rows arrived at the fixed clock, hours or more before the real now the command uses.
    const none = await cli(site, "leads", "purge", "--suspected", "--older-than", "99999h");
    expect(none.stdout).toMatch(/^Deleted 0 suspected leads received before /);
    const purged = await cli(site, "leads", "purge", "--suspected", "--older-than", "1h");
    expect(purged.stdout).toMatch(/^Deleted 1 suspected lead received before /);
    expect(json<unknown[]>(await cli(site, "leads", "list", "--suspected", "--json"))).toEqual([]);
    // Genuine and released leads are untouched.
    expect(json<unknown[]>(await cli(site, "leads", "list", "--json"))).toHaveLength(2);
    const subscribers = await cli(site, "subscribers", "purge", "--suspected", "--older-than", "1h");
    expect(subscribers.stdout).toMatch(/^Deleted 1 suspected subscriber /);
  });
});

describe("the built CLI (build/admin/index.js)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
  // The engine's database: the data folder's file on SQLite, DATABASE_URL on PostgreSQL.
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await createScratchDatabase(dataDir);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const builtCli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(projectRoot, "build", "admin", "index.js"), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...database.env },
      encoding: "utf8",
    });

  it("prints help and exits 0", () => {
    const run = builtCli("--help");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Usage: site-admin");
    expect(run.stdout).toContain("screenshots");
  });

  it("exits 2 on an unknown command, with one line", () => {
    const run = builtCli("nope");
    expect(run.status).toBe(2);
    // The one line ends with commander's suggestion of the nearest command.
    expect(run.stderr).toBe("error: unknown command 'nope' (Did you mean copy?)\n");
  });

  it("creates and migrates the database (a fresh data folder, or an empty PostgreSQL database)", async () => {
    const run = builtCli("appointments", "list", "--json");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
    expect(existsSync(path.join(dataDir, "site.sqlite"))).toBe(database.engine === "sqlite");
    const db = createDatabase(database.location);
    const tables = await db.introspection.getTables();
    await db.destroy();
    expect(tables.map((table) => table.name)).toContain("appointment_requests");
  });

  it.runIf(testsRunOnPostgres())("sends backups on PostgreSQL to pg_dump, in one line", () => {
    const run = builtCli("backup", "--out", path.join(dataDir, "copy.sqlite"));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      'error: backup works on the SQLite file; this site runs on PostgreSQL (DATABASE_URL): use pg_dump --format=custom, see README "Backups"\n',
    );
  });

  it("lists with the forms' labels, keeps codes in --json, and says when a request was already read", async () => {
    const db = await openDatabase(database.location);
    const common = { created_at: "2026-11-23T12:05:00.000Z", suspected_spam: null };
    await insertAppointmentRequest(db, {
      ...common,
      name: "Lerato Mokoena",
      email: "lerato@example.co.za",
      phone: "+27825550142",
      company: null,
      service_type: "ui-ux",
      preferred_date: "2026-11-24",
      preferred_time: "02:00 PM",
      project_details: "A redesign of our booking app.",
    });
    await insertWebsiteDesignLead(db, {
      ...common,
      full_name: "Jane Doe",
      company_name: "Acme Trading",
      business_email: "jane@acme.co.za",
      website_type: "cms-upgrade",
      budget: "60k+",
      timeline: "not-sure",
    });
    await db.destroy();

    const appointments = builtCli("appointments", "list");
    expect(appointments.status).toBe(0);
    expect(appointments.stdout).toMatch(/Lerato Mokoena .* UI\/UX Design {2}Tue, 24 Nov 2026, 02:00 PM\n/);
    expect(builtCli("appointments", "list", "--json").stdout).toContain('"serviceType": "ui-ux"');
    expect(builtCli("leads", "list").stdout).toMatch(/^wd-1 .* R60k\+$/m);
    expect(builtCli("leads", "show", "wd-1").stdout).toMatch(/^Website Type: +CMS upgrade$/m);

    expect(builtCli("appointments", "read", "1").stdout).toBe("Marked 1 appointment request read.\n");
    const again = builtCli("appointments", "read", "1");
    expect(again.status).toBe(0);
    expect(again.stdout).toBe("1 appointment request was already read: 1.\n");
  });

  it("is what `npm run admin` runs, with the admin's arguments and exit code", () => {
    // The launcher may rebuild the bundle first and say so on stderr; the CLI's own output follows.
    const launch = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(projectRoot, "scripts", "run-cli.mjs"), ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...database.env },
        encoding: "utf8",
      });
    const list = launch("leads", "list", "--json");
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject([{ id: "wd-1", budget: "60k+" }]);
    const wrong = launch("nope");
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/error: unknown command 'nope' \(Did you mean copy\?\)\n$/);
  });
});
