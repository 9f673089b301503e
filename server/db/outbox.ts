import type { Kysely } from "kysely";
import type { Database, OutboxRow, OutboxStatus } from "./schema";

type Db = Kysely<Database>;

export type NewOutboxMessage = { kind: string; payload: unknown; now: Date };

/** Queues an e-mail; called inside the transaction that stores what the e-mail is about. */
export async function enqueueOutboxMessage(db: Db, message: NewOutboxMessage): Promise<number> {
  const at = message.now.toISOString();
  const row = await db
    .insertInto("outbox")
    .values({
      kind: message.kind,
      payload: JSON.stringify(message.payload),
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listDueOutboxMessages(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** When the earliest pending message becomes due, if any is pending. */
export async function nextOutboxAttemptAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.min("next_attempt_at").as("next"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row?.next ?? undefined;
}

/**
 * Takes due rows for one sender by pushing their next attempt past the lease, in one
 * statement. A row another sender took meanwhile no longer matches (its time is in the
 * future), so each row has one owner; a crashed sender's rows come due again.
 */
export async function claimOutboxMessages(
  db: Db,
  ids: number[],
  now: Date,
  leaseUntil: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const claimed = await db
    .updateTable("outbox")
    .set({ next_attempt_at: leaseUntil.toISOString() })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .returning("id")
    .execute();
  return new Set(claimed.map((row) => row.id));
}

/** Recorded only after the mail server accepted the message. */
export async function markOutboxSent(db: Db, id: number, attempts: number, now: Date): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ status: "sent", attempts, sent_at: now.toISOString(), last_error: null })
    .where("id", "=", id)
    .execute();
}

export async function markOutboxFailed(
  db: Db,
  id: number,
  failure: { attempts: number; error: string; retryAt: Date | undefined },
): Promise<void> {
  const status: OutboxStatus = failure.retryAt ? "pending" : "dead";
  await db
    .updateTable("outbox")
    .set({
      status,
      attempts: failure.attempts,
      last_error: failure.error,
      ...(failure.retryAt ? { next_attempt_at: failure.retryAt.toISOString() } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function countOutboxByStatus(db: Db): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Newest first, of the given statuses (the admin CLI's list). */
export async function listOutboxMessages(db: Db, statuses: OutboxStatus[]): Promise<OutboxRow[]> {
  if (statuses.length === 0) return [];
  return db.selectFrom("outbox").selectAll().where("status", "in", statuses).orderBy("id", "desc").execute();
}

export async function findOutboxMessages(db: Db, ids: number[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("outbox").selectAll().where("id", "in", ids).execute();
}

/**
 * Gives dead messages a fresh start: pending, attempts reset, due now, so the running
 * server's worker sends them on its next poll. One statement that only matches dead
 * rows, so a message already sent (or being retried) is never queued twice. Returns
 * the ids it requeued; `ids` undefined means every dead message.
 */
export async function requeueDeadOutboxMessages(
  db: Db,
  ids: number[] | undefined,
  now: Date,
): Promise<number[]> {
  if (ids?.length === 0) return [];
  let query = db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString() })
    .where("status", "=", "dead");
  if (ids) query = query.where("id", "in", ids);
  const rows = await query.returning("id").execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
