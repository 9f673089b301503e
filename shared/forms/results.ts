import type { FieldErrors, FieldFormats } from "./field-errors";
import type { Outcome, Refusal } from "#shared/outcome.ts";

/**
 * Why a visitor's submission was not stored. `invalid` is a `Refusal` the visitor can fix
 * (HTTP 400), with the fields whose error is a failed format check (e-mail, phone), read
 * from the issues: pages answering a post without JavaScript show those fields' short
 * messages (requirements §5); never part of the JSON API's answer. `unavailable`: storage
 * cannot take it now (full disk, locked, read-only), try again later (HTTP 503, with
 * Retry-After). `failed`: our fault (HTTP 500). `message` is the first message
 * (requirements §5) or the catalogue's text (requirements §8).
 */
export type SubmissionRefusal =
  | (Refusal & { reason: "invalid"; failedFormats: FieldFormats })
  | {
      ok: false;
      reason: "unavailable" | "failed";
      message: string;
      fieldErrors: FieldErrors;
      /** With `unavailable`: when to try again (the Retry-After header). */
      retryAfterSeconds?: number;
    };

/**
 * What visitor intake (a lead form, the appointment form, the newsletter sign-up)
 * answers: stored, held as suspected spam or not (the visitor is never told which), or refused.
 */
export type SubmissionOutcome = Outcome<void, SubmissionRefusal>;

export type SubmissionFailureReason = SubmissionRefusal["reason"];

/** HTTP status of a refused submission, for the API and the no-JavaScript actions alike. */
export const failureStatus: Record<SubmissionFailureReason, number> = {
  invalid: 400,
  unavailable: 503,
  failed: 500,
};

/** The JSON body the browser receives for a form's submission: `{ success: true }` when stored. */
export type SubmissionResponseBody = { success: true } | ApiFailure;

/**
 * The JSON body of any failed API call. `fieldErrors` comes with validation failures;
 * `requestId` with server-side failures, so a visitor's report can be found in the logs.
 */
export type ApiFailure = { success: false; error: string; fieldErrors?: FieldErrors; requestId?: string };

export type ConfirmResult =
  | { success: true; outcome: "confirmed" | "already-confirmed" }
  | { success: false; outcome: "invalid" | "expired"; error: string };

export type UnsubscribeResult =
  | { success: true; outcome: "unsubscribed" | "already-unsubscribed" }
  | { success: false; outcome: "invalid"; error: string };

/** What an unsubscribe link points at, before anything changes. */
export type UnsubscribeTokenStatus = "subscribed" | "unsubscribed" | "invalid";
