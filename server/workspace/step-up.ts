import type { RequestHandler } from "express";
import { signedIn } from "./guard";

/**
 * Changes to how an account signs in (passkeys, recovery codes, password, authenticator)
 * need a proof of who is at the keyboard from the last 5 minutes: signing in, or "Confirm
 * it's you" (a password and a code, or a passkey). A stolen session cookie and its CSRF
 * token are then not enough to take the account over for good
 * (docs/decisions/032-step-up-notices-and-sessions.md).
 */
export const STEP_UP_MS = 5 * 60 * 1000;

export const stepUpMessages = {
  required: "Confirm it’s you to make this change.",
  wrongProof: "That password and code do not match your account.",
  unknownPasskey: "That passkey is not one of yours.",
  tookTooLong: "Confirming took too long. Try again.",
} as const;

/** Whether a session's last proof (ISO, or null) is recent enough at `now`. */
export function isProofFresh(provedAt: string | null, now: Date): boolean {
  if (!provedAt) return false;
  const age = now.getTime() - Date.parse(provedAt);
  return age >= 0 && age < STEP_UP_MS;
}

/** After requireStaff: 403 with `stepUp: true` when the session's proof is missing or stale. */
export function requireFreshProof(now: () => Date): RequestHandler {
  return (_req, res, next) => {
    if (isProofFresh(signedIn(res).provedAt, now())) return next();
    res.status(403).json({ error: stepUpMessages.required, stepUp: true });
  };
}
