import { sql, type Kysely } from "kysely";
import type { Database, PageViewCountTable } from "./schema";

type Db = Kysely<Database>;

/**
 * The counts of first-party page views (docs/decisions/044-first-party-counting.md):
 * hourly rows per combination of dimensions, added to by upserts so that several
 * instances on one PostgreSQL database add to the same rows; and the day's visitor salt
 * and seen-set, which are deleted once their day is over.
 */

/** What identifies one row: every column but the two counts. */
export type CountKey = Omit<PageViewCountTable, "views" | "visits">;
export type CountRow = PageViewCountTable;

/** The columns that make a count row's key: one row per hour and combination of these. */
const countKeyColumns = [
  "hour",
  "path",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "click_id_kind",
  "device",
] as const satisfies readonly (keyof CountKey)[];

/** Rows per statement: far below either engine's limit on bound parameters. */
const ROWS_PER_STATEMENT = 400;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The key columns in one order, so every instance locks rows in the same order (no deadlock). */
function compareKeys(a: CountKey, b: CountKey): number {
  return (
    a.hour.localeCompare(b.hour) ||
    a.path.localeCompare(b.path) ||
    a.referrer_host.localeCompare(b.referrer_host) ||
    a.utm_source.localeCompare(b.utm_source) ||
    a.utm_medium.localeCompare(b.utm_medium) ||
    a.utm_campaign.localeCompare(b.utm_campaign) ||
    a.click_id_kind.localeCompare(b.click_id_kind) ||
    a.device.localeCompare(b.device)
  );
}

/** Adds each row's views and visits to its stored row, creating it when new. */
export async function addPageViewCounts(db: Db, rows: readonly CountRow[]): Promise<void> {
  const sorted = [...rows].sort(compareKeys);
  for (const chunk of chunksOf(sorted, ROWS_PER_STATEMENT)) {
    await db
      .insertInto("page_view_counts")
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns([...countKeyColumns]).doUpdateSet((eb) => ({
          views: eb("page_view_counts.views", "+", eb.ref("excluded.views")),
          visits: eb("page_view_counts.visits", "+", eb.ref("excluded.visits")),
        })),
      )
      .execute();
  }
}

/**
 * Records the day's visitor hashes and answers those not recorded before, by this or any
 * other instance: each of them is a visit.
 */
export async function markVisitorsSeen(db: Db, day: string, hashes: readonly string[]): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (const chunk of chunksOf([...hashes].sort(), ROWS_PER_STATEMENT)) {
    const rows = await db
      .insertInto("visitors_seen")
      .values(chunk.map((visitor_hash) => ({ day, visitor_hash })))
      .onConflict((conflict) => conflict.columns(["day", "visitor_hash"]).doNothing())
      .returning("visitor_hash")
      .execute();
    for (const row of rows) fresh.add(row.visitor_hash);
  }
  return fresh;
}

