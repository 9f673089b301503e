import type { Kysely } from "kysely";

// Staff calendar feeds (docs/decisions/063-staff-calendar-feeds.md): at most one per member
// of staff, found by the SHA-256 of its random token (never the token), with which
// meetings it lists ("own": those the member of staff takes; "all": an admin's choice) and
// who made it when. Revoking deletes the row; replacing writes a new hash over the old, so
// the old address stops at once. An account is only ever disabled, never deleted, but a
// deleted one would take its feed with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("staff_user_id", "integer", (column) =>
      column.primaryKey().notNull().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("scope", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("created_by", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
}
