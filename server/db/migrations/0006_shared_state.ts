import type { Kysely } from "kysely";
import { isPostgres } from "#server/db/dialect.ts";

// What instances of one site must share when they run on PostgreSQL
// (docs/decisions/013-postgresql.md): the rate-limit counters, the secret that signs the
// forms' start fields, and uploaded screenshots. Created on SQLite too, so both engines
// have one schema; one SQLite process keeps these in memory and on its disk as before.
// Text primary keys say NOT NULL: SQLite, unlike PostgreSQL, lets one hold null otherwise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("key", "text", (column) => column.primaryKey().notNull())
    .addColumn("hits", "integer", (column) => column.notNull())
    .addColumn("reset_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_hits_reset_at").on("rate_limit_hits").column("reset_at").execute();

  await db.schema
    .createTable("instance_secrets")
    .addColumn("name", "text", (column) => column.primaryKey().notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("uploaded_files")
    .addColumn("path", "text", (column) => column.primaryKey().notNull())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("content", isPostgres(db) ? "bytea" : "blob", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["uploaded_files", "instance_secrets", "rate_limit_hits"]) {
    await db.schema.dropTable(table).execute();
  }
}
