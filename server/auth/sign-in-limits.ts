import type { Kysely } from "kysely";
import {
  countHit,
  deleteClosedWindows,
  deleteWindows,
  markWindowsTold,
  openUntoldWindow,
  selectOpenWindows,
} from "#server/db/rate-limits.ts";
import type { Database } from "#server/db/schema.ts";
import { hashToken } from "./tokens";

/**
 * Failed sign-in attempts slow down who makes them, never the account for everyone
 * (docs/decisions/031-sign-in-limits-and-secrets-at-rest.md). Failures are counted per
 * typed address from one client IP (whether or not the address has an account, so the
 * limit says nothing about which exist) and per client IP alone, for a day. Past a count's
 * free failures, each further failure makes that pair or IP wait before its next attempt,
 * twice as long each time up to a cap. The right password from another IP is unaffected,
 * and passkeys are never limited by password failures.
 *
 * Everything is in the database's rate_limit_hits, so every instance counts together: a
 * count's row holds its failures; a wait's row holds, in reset_at, when it ends, and in
 * hits whether a refused attempt during it was already recorded in the audit log (0 or 1).
 */
const SIGN_IN_COUNT_MS = 24 * 60 * 60_000;
/** Failures before attempts must wait. */
export const SIGN_IN_LIMITS = {
  /** Wrong passwords or codes for one address from one IP. */
  pair: 5,
  /** Failures from one IP, whichever addresses they tried (an office shares one). */
  ip: 20,
} as const;
const SIGN_IN_DELAY = { firstMs: 30_000, maxMs: 15 * 60_000 } as const;

const PREFIX = "sign-in:";
// The typed address is hashed: a key stays short whatever is typed.
const pairKey = (email: string, ip: string) => `${PREFIX}pair:${ip}:${hashToken(email.trim().toLowerCase())}`;
const ipKey = (ip: string) => `${PREFIX}ip:${ip}`;
const waitKey = (countKey: string) => `${PREFIX}wait:${countKey.slice(PREFIX.length)}`;

export type SignInAttempt = { email?: string; ip: string };

/** The counts an attempt is made against: its pair (when an address was given) and its IP. */
function countsOf(attempt: SignInAttempt): { key: string; free: number }[] {
  return [
    ...(attempt.email ? [{ key: pairKey(attempt.email, attempt.ip), free: SIGN_IN_LIMITS.pair }] : []),
    { key: ipKey(attempt.ip), free: SIGN_IN_LIMITS.ip },
  ];
}

/** How long to wait after the nth failure of a count that allows `free`: none before it. */
function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN_DELAY.maxMs, SIGN_IN_DELAY.firstMs * 2 ** Math.min(failures - free, 30));
}

export type SignInWait = {
  /** Whole seconds until the attempt may be made, at least 1. */
  retryAfterSeconds: number;
  /** The first refusal of this wait: the one the audit log records. */
  firstRefusal: boolean;
};

/** Whether this attempt must wait, and how long; undefined when it may be tried now. */
export async function signInWait(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInWait | undefined> {
  const keys = countsOf(attempt).map(({ key }) => waitKey(key));
  const rows = await selectOpenWindows(db, keys, now);
  if (rows.length === 0) return undefined;
  const until = Math.max(...rows.map((row) => Date.parse(row.reset_at)));
  // Conditional, so of racing refusals on every instance one is recorded.
  const firstRefusal = await markWindowsTold(
    db,
    rows.map((row) => row.key),
    now,
  );
  return {
    retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
    firstRefusal,
  };
}

/**
 * Counts a failed attempt against its pair and IP. Returns the wait it starts, in whole
 * seconds, or undefined when the next attempt may follow at once.
 */
export async function countSignInFailure(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<number | undefined> {
  let waitMs = 0;
  for (const { key, free } of countsOf(attempt)) {
    const { totalHits } = await countHit(db, key, SIGN_IN_COUNT_MS, now.getTime());
    const delay = delayAfter(totalHits, free);
    if (delay === 0) continue;
    waitMs = Math.max(waitMs, delay);
    const resetAt = new Date(now.getTime() + delay).toISOString();
    await openUntoldWindow(db, waitKey(key), resetAt);
  }
  // SQLite's server keeps no other rate-limit rows here, so nothing else sweeps these.
  await deleteClosedWindows(db, PREFIX, now);
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : undefined;
}

/** A completed sign-in clears its pair's count and wait (the IP's stay: it may be trying others). */
export async function clearSignInFailures(
  db: Kysely<Database>,
  attempt: Required<SignInAttempt>,
): Promise<void> {
  const key = pairKey(attempt.email, attempt.ip);
  await deleteWindows(db, [key, waitKey(key)]);
}

/** The sentence a slowed attempt is answered with: when to try again, in plain words. */
export function slowedDownMessage(retryAfterSeconds: number): string {
  const when =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? "" : "s"}`;
  return `Too many failed sign-in attempts from your network. Try again in ${when}.`;
}
