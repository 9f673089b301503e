import type { Kysely } from "kysely";

// Each page's search snippet as staff saved it (docs/decisions/040-search-snippets.md):
// its meta description and social image, as one JSON document keyed by the page's name.
// No row: the page shows the description and card it ships with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_snippets")
    // NOT NULL spelled out: SQLite lets a text primary key be null otherwise.
    .addColumn("page", "text", (column) => column.primaryKey().notNull())
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("updated_by", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_snippets").execute();
}
