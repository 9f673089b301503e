import type { Kysely } from "kysely";
import type { AppointmentRequestRow, Database, Timestamp } from "./schema";

/** A confirmed appointment as the meetings list reads it. */
export type MeetingRow = Pick<
  AppointmentRequestRow,
  "id" | "name" | "company" | "service_type" | "scheduled_start" | "scheduled_minutes"
>;

/**
 * Confirmed (not cancelled) appointments starting at or after `from` and before `until`,
 * soonest first. Starts are stored as UTC ISO strings of one shape, so they compare as text
 * on both engines.
 */
export async function listConfirmedMeetings(
  db: Kysely<Database>,
  range: { from: Timestamp; until?: Timestamp; limit: number },
): Promise<MeetingRow[]> {
  let query = db
    .selectFrom("appointment_requests")
    .select(["id", "name", "company", "service_type", "scheduled_start", "scheduled_minutes"])
    .where("schedule_status", "=", "confirmed")
    .where("scheduled_start", ">=", range.from);
  if (range.until) query = query.where("scheduled_start", "<", range.until);
  return query.orderBy("scheduled_start").orderBy("id").limit(range.limit).execute();
}
