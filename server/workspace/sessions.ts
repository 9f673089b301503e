import type { Request, Response } from "express";
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Database } from "../db/schema";
import { describeBrowser } from "./browser-name";
import { isStaffRole, type Staff } from "./staff";
import { hashToken, newToken } from "./tokens";

/**
 * A session ends 30 minutes after its last use, and 12 hours after sign-in whatever
 * happens (docs/decisions/032-step-up-notices-and-sessions.md).
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: every request would be a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export const SESSION_COOKIE = "staff_session";
export const FLOW_COOKIE = "staff_flow";
export const DEVICE_COOKIE = "staff_device";
export type WorkspaceCookie = typeof SESSION_COOKIE | typeof FLOW_COOKIE | typeof DEVICE_COOKIE;
/** On plain-HTTP localhost, where __Host- cannot be used, the cookies go only to the workspace. */
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
      user_agent: describeBrowser(client.userAgent),
      // Signing in is the proof: changes to sign-in methods need no second one for 5 minutes.
      proved_at: now.toISOString(),
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
      "staff_sessions.proved_at",
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
    provedAt: row.proved_at,
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

/** Ends every session of the account but this one (a password change). Returns how many ended. */
export async function endOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepSessionId: string,
): Promise<number> {
  const result = await db
    .deleteFrom("staff_sessions")
    .where("user_id", "=", userId)
    .where("token_hash", "<>", keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One of an account's sessions as its holder sees it. */
export type SessionSummary = {
  /** Names the session in the API without being its token or the token's stored hash. */
  id: string;
  browser: string;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
};

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
  const rows = await db
    .selectFrom("staff_sessions")
    .select(["token_hash", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where((eb) => eb.not(sessionEnded(now)(eb)))
    .orderBy("last_seen_at", "desc")
    .execute();
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
  const rows = await db
    .selectFrom("staff_sessions")
    .select("token_hash")
    .where("user_id", "=", userId)
    .execute();
  const match = rows.find((row) => publicSessionId(row.token_hash) === id);
  if (!match) return undefined;
  await endSession(db, match.token_hash);
  return match.token_hash;
}

/** Records that the session has just proved who is using it ("Confirm it's you"). */
export async function markSessionProved(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ proved_at: now.toISOString() })
    .where("token_hash", "=", sessionId)
    .execute();
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

/**
 * A workspace cookie's name on this request: `__Host-` wherever it can be Secure, so the
 * browser keeps it only as this host set it (Secure, Path=/, no Domain): a sibling
 * subdomain or a plain-HTTP page cannot plant or overwrite it.
 */
export function workspaceCookieName(req: Request, name: WorkspaceCookie): string {
  return isLocalPlainHttp(req) ? name : `__Host-${name}`;
}

/** One of the workspace's cookies from the request, under this request's name for it. */
export function readWorkspaceCookie(req: Request, name: WorkspaceCookie): string | undefined {
  return readCookie(req, workspaceCookieName(req, name));
}

/**
 * Sets (or, with maxAgeMs 0, clears) a workspace cookie: HttpOnly, SameSite=Lax; with
 * __Host-, Secure and Path=/ (the prefix requires both), else Path=/admin.
 */
export function setWorkspaceCookie(
  req: Request,
  res: Response,
  name: WorkspaceCookie,
  value: string,
  maxAgeMs: number,
): void {
  const local = isLocalPlainHttp(req);
  res.cookie(workspaceCookieName(req, name), value, {
    httpOnly: true,
    sameSite: "lax",
    path: local ? COOKIE_PATH : "/",
    secure: !local,
    maxAge: maxAgeMs,
  });
}

export function setSessionCookie(req: Request, res: Response, session: NewSession): void {
  setWorkspaceCookie(req, res, SESSION_COOKIE, session.token, SESSION_ABSOLUTE_MS);
}

export function clearSessionCookie(req: Request, res: Response): void {
  setWorkspaceCookie(req, res, SESSION_COOKIE, "", 0);
}
