import type { Kysely } from "kysely";

// Editing in the workspace (docs/decisions/065-never-lose-work.md and
// 066-concurrent-editing.md): the text a form saved by itself, one row per item and
// person, never shown to visitors; and who had an item's form open lately, one row per
// item and person, renewed while the form stays open.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("editor_drafts")
    .addColumn("target", "text", (column) => column.notNull())
    .addColumn("author", "text", (column) => column.notNull())
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("saved_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("editor_drafts_pk", ["target", "author"])
    .execute();
  await db.schema
    .createTable("editor_presence")
    .addColumn("target", "text", (column) => column.notNull())
    .addColumn("author", "text", (column) => column.notNull())
    .addColumn("seen_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("editor_presence_pk", ["target", "author"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("editor_presence").execute();
  await db.schema.dropTable("editor_drafts").execute();
}
