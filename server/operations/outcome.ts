import type { PolicyRefusal } from "#server/auth/policy.ts";

/**
 * What an operation the CLI and the workspace share answers: its result, or why nothing
 * changed. Each side words it its own way: the CLI prints `message` and exits 1; the API
 * answers 400, 404 or 409 with it, and `fieldErrors` say the same per field, in plain
 * words, for a form.
 */
export type Refusal = {
  ok: false;
  /**
   * invalid: the input is not one; not-found: no such row; conflict: not in a state for it;
   * forbidden, step-up: the operation's policy refused the actor (server/auth/policy.ts),
   * step-up until a proof from the last 5 minutes, which the CLI never needs.
   */
  reason: "invalid" | "not-found" | "conflict" | PolicyRefusal["reason"];
  message: string;
  fieldErrors: Record<string, string>;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const succeeded = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const failed = (reason: Refusal["reason"], message: string): Refusal => ({
  ok: false,
  reason,
  message,
  fieldErrors: {},
});

export const refuse = (message: string, fieldErrors: Record<string, string> = {}): Refusal => ({
  ok: false,
  reason: "invalid",
  message,
  fieldErrors,
});

/** The policy's refusal as an operation's. */
export const refusedByPolicy = (refusal: PolicyRefusal): Refusal => failed(refusal.reason, refusal.message);

export const notFound = (message: string): Refusal => failed("not-found", message);

/** A CLI line as a sentence for a form: "invalid position "0": expected …" → "Invalid position "0": expected …." */
export function asSentence(message: string): string {
  const text = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
