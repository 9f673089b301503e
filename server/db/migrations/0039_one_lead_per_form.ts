import type { Kysely } from "kysely";

/** Every table a visitor's form lands in. */
const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;

/**
 * One lead per form (docs/decisions/067-one-lead-per-form.md). `form_token` is a hash of
 * the start field the form was served with, so the same answers sent again from the same
 * served form are recognised, and `submission_key` (a hash of that start field and the
 * answers) keeps them stored once; `repeat_of` is the id, in the same table, of
 * the first submission a repeat belongs to (changed answers from that form, or the same
 * address again within a day), null for a first one. Both are null on rows from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).addColumn("form_token", "text").execute();
    await db.schema.alterTable(table).addColumn("submission_key", "text").execute();
    await db.schema.alterTable(table).addColumn("repeat_of", "integer").execute();
    await db.schema.createIndex(`${table}_form_token`).on(table).column("form_token").execute();
    // Unique: a second copy of the same answers from the same form is not stored. Rows from
    // before hold null, which a unique index allows many of on both engines.
    await db.schema
      .createIndex(`${table}_submission_key`)
      .on(table)
      .column("submission_key")
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.dropIndex(`${table}_submission_key`).execute();
    await db.schema.dropIndex(`${table}_form_token`).execute();
    await db.schema.alterTable(table).dropColumn("submission_key").execute();
    await db.schema.alterTable(table).dropColumn("repeat_of").execute();
    await db.schema.alterTable(table).dropColumn("form_token").execute();
  }
}
