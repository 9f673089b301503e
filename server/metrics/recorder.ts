import type { StorageFailure } from "#server/db/storage-errors.ts";
import type { LeadForm } from "#shared/forms/lead-forms.ts";

/**
 * What the server's parts tell the metrics (server/metrics/site-metrics.ts), as plain
 * calls: the lead service, the API, the health checks and the page cache need not know
 * prom-client, and tests or the admin CLI can pass `noMetrics`.
 */

/**
 * accepted: stored and told about; suspected: stored but held as suspected spam;
 * refused: nothing stored, the visitor has something to fix (400); failed: nothing
 * stored, our side could not (503 or 500).
 */
export type LeadOutcome = "accepted" | "suspected" | "refused" | "failed";
export const leadOutcomes: readonly LeadOutcome[] = ["accepted", "suspected", "refused", "failed"];

/** Where a storage failure was turned into an answer (mostly a 503 with Retry-After). */
export type StorageFailureSite = "submission" | "api" | "uploads" | "readiness" | "metrics";

export type MetricsRecorder = {
  leadSubmission(form: LeadForm, outcome: LeadOutcome): void;
  storageFailure(kind: StorageFailure, where: StorageFailureSite): void;
  pageCacheLookup(outcome: "hit" | "miss"): void;
};

export const noMetrics: MetricsRecorder = {
  leadSubmission() {},
  storageFailure() {},
  pageCacheLookup() {},
};
