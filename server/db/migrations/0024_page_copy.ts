import type { Kysely } from "kysely";

// A page's copy as staff saved it (docs/decisions/039-editable-page-copy.md): one row per
// page, holding the published document and an unpublished draft, each whole as JSON. A
// page without a row, or without a published document, shows the copy the site ships with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_copy")
    .addColumn("page", "text", (column) => column.primaryKey().notNull())
    .addColumn("published", "text")
    .addColumn("draft", "text")
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("updated_by", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_copy").execute();
}
