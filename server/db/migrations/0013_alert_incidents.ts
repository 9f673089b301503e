import type { Kysely } from "kysely";

// Alerts when e-mails die or the queue stalls, once per incident across instances
// (docs/decisions/026-metrics-and-alerts.md):
// - one row per condition, saying whether an incident is open, so the instance that
//   opens it (and queues its alert in the same transaction) is the only one that does;
// - when each outbox row died, so an incident can tell deaths it covered from new ones.
//   Rows that died before this migration keep null and are never alerted about.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("alert_incidents")
    // Text primary keys say NOT NULL: SQLite otherwise lets them hold null (013).
    .addColumn("name", "text", (column) => column.primaryKey().notNull())
    .addColumn("opened_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("covered_until", "text")
    .execute();
  await db.schema.alterTable("outbox").addColumn("dead_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("dead_at").execute();
  await db.schema.dropTable("alert_incidents").execute();
}
