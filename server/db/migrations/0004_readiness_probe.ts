import type { Kysely } from "kysely";

// /readyz proves the database accepts a write by updating the one row of this table:
// a real, committed write (so a full disk or a read-only volume shows), of nothing a
// person reads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("readiness_probe")
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("checked_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("readiness_probe").execute();
}
