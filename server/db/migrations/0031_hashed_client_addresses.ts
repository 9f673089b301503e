import type { Kysely } from "kysely";

// The acknowledgment's per-client counts are keyed by a keyed hash of the client's IP
// address, never the address (docs/decisions/052-link-targets-and-hashed-addresses.md).
// The rows that held raw addresses are dropped, not hashed: the key comes from the form
// secret, which a migration does not see, and a row only limits anything for 24 hours.
// Dropping them gives each client at most one fresh day's allowance at the deploy; the
// one-per-address limit (acknowledged_addresses) is untouched.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("acknowledgment_counts").execute();
  await db.schema
    .createTable("acknowledgment_counts")
    // not null: SQLite lets a text primary key hold null unless told.
    .addColumn("client_key", "text", (column) => column.primaryKey().notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("window_started_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The hashes cannot be turned back into addresses: the counts start again.
  await db.schema.dropTable("acknowledgment_counts").execute();
  await db.schema
    .createTable("acknowledgment_counts")
    .addColumn("client_ip", "text", (column) => column.primaryKey().notNull())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("window_started_at", "text", (column) => column.notNull())
    .execute();
}
