import type { Kysely } from "kysely";

/** Every table a visitor's submission lands in. */
const submissionTables = [
  "website_design_leads",
  "web_app_leads",
  "appointment_requests",
  "newsletter_subscribers",
] as const;

// Submissions that trip a bot trap are kept, not discarded, with the trap's name in
// suspected_spam (null for the rest); an admin releases or purges them.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of submissionTables) {
    await db.schema.alterTable(table).addColumn("suspected_spam", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of submissionTables) {
    await db.schema.alterTable(table).dropColumn("suspected_spam").execute();
  }
}
