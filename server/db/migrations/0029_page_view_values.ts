import type { Kysely } from "kysely";

// The values the page-view counts may keep apart on a day (docs/decisions/049-bounded-counting.md):
// per UTC day and dimension (path, referrer_host, utm_source, utm_medium, utm_campaign,
// and "combination", the rows themselves by their whole key), the values admitted so far, each in a
// numbered slot. The slot is the number of values admitted before it and must be below
// the dimension's cap, and (day, dimension, slot) is the key: two instances admitting
// at once take the same slot and one of them gets nothing, so no day ever holds more
// values than the cap. A value not admitted is counted under "(other)".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_view_values")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("dimension", "text", (column) => column.notNull())
    .addColumn("slot", "integer", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("page_view_values_key", ["day", "dimension", "slot"])
    .addUniqueConstraint("page_view_values_value", ["day", "dimension", "value"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_view_values").execute();
}
