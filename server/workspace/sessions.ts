import type { Request, Response } from "express";
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Database } from "../db/schema";
import { isStaffRole, type Staff } from "./staff";
import { hashToken, newToken } from "./tokens";

/** A session ends 12 hours after its last use, and 7 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: every request would be a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export const SESSION_COOKIE = "staff_session";
export const FLOW_COOKIE = "staff_flow";
/** The workspace's cookies go only to the workspace. */
export const COOKIE_PATH = "/admin";

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
  await db
    .insertInto("staff_sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      ip: client.ip ?? null,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, csrfToken };
}

/** The member of staff a session token belongs to, if it is live and their account is enabled. */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<Staff | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select([
      "staff_sessions.user_id",
      "staff_sessions.csrf_token",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff_users.email",
      "staff_users.role",
      "staff_users.disabled_at",
    ])
    .where("staff_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row || row.disabled_at !== null || !isStaffRole(row.role)) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) {
    await db.deleteFrom("staff_sessions").where("token_hash", "=", tokenHash).execute();
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    sessionId: tokenHash,
    csrfToken: row.csrf_token,
  };
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("token_hash", "=", sessionId).execute();
}

/** Signs a user out everywhere (their own choice, a disable or a reset). Returns how many ended. */
export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom("staff_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions that have ended by `now`, by either expiry: the one rule sign-in's sweep and retention share. */
export function sessionEnded(now: Date) {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  return (eb: ExpressionBuilder<Database, "staff_sessions">): Expression<SqlBool> =>
    eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<=", idleSince)]);
}

/** Deletes ended sessions; run now and then so the table does not grow. */
export async function deleteExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("staff_sessions").where(sessionEnded(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Reads one cookie from the request (Express does not parse them). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * Secure everywhere but plain HTTP on this machine (a developer's `npm start`), where
 * the browser would not send it back.
 */
function isLocalPlainHttp(req: Request): boolean {
  return !req.secure && ["localhost", "127.0.0.1", "[::1]", "::1"].includes(req.hostname);
}

/** Sets (or, with maxAgeMs 0, clears) a workspace cookie: HttpOnly, SameSite=Lax, Path=/admin. */
export function setWorkspaceCookie(
  req: Request,
  res: Response,
  name: string,
  value: string,
  maxAgeMs: number,
): void {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: "lax",
    path: COOKIE_PATH,
    secure: !isLocalPlainHttp(req),
    maxAge: maxAgeMs,
  });
}

export function setSessionCookie(req: Request, res: Response, session: NewSession): void {
  setWorkspaceCookie(req, res, SESSION_COOKIE, session.token, SESSION_ABSOLUTE_MS);
}

export function clearSessionCookie(req: Request, res: Response): void {
  setWorkspaceCookie(req, res, SESSION_COOKIE, "", 0);
}
