import type { Kysely } from "kysely";

/** The two lead forms' tables; appointment_requests has had (read, created_at) since 0001. */
const leadFormTables = ["website_design_leads", "web_app_leads"] as const;
const allLeadTables = [...leadFormTables, "appointment_requests"] as const;

// The workspace's overview counts what needs doing (docs/decisions/035-overview-counts.md):
// - the unread, through (read, created_at), as appointment requests already are;
// - this week's and last week's arrivals per form, through created_at;
// - the meetings of today and this week, through (schedule_status, scheduled_start).
// New and overdue leads already go through (status, created_at) from 0011, and waiting
// e-mails through (status, next_attempt_at) from 0001. Each count then reads only the rows
// it counts, not the whole table.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadFormTables) {
    await db.schema
      .createIndex(`${table}_read_created_at`)
      .on(table)
      .columns(["read", "created_at"])
      .execute();
  }
  for (const table of allLeadTables) {
    await db.schema.createIndex(`${table}_created_at`).on(table).column("created_at").execute();
  }
  await db.schema
    .createIndex("appointment_requests_scheduled")
    .on("appointment_requests")
    .columns(["schedule_status", "scheduled_start"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("appointment_requests_scheduled").execute();
  for (const table of allLeadTables) await db.schema.dropIndex(`${table}_created_at`).execute();
  for (const table of leadFormTables) await db.schema.dropIndex(`${table}_read_created_at`).execute();
}
