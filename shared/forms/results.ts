import type { FieldErrors } from "./field-errors";

/**
 * What a form submission answers. The JSON API sends it without `reason`
 * (`{ success: true }` or `{ success: false, error, fieldErrors }`); route actions get it whole.
 */
export type SubmissionResult =
  | { success: true }
  | {
      success: false;
      /** The first message (SPEC §5) or the catalogue's text (SPEC §8). */
      error: string;
      fieldErrors: FieldErrors;
      /** `invalid`: the visitor can fix it (HTTP 400). `failed`: our fault (HTTP 500). */
      reason: "invalid" | "failed";
    };

/** The JSON body of any failed API call. `fieldErrors` comes with validation failures. */
export type ApiFailure = { success: false; error: string; fieldErrors?: FieldErrors };

export type ConfirmResult =
  | { success: true; outcome: "confirmed" | "already-confirmed" }
  | { success: false; outcome: "invalid" | "expired"; error: string };

export type UnsubscribeResult =
  | { success: true; outcome: "unsubscribed" | "already-unsubscribed" }
  | { success: false; outcome: "invalid"; error: string };

/** What an unsubscribe link points at, before anything changes. */
export type UnsubscribeTokenStatus = "subscribed" | "unsubscribed" | "invalid";
