import { sql, type Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

/** The tables a lead or appointment request lands in. */
const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;

// Every lead is followed up (docs/decisions/020-lead-follow-up.md):
// - a status with who set it, when and why, and the history of those changes;
// - when the agency was reminded that a lead was still new (set once, by the claim that
//   queues the reminder, so no lead is reminded of twice by any instance);
// - an appointment's confirmed time and its calendar sequence;
// - the shared counters that cap the acknowledgments sent to unverified addresses;
// - a lease, so one instance at a time looks for overdue leads.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema
      .alterTable(table)
      .addColumn("status", "text", (column) => column.notNull().defaultTo("new"))
      .execute();
    for (const column of ["status_note", "status_by", "status_at", "reminded_at"]) {
      await db.schema.alterTable(table).addColumn(column, "text").execute();
    }
    await db.schema.createIndex(`${table}_status`).on(table).columns(["status", "created_at"]).execute();
  }
  // Leads that arrived before statuses existed are new, but nobody promised a reminder
  // about them: without this the first check after the upgrade would list every one.
  const now = new Date().toISOString();
  for (const table of leadTables) {
    await sql`update ${sql.table(table)} set reminded_at = ${now}`.execute(db);
  }

  await db.schema.alterTable("appointment_requests").addColumn("schedule_status", "text").execute();
  await db.schema.alterTable("appointment_requests").addColumn("scheduled_start", "text").execute();
  await db.schema.alterTable("appointment_requests").addColumn("scheduled_minutes", "integer").execute();
  await db.schema
    .alterTable("appointment_requests")
    .addColumn("calendar_sequence", "integer", (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("lead_status_changes")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("lead_table", "text", (column) => column.notNull())
    .addColumn("lead_row_id", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("note", "text")
    .addColumn("changed_by", "text", (column) => column.notNull())
    .addColumn("changed_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("lead_status_changes_lead")
    .on("lead_status_changes")
    .columns(["lead_table", "lead_row_id"])
    .execute();

  // Text primary keys say NOT NULL: SQLite otherwise lets them hold null (013).
  await db.schema
    .createTable("acknowledged_addresses")
    .addColumn("email", "text", (column) => column.primaryKey().notNull())
    .addColumn("acknowledged_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("acknowledgment_counts")
    .addColumn("client_ip", "text", (column) => column.primaryKey().notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("window_started_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("scheduler_leases")
    .addColumn("name", "text", (column) => column.primaryKey().notNull())
    .addColumn("owner", "text", (column) => column.notNull())
    .addColumn("lease_until", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["scheduler_leases", "acknowledgment_counts", "acknowledged_addresses"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable("lead_status_changes").execute();
  for (const column of ["calendar_sequence", "scheduled_minutes", "scheduled_start", "schedule_status"]) {
    await db.schema.alterTable("appointment_requests").dropColumn(column).execute();
  }
  for (const table of leadTables) {
    await db.schema.dropIndex(`${table}_status`).execute();
    for (const column of ["reminded_at", "status_at", "status_by", "status_note", "status"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
