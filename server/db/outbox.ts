import { type Kysely, sql } from "kysely";
import { isPostgres } from "./dialect";
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

/** When the earliest pending message becomes due, if any is pending. */
export async function nextOutboxAttemptAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.min("next_attempt_at").as("next"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row?.next ?? undefined;
}

export type OutboxClaim = { owner: string; now: Date; leaseUntil: Date; limit: number };

/**
 * Takes up to `limit` due rows for one worker in one statement: names it the lease owner
 * and pushes the rows' next attempt past the lease. A row another worker took meanwhile
 * no longer matches (its time is in the future), so each row has one owner. Oldest first.
 * On PostgreSQL the candidate rows are locked with FOR UPDATE SKIP LOCKED: workers of
 * several instances claiming at once each take different rows instead of queueing on
 * the same ones (SQLite has one writer at a time, so its claims never overlap).
 */
export async function claimDueOutboxMessages(db: Db, claim: OutboxClaim): Promise<OutboxRow[]> {
  if (claim.limit <= 0) return [];
  const now = claim.now.toISOString();
  const onPostgres = isPostgres(db);
  const due = db
    .selectFrom("outbox as due")
    .select("due.id")
    .where("due.status", "=", "pending")
    .where("due.next_attempt_at", "<=", now)
    .orderBy("due.next_attempt_at")
    .orderBy("due.id")
    .limit(claim.limit)
    .$if(onPostgres, (candidates) => candidates.forUpdate().skipLocked());
  const rows = await db
    .updateTable("outbox")
    .set({ lease_owner: claim.owner, next_attempt_at: claim.leaseUntil.toISOString() })
    // PostgreSQL may run an `IN (subquery)` again for each row it updates, and with SKIP
    // LOCKED each run skips the rows the update has just locked: the claim took every due
    // row, not `limit`. ARRAY(...) is evaluated once.
    .where("id", onPostgres ? "=" : "in", onPostgres ? sql<number>`any(array(${due}))` : due)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at) || a.id - b.id);
}

