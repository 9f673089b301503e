import type { Response } from "express";
import type { z } from "zod";
import { asSentence, type Refusal } from "#shared/outcome.ts";

/**
 * How the workspace API words what it refuses: an operation's refusal as 400, 403, 404 or 409,
 * and a request it cannot read as 400, each with a sentence a page can show as it is.
 */

const refusalStatus: Record<Refusal["reason"], number> = {
  invalid: 400,
  "not-found": 404,
  conflict: 409,
  forbidden: 403,
  "step-up": 403,
};

/**
 * An operation's refusal. Where it names fields, their messages come too, under the names
 * the page's form gives them (`formFieldOf`, e.g. the CLI's `at` is the form's `time`), and
 * the first of them is the message.
 */
export function answerRefusal(
  res: Response,
  refusal: Refusal,
  formFieldOf: Record<string, string> = {},
): void {
  const fieldErrors = Object.fromEntries(
    Object.entries(refusal.fieldErrors).map(([field, message]) => [formFieldOf[field] ?? field, message]),
  );
  const first = Object.values(fieldErrors)[0];
  // The page turns `stepUp` into "Confirm it's you" and, once proved, sends the change again.
  if (refusal.reason === "step-up") {
    return void res.status(403).json({ error: refusal.message, stepUp: true });
  }
  res
    .status(refusalStatus[refusal.reason])
    .json(first === undefined ? { error: asSentence(refusal.message) } : { error: first, fieldErrors });
}

export function badRequest(res: Response, message: string): void {
  res.status(400).json({ error: message });
}

/** A query zod refused: its first problem as one sentence naming the field (unless the message does already). */
export function answerInvalidQuery(res: Response, error: z.ZodError): void {
  const issue = error.issues[0];
  const field = issue?.path[0] === undefined ? "" : String(issue.path[0]);
  const message = issue?.message ?? "invalid input";
  badRequest(res, asSentence(field && !message.startsWith(field) ? `${field}: ${message}` : message));
}

/** A form's body zod refused: each field's first problem, and the first of them as the message. */
export function answerInvalidBody(res: Response, error: z.ZodError): void {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  const first = Object.values(fieldErrors)[0] ?? error.issues[0]?.message ?? "Invalid input.";
  res.status(400).json({ error: first, fieldErrors });
}
