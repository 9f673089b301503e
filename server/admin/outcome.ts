/**
 * What an operation the CLI and the workspace share answers: its result, or why nothing
 * changed. `message` is the CLI's one line; `fieldErrors` say the same per field, in plain
 * words, for a form.
 */
export type Refusal = {
  ok: false;
  reason: "invalid" | "not-found";
  message: string;
  fieldErrors: Record<string, string>;
};
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const refuse = (message: string, fieldErrors: Record<string, string> = {}): Refusal => ({
  ok: false,
  reason: "invalid",
  message,
  fieldErrors,
});

export const notFound = (message: string): Refusal => ({
  ok: false,
  reason: "not-found",
  message,
  fieldErrors: {},
});

/** A CLI line as a sentence for a form: "invalid position "0": expected …" → "Invalid position "0": expected …." */
export const asSentence = (message: string) =>
  `${message.charAt(0).toUpperCase()}${message.slice(1).replace(/\.$/, "")}.`;
