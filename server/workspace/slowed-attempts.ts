import type { Response } from "express";
import type { Kysely } from "kysely";
import { refusedWhileWaiting, type SignInStep } from "../auth/sign-in-attempts";
import { slowedDownMessage, type SignInAttempt } from "../auth/sign-in-limits";
import type { Database } from "../db/schema";

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
