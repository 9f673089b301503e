import { sql, type Kysely } from "kysely";
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

/** One lead of a period as the dashboard counts it (docs/decisions/058-one-name-per-source.md). */
export type LeadArrival = Omit<LeadSourceCount, "leads"> & {
  landingPage: string | null;
  clickIdKind: string | null;
  createdAt: string;
  /** The sender's address as compared (trimmed, lower case): a person's repeat enquiry counts once a day. */
  person: string;
  /** 1 counted, 0 not counted, null not known (stored before the check). */
  visitCounted: number | null;
};

/** Each lead table's column for the visitor's address. */
const emailColumns = {
  website_design_leads: "business_email",
  web_app_leads: "work_email",
  appointment_requests: "email",
} as const;

/**
 * The leads and appointment requests of a period, one row each, oldest first, with what
 * the dashboard counts them by. Suspected spam and leads staff marked as spam are not leads.
 */
export async function selectLeadArrivals(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<LeadArrival[]> {
  const arrivals: LeadArrival[] = [];
  for (const table of leadTables) {
    const rows = await db
      .selectFrom(table)
      .select([
        "created_at",
        "source_page",
        "landing_page",
        "referrer_host",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "click_id_kind",
        "visit_counted",
      ])
      .select(sql<string>`lower(trim(${sql.ref(emailColumns[table])}))`.as("person"))
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.to)
      .where("suspected_spam", "is", null)
      .where("status", "!=", "spam")
      .execute();
    for (const row of rows) {
      arrivals.push({
        createdAt: row.created_at,
        sourcePage: row.source_page,
        landingPage: row.landing_page,
        referrerHost: row.referrer_host,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
        clickIdKind: row.click_id_kind,
        person: row.person,
        visitCounted: row.visit_counted === null ? null : Number(row.visit_counted),
      });
    }
  }
  return arrivals.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
