import type { Kysely } from "kysely";
import { countHit } from "../db/rate-limits";
import type { Database } from "../db/schema";

/**
 * Failed sign-in attempts, counted per account (by the address typed, whether or not it has
 * an account, so the limit says nothing about which exist) and per client IP, in the
 * database's rate_limit_hits (every instance counts together). Over either limit, every
 * attempt is refused until the window closes, the right password included.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LIMITS = {
  /** Wrong passwords or codes for one address. */
  account: 5,
  /** Failures from one address on the internet, whichever accounts they tried (an office shares one). */
  ip: 20,
} as const;

const PREFIX = "sign-in:";
const accountKey = (email: string) => `${PREFIX}account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `${PREFIX}ip:${ip}`;

export type SignInAttempt = { email?: string; ip: string };

/** Whether this attempt may be tried at all. */
export async function signInBlocked(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<boolean> {
  const keys = [ipKey(attempt.ip), ...(attempt.email ? [accountKey(attempt.email)] : [])];
  const rows = await db
    .selectFrom("rate_limit_hits")
    .select(["key", "hits"])
    .where("key", "in", keys)
    .where("reset_at", ">", now.toISOString())
    .execute();
  return rows.some(
    (row) => row.hits >= (row.key.startsWith(`${PREFIX}ip:`) ? SIGN_IN_LIMITS.ip : SIGN_IN_LIMITS.account),
  );
}

/** Counts a failed attempt against the address typed and the client's IP. */
export async function countSignInFailure(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<void> {
  await countHit(db, ipKey(attempt.ip), SIGN_IN_WINDOW_MS, now.getTime());
  if (attempt.email) await countHit(db, accountKey(attempt.email), SIGN_IN_WINDOW_MS, now.getTime());
  // SQLite's server keeps no other rate-limit rows here, so nothing else sweeps these.
  await db
    .deleteFrom("rate_limit_hits")
    .where("key", "like", `${PREFIX}%`)
    .where("reset_at", "<=", now.toISOString())
    .execute();
}

/** A completed sign-in clears its account's count (the IP's stays: it may be trying others). */
export async function clearAccountFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("key", "=", accountKey(email)).execute();
}
