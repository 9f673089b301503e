import type { Kysely } from "kysely";
import type { Database, Timestamp } from "./schema";

type Db = Kysely<Database>;

/**
 * Staff calendar feeds as the database keeps them (migration 0037): one per account, found
 * by its token's hash. The token never reaches this layer.
 */

export type CalendarFeedScope = "own" | "all";

export type CalendarFeedRecord = {
  staffUserId: number;
  scope: CalendarFeedScope;
  createdAt: string;
  createdBy: string;
};

/** A feed with the account it belongs to, as its address is answered. */
export type CalendarFeedHolder = CalendarFeedRecord & { email: string; role: string; disabled: boolean };

const scopeOf = (text: string): CalendarFeedScope => (text === "all" ? "all" : "own");

type FeedColumns = { staff_user_id: number; scope: string; created_at: string; created_by: string };
const recordOf = (row: FeedColumns): CalendarFeedRecord => ({
  staffUserId: row.staff_user_id,
  scope: scopeOf(row.scope),
  createdAt: row.created_at,
  createdBy: row.created_by,
});

export async function findCalendarFeed(db: Db, staffUserId: number): Promise<CalendarFeedRecord | undefined> {
  const row = await db
    .selectFrom("calendar_feeds")
    .select(["staff_user_id", "scope", "created_at", "created_by"])
    .where("staff_user_id", "=", staffUserId)
    .executeTakeFirst();
  return row && recordOf(row);
}

/** The feed whose token has this hash, with its account; undefined for none. */
export async function findCalendarFeedByHash(
  db: Db,
  tokenHash: string,
): Promise<CalendarFeedHolder | undefined> {
  const row = await db
    .selectFrom("calendar_feeds")
    .innerJoin("staff_users", "staff_users.id", "calendar_feeds.staff_user_id")
    .select([
      "calendar_feeds.staff_user_id",
      "calendar_feeds.scope",
      "calendar_feeds.created_at",
      "calendar_feeds.created_by",
      "staff_users.email",
      "staff_users.role",
      "staff_users.disabled_at",
    ])
    .where("calendar_feeds.token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row && { ...recordOf(row), email: row.email, role: row.role, disabled: row.disabled_at !== null };
}

/**
 * Makes the account's feed, or replaces it: the new hash is written over the old in one
 * statement, so the old address stops answering the moment the new one starts.
 */
export async function saveCalendarFeed(
  db: Db,
  feed: { staffUserId: number; tokenHash: string; scope: CalendarFeedScope; createdBy: string },
  now: Date,
): Promise<void> {
  const values = {
    token_hash: feed.tokenHash,
    scope: feed.scope,
    created_at: now.toISOString(),
    created_by: feed.createdBy,
  };
  await db
    .insertInto("calendar_feeds")
    .values({ staff_user_id: feed.staffUserId, ...values })
    .onConflict((conflict) => conflict.column("staff_user_id").doUpdateSet(values))
    .execute();
}

/** Deletes the account's feed; answers whether there was one. */
export async function deleteCalendarFeed(db: Db, staffUserId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("calendar_feeds")
    .where("staff_user_id", "=", staffUserId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A confirmed meeting as a feed lists it. */
export type FeedMeetingRow = {
  id: number;
  name: string;
  company: string | null;
  service_type: string;
  scheduled_start: Timestamp | null;
  scheduled_minutes: number | null;
  calendar_sequence: number;
  owner_id: number | null;
};

/**
 * Confirmed (not cancelled) meetings starting at or after `from`, soonest first: every
 * one, or only those `ownerId` takes. Starts are UTC ISO text of one shape, so they
 * compare as text on both engines.
 */
export async function listFeedMeetings(
  db: Db,
  range: { from: Timestamp; ownerId?: number; limit: number },
): Promise<FeedMeetingRow[]> {
  let query = db
    .selectFrom("appointment_requests")
    .select([
      "id",
      "name",
      "company",
      "service_type",
      "scheduled_start",
      "scheduled_minutes",
      "calendar_sequence",
      "owner_id",
    ])
    .where("schedule_status", "=", "confirmed")
    .where("scheduled_start", ">=", range.from);
  if (range.ownerId !== undefined) query = query.where("owner_id", "=", range.ownerId);
  return query.orderBy("scheduled_start").orderBy("id").limit(range.limit).execute();
}
