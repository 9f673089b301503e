import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

// Preview links as rows (docs/decisions/050-stored-preview-links.md): the SHA-256 of a
// random token (never the token), what it shows ("page:home", "news/<id>") and the
// document it was made of, so it keeps showing that draft; who made it, until when, and
// who revoked it. A page finds a link by its token's hash; the workspace lists a target's
// links through (target, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("preview_links")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("target", "text", (column) => column.notNull())
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("created_by", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .execute();
  await db.schema.createIndex("preview_links_target").on("preview_links").columns(["target", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("preview_links").execute();
}
