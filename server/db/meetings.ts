import type { Kysely } from "kysely";
import type { AppointmentRequestRow, Database, Timestamp } from "./schema";

/** A confirmed appointment as the meetings list reads it. */
export type MeetingRow = Pick<
  AppointmentRequestRow,
  "id" | "name" | "company" | "service_type" | "scheduled_start" | "scheduled_minutes" | "owner_id"
>;

/**
 * Confirmed (not cancelled) appointments starting at or after `from` and before `until`,
 * soonest first; with `ownerId`, only those that account takes. Starts are stored as UTC ISO strings of one shape, so they compare as text
 * on both engines.
 */
export async function listConfirmedMeetings(
  db: Kysely<Database>,
  range: { from: Timestamp; until?: Timestamp; limit: number; ownerId?: number },
): Promise<MeetingRow[]> {
  let query = db
    .selectFrom("appointment_requests")
    .select(["id", "name", "company", "service_type", "scheduled_start", "scheduled_minutes", "owner_id"])
    .where("schedule_status", "=", "confirmed")
    .where("scheduled_start", ">=", range.from);
  if (range.until) query = query.where("scheduled_start", "<", range.until);
  if (range.ownerId !== undefined) query = query.where("owner_id", "=", range.ownerId);
  return query.orderBy("scheduled_start").orderBy("id").limit(range.limit).execute();
}
