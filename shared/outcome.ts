/**
 * What every operation answers, whichever layer it sits in (the accounts' included): its
 * result, or why nothing changed. Each door words it its own way, in one place each: the
 * CLI prints `message` and exits 1; the API answers 400, 403, 404 or 409 with it, and
 * `fieldErrors` say the same per field, in plain words, for a form.
 */
export type Refusal = {
  ok: false;
  /**
   * invalid: the input is not one; not-found: no such row; conflict: not in a state for it;
   * forbidden, step-up: the operation's policy refused the actor (server/auth/policy.ts),
   * step-up until a proof from the last 5 minutes, which the CLI never needs.
   */
  reason: "invalid" | "not-found" | "conflict" | "forbidden" | "step-up";
  message: string;
  fieldErrors: Record<string, string>;
};
/**
 * The answer, or why nothing changed. `R` is `Refusal` everywhere but visitor intake, whose
 * refusals may also say that storage cannot take the submission now (shared/forms/results.ts).
 */
export type Outcome<T, R extends { ok: false } = Refusal> = { ok: true; value: T } | R;

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

/** The policy's refusal (server/auth/policy.ts) as an operation's. */
export const refusedByPolicy = (refusal: { reason: "forbidden" | "step-up"; message: string }): Refusal =>
  failed(refusal.reason, refusal.message);

/**
 * A refusal found inside a transaction: thrown, so the transaction rolls back, and caught
 * at the operation's edge by `answered`, so no caller ever sees it thrown.
 */
class RefusedInside extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = "RefusedInside";
  }
}

/** Refuses from anywhere inside `answered`'s work, undoing its transaction. */
export function refuseInside(refusal: Refusal): never {
  throw new RefusedInside(refusal);
}

/** The work's value as an Outcome, or the refusal it threw with `refuseInside`; anything else is thrown on. */
export async function answered<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return succeeded(await work());
  } catch (error) {
    if (error instanceof RefusedInside) return error.refusal;
    throw error;
  }
}

export const notFound = (message: string): Refusal => failed("not-found", message);

/** A CLI line as a sentence for a form: "invalid position "0": expected …" → "Invalid position "0": expected …." */
export function asSentence(message: string): string {
  const text = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
