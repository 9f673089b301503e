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

/** Each lead table's column for the visitor's address. */
const emailColumns = {
  website_design_leads: "business_email",
  web_app_leads: "work_email",
  appointment_requests: "email",
} as const;

/** One agency day of a period: its date and the instants it covers, ISO, from inclusive to exclusive. */
export type DayBounds = { day: string; from: string; to: string };

/**
 * The leads a source's one name stands for, by the values it was read from (the counts'
 * SourceValues, matched on lead columns, where null is "none" like '').
 */
export type LeadFilter = {
  source?: { utmSources: readonly string[]; referrerHosts: readonly string[]; unsourced: readonly string[] };
  /** The campaign, exactly. */
  campaign?: string;
  /** The page a lead landed on or was sent from. */
  page?: string;
};

/** Leads of one combination of what the dashboard counts them by, '' for "none". */
export type LeadGroup = {
  sourcePage: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  clickIdKind: string;
  /** Whether their visits were counted (or were stored before that was checked). */
  counted: boolean;
  leads: number;
};

/** A lead's source values: ''-for-null, as compared and grouped. */
const sourceValueColumns = [
  "source_page",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "click_id_kind",
] as const;

/** The distinct source values of a period's leads, before a person's repeats are set aside. */
export async function selectLeadSourceValues(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<
  Array<{
    utmSource: string;
    referrerHost: string;
    utmMedium: string;
    utmCampaign: string;
    clickIdKind: string;
  }>
> {
  const parts = leadTables.map(
    (table) => sql`select ${sql.join(
      ["utm_source", "referrer_host", "utm_medium", "utm_campaign", "click_id_kind"].map(
        (column) => sql`coalesce(${sql.ref(column)}, '') as ${sql.ref(column)}`,
      ),
    )}
    from ${sql.table(table)}
    where created_at >= ${range.from} and created_at < ${range.to}
      and suspected_spam is null and status <> 'spam'`,
  );
  const { rows } = await sql<
    Record<"utm_source" | "referrer_host" | "utm_medium" | "utm_campaign" | "click_id_kind", string>
  >`
    select distinct * from (${sql.join(parts, sql` union all `)}) as values_seen`.execute(db);
  return rows.map((row) => ({
    utmSource: row.utm_source,
    referrerHost: row.referrer_host,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    clickIdKind: row.click_id_kind,
  }));
}

/**
 * The leads and appointment requests of a period's days, counted by the database per
 * combination of what the dashboard shows them by, after `filter`: a person's repeat
 * enquiry of one of `days` (by their address, trimmed, lower case) counts once, as their
 * first that day. Suspected spam and leads staff marked as spam are not leads. A lead
 * outside every day given is not counted.
 */
export async function countLeadArrivals(
  db: Kysely<Database>,
  days: readonly DayBounds[],
  filter: LeadFilter = {},
): Promise<LeadGroup[]> {
  if (days.length === 0) return [];
  const from = days[0]?.from ?? "";
  const to = days.at(-1)?.to ?? "";
  const value = (column: string) => sql`coalesce(${sql.ref(column)}, '')`;
  const conditions = [];
  if (filter.campaign !== undefined) conditions.push(sql`utm_campaign = ${filter.campaign}`);
  if (filter.page !== undefined)
    conditions.push(sql`(landing_page = ${filter.page} or source_page = ${filter.page})`);
  const source = filter.source;
  if (source) {
    const ways = [];
    if (source.utmSources.length > 0)
      ways.push(sql`${value("utm_source")} in (${sql.join(source.utmSources)})`);
    if (source.referrerHosts.length > 0)
      ways.push(
        sql`(${value("utm_source")} = '' and ${value("referrer_host")} in (${sql.join(source.referrerHosts)}))`,
      );
    if (source.unsourced.length > 0)
      ways.push(
        sql`(${value("utm_source")} = '' and ${value("referrer_host")} = '' and ${value("click_id_kind")} || ${"\n"} || ${value("utm_medium")} || ${"\n"} || ${value("utm_campaign")} in (${sql.join(source.unsourced)}))`,
      );
    // A name no lead has: nothing matches.
    conditions.push(ways.length > 0 ? sql`(${sql.join(ways, sql` or `)})` : sql`1 = 0`);
  }
  const narrowed = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const arrivals = leadTables.map(
    (table, rank) => sql`select created_at, ${sql.lit(rank)} as table_rank, id,
      lower(trim(${sql.ref(emailColumns[table])})) as person,
      ${sql.join(sourceValueColumns.map((column) => sql`${value(column)} as ${sql.ref(column)}`))},
      case when visit_counted = 0 then 0 else 1 end as counted
    from ${sql.table(table)}
    where created_at >= ${from} and created_at < ${to}
      and suspected_spam is null and status <> 'spam'${narrowed}`,
  );
  // Each day's bounds as a table: (day, from, to) are column1, column2, column3 on both engines.
  const dayRows = sql.join(days.map((day) => sql`(${day.day}, ${day.from}, ${day.to})`));
  const grouped = sql.join(sourceValueColumns.map((column) => sql.ref(column)));
  const { rows } = await sql<
    Record<(typeof sourceValueColumns)[number], string> & {
      counted: number | string;
      leads: number | string | bigint;
    }
  >`
    with arrivals as (${sql.join(arrivals, sql` union all `)}),
    dated as (
      select arrivals.*, days.column1 as day
      from arrivals join (values ${dayRows}) as days
        on arrivals.created_at >= days.column2 and arrivals.created_at < days.column3
    ),
    firsts as (
      select dated.*, row_number() over (partition by day, person order by created_at, table_rank, id) as nth
      from dated
    )
    select ${grouped}, counted, count(*) as leads
    from firsts
    where nth = 1
    group by ${grouped}, counted`.execute(db);
  return rows.map((row) => ({
    sourcePage: row.source_page,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    clickIdKind: row.click_id_kind,
    counted: Number(row.counted) !== 0,
    leads: Number(row.leads),
  }));
}
