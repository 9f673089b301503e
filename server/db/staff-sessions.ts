import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Database } from "./schema";

/**
 * The staff_sessions table: sessions stored under the hash of their token. A session ends
 * 30 minutes after its last use, and 12 hours after sign-in whatever happens
 * (docs/decisions/032-step-up-notices-and-sessions.md); the rule lives here because both
 * sign-in's sweep and retention delete by it.
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export type StaffSessionRow = {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  provedAt: string;
};

export async function insertStaffSession(db: Kysely<Database>, row: StaffSessionRow): Promise<void> {
  await db
    .insertInto("staff_sessions")
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      csrf_token: row.csrfToken,
      created_at: row.createdAt,
      last_seen_at: row.lastSeenAt,
      expires_at: row.expiresAt,
      ip: row.ip,
      user_agent: row.userAgent,
      proved_at: row.provedAt,
    })
    .execute();
}

/** A session with its account's address, role and state, by the hash of its token. */
export async function selectSessionWithAccount(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select([
      "staff_sessions.user_id",
      "staff_sessions.csrf_token",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff_sessions.proved_at",
      "staff_users.email",
      "staff_users.role",
      "staff_users.disabled_at",
    ])
    .where("staff_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Stamps when the session was last used (last_seen_at) or when its holder last proved who they are (proved_at). */
export async function updateSessionTime(
  db: Kysely<Database>,
  tokenHash: string,
  column: "last_seen_at" | "proved_at",
  at: Date,
): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ [column]: at.toISOString() })
    .where("token_hash", "=", tokenHash)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("token_hash", "=", tokenHash).execute();
}

/** Deletes every session of the account, or all but one. Returns how many went. */
export async function deleteAccountSessions(
  db: Kysely<Database>,
  userId: number,
  exceptTokenHash?: string,
): Promise<number> {
  let query = db.deleteFrom("staff_sessions").where("user_id", "=", userId);
  if (exceptTokenHash !== undefined) query = query.where("token_hash", "<>", exceptTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions that have ended by `now`, by either expiry: the one rule sign-in's sweep and retention share. */
export function sessionEnded(now: Date) {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  return (eb: ExpressionBuilder<Database, "staff_sessions">): Expression<SqlBool> =>
    eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<=", idleSince)]);
}

/** The account's sessions still live at `now`, the most recently used first. */
export async function selectLiveSessions(db: Kysely<Database>, userId: number, now: Date) {
  return db
    .selectFrom("staff_sessions")
    .select(["token_hash", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where((eb) => eb.not(sessionEnded(now)(eb)))
    .orderBy("last_seen_at", "desc")
    .execute();
}

export async function selectSessionHashes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("staff_sessions")
    .select("token_hash")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((row) => row.token_hash);
}

export async function deleteEndedSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom("staff_sessions").where(sessionEnded(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
