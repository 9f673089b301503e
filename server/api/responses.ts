import type { Response } from "express";
import type { FieldErrors } from "#shared/forms/field-errors.ts";
import {
  failureStatus,
  type ApiFailure,
  type SubmissionOutcome,
  type SubmissionResponseBody,
} from "#shared/forms/results.ts";

export type SendFailure = (res: Response, status: number, error: string) => void;

/** A failed API call's JSON; a server-side failure carries the request id the logs have. */
export function sendFailure(res: Response, status: number, error: string, fieldErrors?: FieldErrors): void {
  const body: ApiFailure = fieldErrors ? { success: false, error, fieldErrors } : { success: false, error };
  if (status >= 500 && res.locals.requestId) body.requestId = res.locals.requestId;
  res.status(status).json(body);
}

/**
 * The one place a visitor intake's outcome becomes HTTP: 201 `{ success: true }` when
 * stored (held as suspected spam or not), else the refusal's status (400 to fix, 503 with
 * Retry-After when storage cannot take it now, 500 ours) with its message and field errors.
 */
export function sendSubmissionOutcome(res: Response, outcome: SubmissionOutcome): void {
  if (outcome.ok) {
    res.status(201).json({ success: true } satisfies SubmissionResponseBody);
    return;
  }
  if (outcome.reason === "unavailable" && outcome.retryAfterSeconds) {
    res.set("Retry-After", String(outcome.retryAfterSeconds));
  }
  sendFailure(res, failureStatus[outcome.reason], outcome.message, outcome.fieldErrors);
}