/** Extends the lease on the rows `owner` still holds, in one statement; returns their ids. */
export async function renewOutboxLeases(
  db: Db,
  owner: string,
  ids: number[],
  leaseUntil: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable("outbox")
    .set({ next_attempt_at: leaseUntil.toISOString() })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .where("lease_owner", "=", owner)
    .returning("id")
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Recorded for one message as soon as the mail server accepted it, if `owner` still holds
 * it; false when the lease had passed to another worker. One small write per message, not
 * one per batch: a crash between the server's acceptance and this mark sends the message
 * again (at-least-once, decision 008), and the window is this one write. `payload`, when
 * given, replaces the stored one in the same statement: the copy without the secrets the
 * e-mail carried (server/mail/sent-payload.ts). Rows stay untouched between claim and
 * mark except by their owner, so attempts + 1 is exact.
 */
export async function markOutboxSent(
  db: Db,
  owner: string,
  sent: { id: number; payload?: string },
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable("outbox")
    .set((eb) => ({
      status: "sent",
      attempts: eb("attempts", "+", 1),
      sent_at: now.toISOString(),
      last_error: null,
      lease_owner: null,
      ...(sent.payload === undefined ? {} : { payload: sent.payload }),
    }))
    .where("id", "=", sent.id)
    .where("status", "=", "pending")
    .where("lease_owner", "=", owner)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export type OutboxFailure = {
  attempts: number;
  error: string;
  retryAt: Date | undefined;
  /** When the attempt failed: a dead row keeps it as `dead_at` (the alerts tell new deaths by it). */
  at: Date;
};

/** A failed attempt: retried at `retryAt`, or dead without one. False if `owner` had lost the lease. */
export async function markOutboxFailed(
  db: Db,
  owner: string,
  id: number,
  failure: OutboxFailure,
): Promise<boolean> {
  const status: OutboxStatus = failure.retryAt ? "pending" : "dead";
  const row = await db
    .updateTable("outbox")
    .set({
      status,
      attempts: failure.attempts,
      last_error: failure.error,
      lease_owner: null,
      ...(failure.retryAt
        ? { next_attempt_at: failure.retryAt.toISOString() }
        : { dead_at: failure.at.toISOString() }),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("lease_owner", "=", owner)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Every worker that holds a lease on a pending row. */
export async function listOutboxLeaseOwners(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("outbox")
    .select("lease_owner")
    .distinct()
    .where("status", "=", "pending")
    .where("lease_owner", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.lease_owner ? [row.lease_owner] : []));
}

/** Makes the rows a dead worker held due now and unowned; returns how many. */
export async function releaseOutboxLeases(db: Db, owner: string, now: Date): Promise<number> {
  const rows = await db
    .updateTable("outbox")
    .set({ lease_owner: null, next_attempt_at: now.toISOString() })
    .where("status", "=", "pending")
    .where("lease_owner", "=", owner)
    .returning("id")
    .execute();
  return rows.length;
}

export type OutboxQueueStats = {
  /** Messages not yet sent nor given up, whether due, leased or waiting on backoff. */
  pending: number;
  /**
   * Whole seconds since the oldest message not yet sent was queued, whether it is due now,
   * being sent or waiting for a retry; null when none is pending. During a mail server
   * outage this is the figure that grows: every message waits for a retry.
   */
  oldestUnsentAgeSeconds: number | null;
  /** Whole seconds since the oldest due pending message was queued; null when none is due. */
  oldestDueAgeSeconds: number | null;
};

/** How far behind the mail worker is, in one query (for the readiness check). */
export async function outboxQueueStats(db: Db, now: Date): Promise<OutboxQueueStats> {
  const at = now.toISOString();
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [
      eb.fn.countAll<number>().as("pending"),
      eb.fn.min("created_at").as("oldestCreatedAt"),
      eb.fn
        .min(eb.case().when("next_attempt_at", "<=", at).then(eb.ref("created_at")).end())
        .as("oldestDueCreatedAt"),
    ])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  const ageOf = (createdAt: string | null | undefined) =>
    createdAt ? Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 1000)) : null;
  return {
    pending: Number(row.pending),
    oldestUnsentAgeSeconds: ageOf(row.oldestCreatedAt),
    oldestDueAgeSeconds: ageOf(row.oldestDueCreatedAt),
  };
}

export type OutboxOverview = {
  counts: Record<OutboxStatus, number>;
  /** When the oldest message still pending was queued; null when none is. */
  oldestPendingAt: string | null;
  /** When the newest dead message died (rows dead before migration 0013 have no time). */
  lastDeadAt: string | null;
  /** When the newest sent message went out. */
  lastSentAt: string | null;
};

/**
 * The queue at a glance, in one grouped query, for /metrics and the alert check (which
 * leaves its own kind out, so an alert that cannot be sent does not keep an incident open).
 */
export async function readOutboxOverview(
  db: Db,
  options: { exceptKind?: string } = {},
): Promise<OutboxOverview> {
  const rows = await db
    .selectFrom("outbox")
    .select((eb) => [
      "status",
      eb.fn.countAll<number>().as("count"),
      eb.fn.min("created_at").as("oldest"),
      eb.fn.max("dead_at").as("lastDead"),
      eb.fn.max("sent_at").as("lastSent"),
    ])
    .$if(options.exceptKind !== undefined, (query) => query.where("kind", "<>", options.exceptKind ?? ""))
    .groupBy("status")
    .execute();
  const overview: OutboxOverview = {
    counts: { pending: 0, sent: 0, dead: 0 },
    oldestPendingAt: null,
    lastDeadAt: null,
    lastSentAt: null,
  };
  for (const row of rows) {
    overview.counts[row.status] = Number(row.count);
    if (row.status === "pending") overview.oldestPendingAt = row.oldest;
    if (row.status === "dead") overview.lastDeadAt = row.lastDead;
    if (row.status === "sent") overview.lastSentAt = row.lastSent;
  }
  return overview;
}

/** The newest dead message's kind and error, for an alert to quote. */
export async function findNewestDeadOutboxMessage(
  db: Db,
  options: { exceptKind?: string } = {},
): Promise<Pick<OutboxRow, "id" | "kind" | "last_error" | "dead_at"> | undefined> {
  return db
    .selectFrom("outbox")
    .select(["id", "kind", "last_error", "dead_at"])
    .where("status", "=", "dead")
    .where("dead_at", "is not", null)
    .$if(options.exceptKind !== undefined, (query) => query.where("kind", "<>", options.exceptKind ?? ""))
    .orderBy("dead_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
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
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), dead_at: null })
    .where("status", "=", "dead");
  if (ids) query = query.where("id", "in", ids);
  const rows = await query.returning("id").execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Makes the e-mails waiting for a retry due now (not those leased to a sender), except
 * `exceptIds`: called when the mail server takes a message again after failures, so a
 * backlog does not wait out each message's own backoff. Returns the ids made due.
 */
export async function makeOutboxRetriesDue(db: Db, now: Date, exceptIds: number[] = []): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .updateTable("outbox")
    .set({ next_attempt_at: at })
    .where("status", "=", "pending")
    .where("lease_owner", "is", null)
    .where("attempts", ">", 0)
    .where("next_attempt_at", ">", at)
    .$if(exceptIds.length > 0, (query) => query.where("id", "not in", exceptIds))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export type OutboxProbeClaim = { owner: string; now: Date; leaseUntil: Date; exceptIds: number[] };

/**
 * Takes the e-mail that has waited longest for a retry, to find out whether the mail
 * server takes e-mails again. Returns it with the retry time it had, which a failed probe
 * restores; undefined when none waits or another sender took it first.
 */
export async function claimOutboxProbe(
  db: Db,
  claim: OutboxProbeClaim,
): Promise<{ row: OutboxRow; retryAt: string } | undefined> {
  const now = claim.now.toISOString();
  const candidate = await db
    .selectFrom("outbox")
    .select(["id", "next_attempt_at"])
    .where("status", "=", "pending")
    .where("lease_owner", "is", null)
    .where("attempts", ">", 0)
    .where("next_attempt_at", ">", now)
    .$if(claim.exceptIds.length > 0, (query) => query.where("id", "not in", claim.exceptIds))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return undefined;
  const row = await db
    .updateTable("outbox")
    .set({ lease_owner: claim.owner, next_attempt_at: claim.leaseUntil.toISOString() })
    .where("id", "=", candidate.id)
    .where("status", "=", "pending")
    .where("lease_owner", "is", null)
    // Unchanged since it was read: no other sender claimed or retried it meanwhile.
    .where("next_attempt_at", "=", candidate.next_attempt_at)
    .returningAll()
    .executeTakeFirst();
  return row && { row, retryAt: candidate.next_attempt_at };
}
