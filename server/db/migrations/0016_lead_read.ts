import { sql, type Kysely } from "kysely";
import { toDbBoolean } from "#server/db/dialect.ts";

/** The lead tables without a read mark until now; appointment_requests has had one since requirements §3. */
const leadTables = ["website_design_leads", "web_app_leads"] as const;

// A read mark on every lead, stored as appointment_requests.read is, so staff mark leads
// and appointment requests read alike and the inbox lists the unread first.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema
      .alterTable(table)
      .addColumn("read", "boolean", (column) => column.notNull().defaultTo(false))
      .execute();
    // Until now a lead counted as read once staff moved it on from new: those stay read,
    // so the upgrade does not put every lead already worked on back among the unread.
    await sql`update ${sql.table(table)} set ${sql.ref("read")} = ${toDbBoolean(true)} where status <> 'new'`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).dropColumn("read").execute();
  }
}
