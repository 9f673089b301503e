import type { RequestHandler } from "express";
import { checkPolicy, type PolicyName } from "#server/auth/policy.ts";
import { refusedByPolicy } from "#shared/outcome.ts";
import { answerRefusal } from "./answers";
import { actorOf } from "./guard";

/**
 * "Confirm it's you": a proof of who is at the keyboard from the last 5 minutes, by
 * signing in, or a password and a code, or a passkey (docs/decisions/032-step-up-notices-and-sessions.md).
 * Which changes need one is the policy's to say (server/auth/policy.ts, decision 048); the
 * operations check it themselves. The changes to how one signs in are made by the
 * workspace's routes alone, so those routes check their row here.
 */
export { STEP_UP_MS, isProofFresh } from "#server/auth/policy.ts";

export const stepUpMessages = {
  wrongProof: "That password and code do not match your account.",
  unknownPasskey: "That passkey is not one of yours.",
  tookTooLong: "Confirming took too long. Try again.",
} as const;

/** After requireStaff: the policy's answer for this change, in the same words and status as an operation's refusal. */
export function requireFreshProof(now: () => Date, operation: PolicyName): RequestHandler {
  return (req, res, next) => {
    const refusal = checkPolicy(operation, actorOf(req, res), now());
    if (!refusal) return next();
    answerRefusal(res, refusedByPolicy(refusal));
  };
}
