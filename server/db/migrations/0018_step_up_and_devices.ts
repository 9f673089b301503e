import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

// Step-up and account notices (docs/decisions/032-step-up-notices-and-sessions.md):
// - when the session last proved who is using it (sign-in, or the "Confirm it's you"
//   step), so changes to sign-in methods can ask for a proof from the last 5 minutes;
// - the browsers each account has signed in from, by the hash of a random device cookie,
//   so a sign-in from a browser never seen before is e-mailed to the account holder.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_sessions").addColumn("proved_at", "text").execute();
  await db.schema
    .createTable("staff_known_devices")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (column) =>
      column.notNull().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("device_hash", "text", (column) => column.notNull())
    .addColumn("first_seen_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("staff_known_devices_user_device")
    .on("staff_known_devices")
    .columns(["user_id", "device_hash"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_known_devices").execute();
  await db.schema.alterTable("staff_sessions").dropColumn("proved_at").execute();
}
