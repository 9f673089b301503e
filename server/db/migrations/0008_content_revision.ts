import type { Kysely } from "kysely";

// One row counting changes to what pages show (content items and uploaded screenshots),
// so every instance's page cache can tell, with one cheap read, that its copies are old
// (docs/decisions/015-page-cache.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_revision")
    .addColumn("id", "integer", (column) => column.primaryKey().notNull())
    .addColumn("revision", "integer", (column) => column.notNull())
    .addColumn("changed_at", "text", (column) => column.notNull())
    .execute();
  await (db as Kysely<{ content_revision: Record<string, unknown> }>)
    .insertInto("content_revision")
    .values({ id: 1, revision: 1, changed_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_revision").execute();
}
