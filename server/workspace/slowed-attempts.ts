import type { Response } from "express";
import type { Kysely } from "kysely";
import { refusedWhileWaiting, type SignInStep } from "#server/auth/sign-in-attempts.ts";
import { slowedDownMessage, type SignInAttempt } from "#server/auth/sign-in-limits.ts";
import type { Database } from "#server/db/schema.ts";

/**
 * Answers 429 with Retry-After while an attempt to prove who one is (sign-in, step-up,
 * the current password) must wait, and says whether it did: every route that checks a
 * secret answers a slowed attempt the same way (docs/decisions/031-sign-in-limits-and-secrets-at-rest.md).
 */
export async function refuseIfSlowed(
  db: Kysely<Database>,
  res: Response,
  attempt: SignInAttempt,
  step: SignInStep,
  now: Date,
): Promise<boolean> {
  const wait = await refusedWhileWaiting(db, attempt, step, now);
  if (!wait) return false;
  res.set("Retry-After", String(wait.retryAfterSeconds));
  res.status(429).json({ error: slowedDownMessage(wait.retryAfterSeconds) });
  return true;
}
