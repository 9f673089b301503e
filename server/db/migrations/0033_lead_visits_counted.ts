import type { Kysely } from "kysely";

/** Every table a visitor's form lands in. */
const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;

// Whether the visit a lead was sent in was counted (docs/decisions/058-one-name-per-source.md):
// 1 when the sender's visit of that day was counted, 0 when it was not (a blocked beacon,
// Do Not Track, a client the count takes for a bot), null for the leads of before, which
// nobody checked. A period's leads are found by the created_at indexes of 0020.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).addColumn("visit_counted", "integer").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    await db.schema.alterTable(table).dropColumn("visit_counted").execute();
  }
}
