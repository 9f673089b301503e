import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { countSignInFailure, signInWait, type SignInAttempt, type SignInWait } from "./sign-in-limits";

/**
 * What sign-in does with an attempt besides checking it: refuse it while its pair or IP
 * must wait, and count and record a failure. The audit log gets who (the address typed,
 * or the account), from which IP and what failed, never what was typed as the secret;
 * of a wait's refusals only the first, since the rest say nothing new
 * (docs/decisions/031-sign-in-limits-and-secrets-at-rest.md).
 */

export type SignInStep = "password" | "second-factor" | "invitation" | "step-up";
export type FailureReason =
  "wrong-password" | "wrong-code" | "wrong-recovery-code" | "wrong-password-or-code" | "wrong-passkey";

const actorOf = (attempt: SignInAttempt) => (attempt.email || "(no address)").slice(0, 254);

/** The wait this attempt must sit out, if any; its first refusal is recorded. */
export async function refusedWhileWaiting(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  step: SignInStep,
  now = new Date(),
): Promise<SignInWait | undefined> {
  const wait = await signInWait(db, attempt, now);
  if (wait?.firstRefusal) {
    await recordAudit(
      db,
      {
        actor: actorOf(attempt),
        ip: attempt.ip,
        action: "sign-in.slowed",
        detail: { retryAfterSeconds: wait.retryAfterSeconds, step },
      },
      now,
    );
  }
  return wait;
}

/** Counts a failure against its pair and IP, and records it with the wait it starts, if any. */
export async function recordSignInFailure(
  db: Kysely<Database>,
  attempt: SignInAttempt,
  reason: FailureReason,
  now = new Date(),
): Promise<void> {
  const retryAfterSeconds = await countSignInFailure(db, attempt, now);
  await recordAudit(
    db,
    {
      actor: actorOf(attempt),
      ip: attempt.ip,
      action: "sign-in.failed",
      detail: { reason, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
    },
    now,
  );
}
