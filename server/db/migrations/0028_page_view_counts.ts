import type { Kysely } from "kysely";

// First-party counting without cookies (docs/decisions/044-first-party-counting.md).
// page_view_counts: one row per UTC hour and combination of what a page view says (its
// page, the other site it came from, its campaign, the screen's class); a view adds to
// `views`, a visitor's first view of the day to `visits`. Rows grow with distinct pages
// and sources, never with visitors. Text columns hold '' for "none", so the combination
// is one primary key that an upsert can add to on either engine.
// visitor_salts and visitors_seen: the day's random salt and the hashes of the visitors
// counted that day; both are deleted once their day is over.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_view_counts")
    .addColumn("hour", "text", (column) => column.notNull())
    .addColumn("path", "text", (column) => column.notNull())
    .addColumn("referrer_host", "text", (column) => column.notNull())
    .addColumn("utm_source", "text", (column) => column.notNull())
    .addColumn("utm_medium", "text", (column) => column.notNull())
    .addColumn("utm_campaign", "text", (column) => column.notNull())
    .addColumn("click_id_kind", "text", (column) => column.notNull())
    .addColumn("device", "text", (column) => column.notNull())
    .addColumn("views", "integer", (column) => column.notNull())
    .addColumn("visits", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("page_view_counts_key", [
      "hour",
      "path",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "click_id_kind",
      "device",
    ])
    .execute();
  await db.schema
    .createTable("visitor_salts")
    // not null: SQLite lets a text primary key hold null unless told.
    .addColumn("day", "text", (column) => column.primaryKey().notNull())
    .addColumn("salt", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("visitors_seen")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("visitor_hash", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("visitors_seen_key", ["day", "visitor_hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visitors_seen").execute();
  await db.schema.dropTable("visitor_salts").execute();
  await db.schema.dropTable("page_view_counts").execute();
}
