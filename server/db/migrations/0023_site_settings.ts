import type { Kysely } from "kysely";

// The site settings staff edit (brand, contact details, map and LinkedIn links, the
// agency inbox) as one row holding the whole document as JSON
// (docs/decisions/038-site-settings-in-the-database.md). No row is written here: the
// server seeds it from the environment on its first start, and a row, once there, wins.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_settings")
    .addColumn("id", "integer", (column) => column.primaryKey().notNull())
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_settings").execute();
}
