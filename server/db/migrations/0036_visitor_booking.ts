import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

// The visitor manages their own booking (docs/decisions/062-visitor-manages-booking.md):
// - appointment_manage_links: the SHA-256 of each private link's random token (never the
//   token), the request it opens, and when a change by the visitor retired it;
// - appointment_requests.meeting_place: where this meeting is, when staff set one (null:
//   the site's default place);
// - appointment_requests.reminded_start: the start the visitor's reminder was sent for, so
//   a moved meeting is reminded again for its new time and an unmoved one never twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("appointment_manage_links")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("appointment_id", "integer", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("appointment_manage_links_appointment")
    .on("appointment_manage_links")
    .columns(["appointment_id"])
    .execute();
  await db.schema.alterTable("appointment_requests").addColumn("meeting_place", "text").execute();
  await db.schema.alterTable("appointment_requests").addColumn("reminded_start", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("appointment_requests").dropColumn("reminded_start").execute();
  await db.schema.alterTable("appointment_requests").dropColumn("meeting_place").execute();
  await db.schema.dropTable("appointment_manage_links").execute();
}
