import type { Kysely } from "kysely";
import { toDbBoolean } from "./dialect";
import { commonLeads, type LeadTable } from "./lead-follow-up";
import type { Database, Timestamp } from "./schema";

type Db = Kysely<Database>;

/**
 * The workspace overview's counts (docs/decisions/035-overview-counts.md). Each is one
 * COUNT through an index (migrations 0011 and 0020), so it reads the rows it counts and
 * not the table: what needs doing stays small however many leads are kept.
 */

/** Instants the lead counts are taken against (ISO, UTC). */
export type LeadCountBounds = {
  /** A lead still new that arrived at or before this is overdue (the follow-up rule, 020). */
  overdueCutoff: Timestamp;
  lastWeekStart: Timestamp;
  weekStart: Timestamp;
  nextWeekStart: Timestamp;
};

export type LeadTableCounts = {
  newLeads: number;
  unread: number;
  overdue: number;
  thisWeek: number;
  lastWeek: number;
};

/**
 * The genuine rows of one lead table (suspected spam is apart, as in the inbox), each
 * enquiry once: a repeat counts with its first (docs/decisions/067-one-lead-per-form.md).
 */
function genuine(db: Db, table: LeadTable) {
  return commonLeads(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("suspected_spam", "is", null)
    .where("repeat_of", "is", null);
}

type CountQuery = ReturnType<typeof genuine>;

async function count(query: CountQuery): Promise<number> {
  const row = await query.executeTakeFirst();
  // PostgreSQL answers COUNT as a bigint, which pg reads as a string.
  return Number(row?.count ?? 0);
}

/** One lead table's counts of what needs doing, and its arrivals this week and last. */
export async function countLeadTable(
  db: Db,
  table: LeadTable,
  bounds: LeadCountBounds,
): Promise<LeadTableCounts> {
  const arrived = (from: Timestamp, to: Timestamp) =>
    count(genuine(db, table).where("created_at", ">=", from).where("created_at", "<", to));
  const [newLeads, unread, overdue, thisWeek, lastWeek] = await Promise.all([
    count(genuine(db, table).where("status", "=", "new")),
    count(genuine(db, table).where("read", "=", toDbBoolean(false))),
    count(genuine(db, table).where("status", "=", "new").where("created_at", "<=", bounds.overdueCutoff)),
    arrived(bounds.weekStart, bounds.nextWeekStart),
    arrived(bounds.lastWeekStart, bounds.weekStart),
  ]);
  return { newLeads, unread, overdue, thisWeek, lastWeek };
}

/** Confirmed meetings (not cancelled) that start at or after `from` and before `to`. */
export async function countConfirmedMeetings(db: Db, from: Timestamp, to: Timestamp): Promise<number> {
  const row = await db
    .selectFrom("appointment_requests")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("schedule_status", "=", "confirmed")
    .where("scheduled_start", ">=", from)
    .where("scheduled_start", "<", to)
    .where("suspected_spam", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Notification e-mails not yet sent: waiting for their next attempt, or given up on. */
export async function countWaitingOutbox(db: Db): Promise<{ pending: number; dead: number }> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("status", "in", ["pending", "dead"])
    .groupBy("status")
    .execute();
  const found = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { pending: found("pending"), dead: found("dead") };
}

/** Content items by kind and status ("draft", "published"). */
export async function countContentByStatus(
  db: Db,
): Promise<{ kind: string; status: string; count: number }[]> {
  const rows = await db
    .selectFrom("content_items")
    .select(["kind", "status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy(["kind", "status"])
    .execute();
  return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count) }));
}

/** Pages whose copy has a draft not yet published. */
export async function countPageCopyDrafts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("page_copy")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("draft", "is not", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Pages whose search snippet staff wrote, rather than the one the site shipped with. */
export async function countPageSnippets(db: Db): Promise<number> {
  const row = await db
    .selectFrom("page_snippets")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Invitations neither used nor expired at `now`. */
export async function countPendingInvitations(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom("staff_invitations")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
