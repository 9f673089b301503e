import type { Kysely } from "kysely";

/** Every table staff follow visitors up from. */
const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;

// One person per lead (docs/decisions/036-lead-owner-and-read-by.md):
// - owner_id: the member of staff (sales or admin) who answers it, null while nobody is
//   assigned; indexed for the inbox's "mine" and "unassigned" filters. Accounts are only
//   ever disabled, never deleted, so a disabled account keeps its leads; "set null" is only
//   there so a deleted row could never leave a dangling id;
// - read_by and read_at: who marked it read and when (opening it in the workspace does),
//   null while unread or when the command line marked it;
// - an index on the audit log's target, from which a lead's page reads who assigned and
//   read it.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema
      .alterTable(table)
      .addColumn("owner_id", "integer", (column) => column.references("staff_users.id").onDelete("set null"))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("read_by", "integer", (column) => column.references("staff_users.id").onDelete("set null"))
      .execute();
    await db.schema.alterTable(table).addColumn("read_at", "text").execute();
    await db.schema.createIndex(`${table}_owner`).on(table).column("owner_id").execute();
  }
  await db.schema.createIndex("audit_log_target").on("audit_log").column("target").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_target").execute();
  for (const table of leadTables) {
    await db.schema.dropIndex(`${table}_owner`).execute();
    for (const column of ["read_at", "read_by", "owner_id"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
