import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

// Every save of something visitors read keeps the whole of it as it was saved
// (docs/decisions/041-revisions.md): a page's copy ("page:home"), the site settings
// ("settings"), a content item ("news/<id>"). A target's revisions are read newest
// first; (target, id) serves that and the retention sweep's "all but the newest 50".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("revisions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("target", "text", (column) => column.notNull())
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("actor", "text", (column) => column.notNull())
    .addColumn("saved_at", "text", (column) => column.notNull())
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("revisions_target").on("revisions").columns(["target", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("revisions").execute();
}
