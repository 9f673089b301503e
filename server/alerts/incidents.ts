import type { AlertIncidentRow } from "#server/db/alert-incidents.ts";
import type { OutboxOverview } from "#server/db/outbox.ts";

/**
 * When an alert incident begins and ends (docs/decisions/026-metrics-and-alerts.md), as
 * pure decisions on what the database holds; server/alerts/alert-check.ts carries them out.
 *
 * - dead-mail: an e-mail died (gave up after its last attempt). It begins with a death
 *   newer than any an earlier incident covered, and ends once e-mails go out again (one
 *   was sent after the newest death) or nothing is left dead (a person retried them).
 *   Further deaths meanwhile are part of it, so an outage that kills a hundred e-mails
 *   is one alert.
 * - queue-stalled: the oldest pending e-mail has waited longer than ALERT_QUEUE_MINUTES.
 *   It begins when that becomes true and ends when it is not (the queue drained).
 *
 * The alerts' own e-mails are left out of what is looked at, so an alert that cannot be
 * sent neither opens nor prolongs an incident.
 */

export const alertConditions = ["dead-mail", "queue-stalled"] as const;
export type AlertCondition = (typeof alertConditions)[number];

export type IncidentState = Pick<AlertIncidentRow, "opened_at" | "closed_at" | "covered_until">;

export type Transition =
  { action: "none" } | { action: "open"; coveredUntil?: string } | { action: "close"; coveredUntil?: string };

const none: Transition = { action: "none" };

export function deadMailTransition(state: IncidentState | undefined, outbox: OutboxOverview): Transition {
  const lastDead = outbox.lastDeadAt;
  const covered = state?.covered_until;
  const isNews = lastDead !== null && (!covered || lastDead > covered);
  if (!state?.opened_at) return isNews ? { action: "open", coveredUntil: lastDead } : none;
  if (!lastDead) return { action: "close" };
  if (!outbox.lastSentAt || outbox.lastSentAt <= lastDead) return none;
  // The deaths up to now were this incident's; the watermark never moves back.
  return isNews ? { action: "close", coveredUntil: lastDead } : { action: "close" };
}

/** Whole seconds the oldest pending e-mail has waited at `at`; null when none is pending. */
export function oldestPendingAgeSeconds(outbox: OutboxOverview, at: Date): number | null {
  if (!outbox.oldestPendingAt) return null;
  return Math.max(0, Math.floor((at.getTime() - Date.parse(outbox.oldestPendingAt)) / 1000));
}

export function queueStallTransition(
  state: IncidentState | undefined,
  outbox: OutboxOverview,
  at: Date,
  maxAgeMs: number,
): Transition {
  const age = oldestPendingAgeSeconds(outbox, at);
  const stalled = age !== null && age * 1000 >= maxAgeMs;
  if (!state?.opened_at) return stalled ? { action: "open" } : none;
  return stalled ? none : { action: "close" };
}
