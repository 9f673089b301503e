import type { FieldErrors, FieldFormats } from "./field-errors";

/**
 * What a form submission answers. The JSON API sends it without `reason` and `failedFormats`
 * (`{ success: true }` or `{ success: false, error, fieldErrors }`); route actions get it whole.
 */
export type SubmissionResult =
  | { success: true }
  | {
      success: false;
      /** The first message (requirements §5) or the catalogue's text (requirements §8). */
      error: string;
      fieldErrors: FieldErrors;
      /**
       * The fields whose error is a failed format check (e-mail, phone), read from the
       * issues: pages answering a post without JavaScript show those fields' short
       * messages (requirements §5). Never part of the JSON API's answer.
       */
      failedFormats?: FieldFormats;
      /**
       * `invalid`: the visitor can fix it (HTTP 400). `unavailable`: storage cannot take
       * it now (full disk, locked, read-only), try again later (HTTP 503). `failed`: our fault (HTTP 500).
       */
      reason: SubmissionFailureReason;
      /** With `unavailable`: when to try again (the Retry-After header). */
      retryAfterSeconds?: number;
    };

export type SubmissionFailureReason = "invalid" | "unavailable" | "failed";

/** HTTP status of a failed submission, for the API and the no-JavaScript actions alike. */
export const failureStatus: Record<SubmissionFailureReason, number> = {
  invalid: 400,
  unavailable: 503,
  failed: 500,
};

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
