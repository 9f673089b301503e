import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, openDatabase, type Db } from "#server/db/database.ts";
import { fromDbBoolean, isUniqueViolation, toDbBoolean } from "#server/db/dialect.ts";
import { insertWebAppLead } from "#server/db/leads.ts";
import { migrateToLatest, migrations } from "#server/db/migrate.ts";
import { attributionColumns } from "#server/db/migrations/0021_lead_attribution.ts";
import { saveServiceScreenshot } from "#server/db/screenshots.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import {
  createScratchDatabase,
  testsRunOnPostgres,
  type ScratchDatabase,
} from "#tests/support/test-database.ts";

const dir = mkdtempSync(path.join(tmpdir(), "site-db-"));
const onPostgres = testsRunOnPostgres();
let scratch: ScratchDatabase | undefined;
/** The SQLite file in a folder that does not exist yet, or a new PostgreSQL database. */
let location: string;
let db: Db;

beforeAll(async () => {
  scratch = onPostgres ? await createScratchDatabase() : undefined;
  location = scratch?.location ?? path.join(dir, "nested", "site.sqlite");
  db = await openDatabase(location);
});
afterAll(async () => {
  await db.destroy();
  await scratch?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("database", () => {
  it("creates every table (and, on SQLite, its folder)", async () => {
    const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual([
      "acknowledged_addresses",
      "acknowledgment_counts",
      "alert_incidents",
      "appointment_manage_links",
      "appointment_requests",
      "appointment_slot_claims",
      "audit_log",
      "availability_rules",
      "calendar_feeds",
      "content_items",
      "content_revision",
      "editor_drafts",
      "editor_presence",
      "erasures",
      "instance_secrets",
      "job_runs",
      "lead_status_changes",
      "news_categories",
      "news_category_redirects",
      "newsletter_subscribers",
      "outbox",
      "page_copy",
      "page_snippets",
      "page_view_counts",
      "page_view_values",
      "preview_links",
      "rate_limit_hits",
      "readiness_probe",
      "revisions",
      "scheduler_leases",
      "service_screenshots",
      "site_settings",
      "staff_auth_flows",
      "staff_invitations",
      "staff_known_devices",
      "staff_passkeys",
      "staff_recovery_codes",
      "staff_sessions",
      "staff_users",
      "uploaded_files",
      "visitor_salts",
      "visitors_seen",
      "web_app_leads",
      "website_design_leads",
    ]);
  });

  it("keeps the appointment_requests columns of requirements §3", async () => {
    const table = (await db.introspection.getTables()).find((t) => t.name === "appointment_requests");
    // Each column in order, and whether it may be NULL.
    const columns: [name: string, nullable: boolean][] = [
      ["id", false],
      ["name", false],
      ["email", false],
      ["phone", false],
      ["company", true],
      ["service_type", false],
      ["preferred_date", false],
      ["preferred_time", false],
      ["project_details", false],
      ["read", false],
      ["created_at", false],
      // Beyond requirements §3: the bot trap a held-back request tripped (migration 0003).
      ["suspected_spam", true],
      // Staff's follow-up (migration 0011): status, the reminder's claim, the agreed time.
      ["status", false],
      ["status_note", true],
      ["status_by", true],
      ["status_at", true],
      ["reminded_at", true],
      ["schedule_status", true],
      ["scheduled_start", true],
      ["scheduled_minutes", true],
      ["calendar_sequence", false],
      // Who answers it, and who read it when (migration 0019).
      ["owner_id", true],
      ["read_by", true],
      ["read_at", true],
      // Where it came from (migration 0021).
      ...attributionColumns.map((name): [string, boolean] => [name, true]),
      // Whether the sender's visit was counted, for honest conversion (migration 0033).
      ["visit_counted", true],
      // Where the meeting is when staff set one, and the start its reminder was sent for (migration 0036).
      ["meeting_place", true],
      ["reminded_start", true],
      // One lead per form: the served form, the answers' key, the first of a repeat (migration 0039).
      ["form_token", true],
      ["submission_key", true],
      ["repeat_of", true],
    ];
    expect(table?.columns.map((column) => column.name)).toEqual(columns.map(([name]) => name));
    // SQLite reports its row-id alias as nullable; it never is.
    const nullable = table?.columns.filter((column) => column.isNullable && column.name !== "id");
    expect(nullable?.map((column) => column.name)).toEqual(
      columns.filter(([, mayBeNull]) => mayBeNull).map(([name]) => name),
    );
  });

  it("gives both lead tables a read mark stored as appointment_requests.read is, new rows unread", async () => {
    const tables = await db.introspection.getTables();
    const readColumn = (name: string) =>
      tables.find((t) => t.name === name)?.columns.find((column) => column.name === "read");
    const appointments = readColumn("appointment_requests");
    for (const table of ["website_design_leads", "web_app_leads"]) {
      expect(readColumn(table), table).toMatchObject({ dataType: appointments?.dataType, isNullable: false });
    }
    const id = await insertWebAppLead(db, {
      full_name: "Sipho Dlamini",
      work_email: "sipho@fleetco.co.za",
      phone_number: null,
      company_name: "FleetCo",
      industry: null,
      company_size: null,
      created_at: new Date().toISOString(),
    });
    const row = await db.selectFrom("web_app_leads").select("read").where("id", "=", id).executeTakeFirst();
    expect(fromDbBoolean(row?.read ?? true)).toBe(false);
  });

  it("marks read, when migrating, the leads staff had moved on from new, and only those", async () => {
    const old = await createScratchDatabase();
    const before = createDatabase(old.location);
    try {
      const migrator = new Migrator({ db: before, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0015_staff_sign_in")).error).toBeUndefined();
      const at = new Date().toISOString();
      for (const status of ["new", "contacted", "spam"]) {
        await sql`insert into website_design_leads (full_name, company_name, business_email, created_at, status)
          values (${status}, 'Acme', 'jane@acme.co.za', ${at}, ${status})`.execute(before);
        await sql`insert into web_app_leads (full_name, work_email, company_name, created_at, status)
          values (${status}, 'sipho@fleetco.co.za', 'FleetCo', ${at}, ${status})`.execute(before);
      }
      await migrateToLatest(before);
      for (const table of ["website_design_leads", "web_app_leads"] as const) {
        const rows = await before.selectFrom(table).select(["status", "read"]).orderBy("id").execute();
        expect(rows.map((row) => [row.status, fromDbBoolean(row.read)])).toEqual([
          ["new", false],
          ["contacted", true],
          ["spam", true],
        ]);
      }
    } finally {
      await before.destroy();
      await old.drop();
    }
  });

  it.runIf(!onPostgres)("runs in WAL mode with synchronous FULL and no busy wait inside SQLite", async () => {
    const pragma = async (name: string) =>
      Object.values(
        (await sql<Record<string, unknown>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db))
          .rows[0] ?? {},
      )[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(2);
    // SQLite never sleeps on the event loop for a lock; the driver retries on a timer (lock.test.ts).
    expect(await pragma("busy_timeout")).toBe(0);
  });

  it("migrates once: a second run (start-up or the db:migrate script) does nothing", async () => {
    expect(await migrateToLatest(db)).toEqual([]);
    const again = createDatabase(location);
    expect(await migrateToLatest(again)).toEqual([]);
    await again.destroy();
  });

  it("maps booleans in one place", () => {
    expect(toDbBoolean(false)).toBe(0);
    expect(toDbBoolean(true)).toBe(1);
    expect(fromDbBoolean(0)).toBe(false);
    expect(fromDbBoolean(1)).toBe(true);
  });

  it("refuses a second newsletter row for one address", async () => {
    const row = {
      email: "one@example.com",
      status: "pending" as const,
      consent_text: "yes",
      consented_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
    };
    await db
      .insertInto("newsletter_subscribers")
      .values({ ...row, confirm_token: "a", unsubscribe_token: "b" })
      .execute();
    await expect(
      db
        .insertInto("newsletter_subscribers")
        .values({ ...row, confirm_token: "c", unsubscribe_token: "d" })
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});

describe("uploaded service screenshots", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({}, { outbox: { autoStart: false } });
  });
  afterAll(() => site.cleanup());

  it("show on the service page, at their position, replacing what was there", async () => {
    const upload = {
      service_page: "website-design",
      position: 2,
      image_url: "/uploads/screenshots/acme-home.png",
      alt_text: "Acme Trading home page, uploaded",
      width: 1440,
      height: 900,
    };
    await saveServiceScreenshot(site.db, upload);
    const saved = await saveServiceScreenshot(site.db, {
      ...upload,
      alt_text: "Acme Trading home page, second upload",
    });
    expect(saved).toMatchObject({
      position: 2,
      service_page: "website-design",
      alt_text: "Acme Trading home page, second upload",
    });
    expect(await site.db.selectFrom("service_screenshots").selectAll().execute()).toHaveLength(1);

    const page = await request(site.app).get("/services/website-design").expect(200);
    expect(page.text).toContain("/uploads/screenshots/acme-home.png");
    expect(page.text).toContain("Acme Trading home page, second upload");
    const other = await request(site.app).get("/services/web-app-development").expect(200);
    expect(other.text).not.toContain("/uploads/screenshots/acme-home.png");
  });
});
