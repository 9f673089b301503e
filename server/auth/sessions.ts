import type { Kysely } from "kysely";
import {
  deleteAccountSessions,
  deleteEndedSessions,
  deleteSession,
  insertStaffSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  selectLiveSessions,
  selectSessionHashes,
  selectSessionWithAccount,
  updateSessionTime,
} from "#server/db/staff-sessions.ts";
import type { Database } from "#server/db/schema.ts";
import { describeBrowser } from "./browser-name";
import { isStaffRole, type Staff } from "./staff";
import { hashToken, newToken } from "./tokens";
import type { SessionSummary } from "#shared/staff-session-summary.ts";

export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "#server/db/staff-sessions.ts";

/** last_seen_at is written at most this often: every request would be a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export type NewSession = { token: string; csrfToken: string };

/**
 * Starts a session for a user who has just proved who they are. Always a new token
 * (never one the browser already held), so a planted cookie cannot become signed in.
 */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  client: { ip?: string; userAgent?: string },
  now = new Date(),
): Promise<NewSession> {
  const token = newToken();
  const csrfToken = newToken();
  await insertStaffSession(db, {
    tokenHash: hashToken(token),
    userId,
    csrfToken,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    ip: client.ip ?? null,
    userAgent: describeBrowser(client.userAgent),
    // Signing in is the proof: changes to sign-in methods need no second one for 5 minutes.
    provedAt: now.toISOString(),
  });
  return { token, csrfToken };
}

/** The member of staff a session token belongs to, if it is live and their account is enabled. */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<Staff | undefined> {
  const tokenHash = hashToken(token);
  const row = await selectSessionWithAccount(db, tokenHash);
  if (!row || row.disabled_at !== null || !isStaffRole(row.role)) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) {
    await deleteSession(db, tokenHash);
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) await updateSessionTime(db, tokenHash, "last_seen_at", now);
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    sessionId: tokenHash,
    csrfToken: row.csrf_token,
    provedAt: row.proved_at,
  };
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** Signs a user out everywhere (their own choice, a disable or a reset). Returns how many ended. */
export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<number> {
  return deleteAccountSessions(db, userId);
}

/** Ends every session of the account but this one (a password change). Returns how many ended. */
export async function endOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepSessionId: string,
): Promise<number> {
  return deleteAccountSessions(db, userId, keepSessionId);
}

/** The id a session has in the API: a hash of its stored hash. */
export function publicSessionId(sessionId: string): string {
  return hashToken(sessionId).slice(0, 32);
}

/** The account's live sessions, the most recently used first. */
export async function listSessions(
  db: Kysely<Database>,
  userId: number,
  currentSessionId: string,
  now = new Date(),
): Promise<SessionSummary[]> {
  const rows = await selectLiveSessions(db, userId, now);
  return rows.map((row) => ({
    id: publicSessionId(row.token_hash),
    browser: row.user_agent ?? "An unknown browser",
    ip: row.ip,
    createdAt: row.created_at,
    lastUsedAt: row.last_seen_at,
    current: row.token_hash === currentSessionId,
  }));
}

/** Ends one of the account's sessions by its API id: the stored hash it ended, if any. */
export async function endSessionById(
  db: Kysely<Database>,
  userId: number,
  id: string,
): Promise<string | undefined> {
  const match = (await selectSessionHashes(db, userId)).find((hash) => publicSessionId(hash) === id);
  if (!match) return undefined;
  await endSession(db, match);
  return match;
}

/** Records that the session has just proved who is using it ("Confirm it's you"). */
export async function markSessionProved(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await updateSessionTime(db, sessionId, "proved_at", now);
}

/** Deletes ended sessions; run now and then so the table does not grow. */
export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  return deleteEndedSessions(db, now);
}
