import type { Kysely } from "kysely";

/** Every table a visitor's form lands in. */
const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;

/**
 * Where each lead came from (issue "Know what works"): every column is null when the
 * visitor's browser did not say. Paths hold no query string; the referrer is a host
 * only; the click id is the value of a paid campaign's `gclid` or `fbclid`, with
 * `click_id_kind` naming which.
 */
export const attributionColumns = [
  "source_page",
  "landing_page",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "click_id_kind",
  "click_id",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    for (const column of attributionColumns) {
      await db.schema.alterTable(table).addColumn(column, "text").execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of leadTables) {
    for (const column of attributionColumns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
