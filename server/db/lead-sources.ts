import type { Kysely } from "kysely";
import { leadTables } from "./retention";
import type { Database } from "./schema";

/**
 * Where the leads and appointment requests of a period came from, counted by their
 * attribution columns (migration 0021), for the insights dashboard. Suspected spam and
 * leads staff marked as spam are not leads, and a repeat counts with its first
 * (docs/decisions/067-one-lead-per-form.md).
 */
export type LeadSourceCount = {
  sourcePage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  leads: number;
};

export async function countLeadSources(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<LeadSourceCount[]> {
  const counted: LeadSourceCount[] = [];
  for (const table of leadTables) {
    const rows = await db
      .selectFrom(table)
      .select(["source_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("leads"))
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.to)
      .where("suspected_spam", "is", null)
      .where("status", "!=", "spam")
      .where("repeat_of", "is", null)
      .groupBy(["source_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .execute();
    for (const row of rows) {
      counted.push({
        sourcePage: row.source_page,
        referrerHost: row.referrer_host,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
        leads: Number(row.leads),
      });
    }
  }
  return counted;
}