/** The day's salt: the one stored, or `fresh` stored now when this instance is the first to ask. */
export async function readDaySalt(db: Db, day: string, fresh: string): Promise<string> {
  await db
    .insertInto("visitor_salts")
    .values({ day, salt: fresh })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("visitor_salts")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets every day before `day`: its salt and its seen-set. Answers how many rows went. */
export async function forgetVisitorDaysBefore(
  db: Db,
  day: string,
): Promise<{ salts: number; visitors: number }> {
  return db.transaction().execute(async (trx) => {
    const seen = await trx.deleteFrom("visitors_seen").where("day", "<", day).executeTakeFirst();
    const salts = await trx.deleteFrom("visitor_salts").where("day", "<", day).executeTakeFirst();
    return { salts: Number(salts.numDeletedRows), visitors: Number(seen.numDeletedRows) };
  });
}

/** Deletes the counts of every hour before `hour` ("YYYY-MM-DDTHH"); answers how many rows went. */
export async function deleteCountsBefore(db: Db, hour: string): Promise<number> {
  const result = await db.deleteFrom("page_view_counts").where("hour", "<", hour).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows in page_view_counts: what the bench reports per 100,000 events. */
export async function countPageViewRows(db: Db): Promise<number> {
  const row = await db
    .selectFrom("page_view_counts")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("rows"))
    .executeTakeFirstOrThrow();
  return Number(row.rows);
}

/** An hour range, "YYYY-MM-DDTHH" in UTC, from inclusive to exclusive. */
export type HourRange = { from: string; to: string };

/** Views and visits per hour in the range (the dashboard sums them into the agency's days). */
export async function sumCountsByHour(
  db: Db,
  range: HourRange,
): Promise<Array<{ hour: string; views: number; visits: number }>> {
  const rows = await db
    .selectFrom("page_view_counts")
    .select((eb) => [
      "hour",
      eb.fn.sum<number | string>("views").as("views"),
      eb.fn.sum<number | string>("visits").as("visits"),
    ])
    .where("hour", ">=", range.from)
    .where("hour", "<", range.to)
    .groupBy("hour")
    .orderBy("hour")
    .execute();
  return rows.map((row) => ({ hour: row.hour, views: Number(row.views), visits: Number(row.visits) }));
}

/** The day's salt if one is stored (never stores one: asking must not start a day). */
export async function readStoredDaySalt(db: Db, day: string): Promise<string | undefined> {
  const row = await db.selectFrom("visitor_salts").select("salt").where("day", "=", day).executeTakeFirst();
  return row?.salt;
}

/** Whether a visitor's hash was counted on `day`. */
export async function wasVisitorSeen(db: Db, day: string, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom("visitors_seen")
    .select("day")
    .where("day", "=", day)
    .where("visitor_hash", "=", hash)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The rows a source's one name stands for, by the values it was read from: the operation
 * knows which values make a name (server/operations/insights/source-names.ts), SQL
 * matches the values. A name is read from `utm_source` when there is one, else from the
 * referring host, else from the click-id kind, medium and campaign.
 */
export type SourceValues = {
  /** Rows with one of these `utm_source` values. */
  utmSources: readonly string[];
  /** Rows without `utm_source` that came from one of these hosts. */
  referrerHosts: readonly string[];
  /** Rows with neither, by [click-id kind, medium, campaign]. */
  unsourced: ReadonlyArray<readonly [string, string, string]>;
};

/** What the dashboard narrows the counts to in SQL. */
export type CountFilter = { path?: string; device?: string; utmCampaign?: string; source?: SourceValues };

/** The columns the dashboard groups the counts by. */
export type CountColumn = keyof CountKey;

/** Joins an unsourced row's three values: campaign text is one line, so a line break cannot occur in it. */
const UNSOURCED_SEPARATOR = "\n";
export const unsourcedKey = (values: readonly [string, string, string]) => values.join(UNSOURCED_SEPARATOR);

/**
 * Views and visits summed per combination of `columns` over the range, narrowed by
 * `filter`: the database adds the rows up, the dashboard gets one row per label.
 */
export async function sumCountsGrouped<C extends CountColumn>(
  db: Db,
  range: HourRange,
  columns: readonly C[],
  filter: CountFilter = {},
): Promise<Array<Record<C, string> & { views: number; visits: number }>> {
  let query = db
    .selectFrom("page_view_counts")
    .select(columns)
    .select((eb) => [
      eb.fn.sum<number | string>("views").as("views"),
      eb.fn.sum<number | string>("visits").as("visits"),
    ])
    .where("hour", ">=", range.from)
    .where("hour", "<", range.to);
  if (filter.path !== undefined) query = query.where("path", "=", filter.path);
  if (filter.device !== undefined) query = query.where("device", "=", filter.device);
  if (filter.utmCampaign !== undefined) query = query.where("utm_campaign", "=", filter.utmCampaign);
  const source = filter.source;
  if (source) {
    query = query.where((eb) => {
      const ways = [];
      if (source.utmSources.length > 0) ways.push(eb("utm_source", "in", [...source.utmSources]));
      if (source.referrerHosts.length > 0)
        ways.push(eb.and([eb("utm_source", "=", ""), eb("referrer_host", "in", [...source.referrerHosts])]));
      if (source.unsourced.length > 0) {
        const joined = sql<string>`click_id_kind || ${UNSOURCED_SEPARATOR} || utm_medium || ${UNSOURCED_SEPARATOR} || utm_campaign`;
        ways.push(
          eb.and([
            eb("utm_source", "=", ""),
            eb("referrer_host", "=", ""),
            eb(joined, "in", source.unsourced.map(unsourcedKey)),
          ]),
        );
      }
      // A name no row has: nothing matches.
      return ways.length > 0 ? eb.or(ways) : sql<boolean>`1 = 0`;
    });
  }
  const rows = await query.groupBy(columns).execute();
  return rows.map((row) => ({ ...row, views: Number(row.views), visits: Number(row.visits) })) as Array<
    Record<C, string> & { views: number; visits: number }
  >;
}
