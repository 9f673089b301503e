import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

// Proof that a data subject's erasure was done (POPIA; docs/decisions/024-personal-data-rights.md):
// when, how many rows, and a hash of the address, never the address itself.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("erasures")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("address_hash", "text", (column) => column.notNull())
    .addColumn("erased_at", "text", (column) => column.notNull())
    .addColumn("rows_erased", "integer", (column) => column.notNull())
    .addColumn("mail_files_erased", "integer", (column) => column.notNull())
    /** JSON: rows per table, e.g. {"web_app_leads": 1, "outbox": 2}. */
    .addColumn("details", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("erasures_address_hash").on("erasures").column("address_hash").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("erasures").execute();
}
