import type { Kysely } from "kysely";
import type { AppointmentRequestRow, Database, Timestamp } from "./schema";

type Writer = Kysely<Database>;

/**
 * The visitor's private links to their appointment (by their token's hash), the times the
 * booking frame counts as taken, where a meeting is, and the reminders' claim
 * (docs/decisions/062-visitor-manages-booking.md).
 */

export async function insertManageLink(
  db: Writer,
  link: { token_hash: string; appointment_id: number; created_at: Timestamp },
): Promise<void> {
  await db.insertInto("appointment_manage_links").values(link).execute();
}

export type ManageLinkRow = { appointment_id: number; created_at: Timestamp; used_at: Timestamp | null };

export async function findManageLink(db: Writer, tokenHash: string): Promise<ManageLinkRow | undefined> {
  return db
    .selectFrom("appointment_manage_links")
    .select(["appointment_id", "created_at", "used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Retires every link of the appointment still open (a change by the visitor used them). */
export async function retireManageLinks(db: Writer, appointmentId: number, at: Timestamp): Promise<void> {
  await db
    .updateTable("appointment_manage_links")
    .set({ used_at: at })
    .where("appointment_id", "=", appointmentId)
    .where("used_at", "is", null)
    .execute();
}

/** Deletes an appointment's links (its erasure); answers how many. */
export async function deleteManageLinks(db: Writer, appointmentIds: number[]): Promise<number> {
  if (appointmentIds.length === 0) return 0;
  const result = await db
    .deleteFrom("appointment_manage_links")
    .where("appointment_id", "in", appointmentIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A request as the booking frame sees it: confirmed at its start, or still asked for at its slot. */
/** Moves a request not yet confirmed to another requested slot, if nobody changed it since it was read. */
export async function moveRequestedSlot(
  db: Writer,
  id: number,
  readSequence: number,
  slot: { preferred_date: string; preferred_time: string; calendar_sequence: number },
): Promise<boolean> {
  const result = await db
    .updateTable("appointment_requests")
    .set(slot)
    .where("id", "=", id)
    .where("schedule_status", "is", null)
    .where("calendar_sequence", "=", readSequence)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels a request not yet confirmed, if nobody changed it since it was read. */
export async function cancelRequestedSlot(
  db: Writer,
  id: number,
  readSequence: number,
  calendarSequence: number,
): Promise<boolean> {
  const result = await db
    .updateTable("appointment_requests")
    .set({ schedule_status: "cancelled", calendar_sequence: calendarSequence })
    .where("id", "=", id)
    .where("schedule_status", "is", null)
    .where("calendar_sequence", "=", readSequence)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setMeetingPlace(db: Writer, id: number, place: string | null): Promise<boolean> {
  const result = await db
    .updateTable("appointment_requests")
    .set({ meeting_place: place })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the confirmed meetings starting in [from, until) whose visitor has had no reminder
 * for that start, marking each reminded for it in the same statement: of several instances
 * (or runs) only one claims a meeting. A moved meeting's new start is claimed afresh.
 */
export async function claimDueReminders(
  db: Writer,
  range: { from: Timestamp; until: Timestamp },
): Promise<AppointmentRequestRow[]> {
  const due = await db
    .selectFrom("appointment_requests")
    .select(["id", "scheduled_start"])
    .where("schedule_status", "=", "confirmed")
    .where("scheduled_start", ">=", range.from)
    .where("scheduled_start", "<", range.until)
    .where((eb) =>
      eb.or([eb("reminded_start", "is", null), eb("reminded_start", "!=", eb.ref("scheduled_start"))]),
    )
    .execute();
  const claimed: AppointmentRequestRow[] = [];
  for (const row of due) {
    // Only while the start is still the one read: a claim by another runner, or a move
    // meanwhile, leaves this one without a row.
    const rows = await db
      .updateTable("appointment_requests")
      .set({ reminded_start: row.scheduled_start })
      .where("id", "=", row.id)
      .where("schedule_status", "=", "confirmed")
      .where("scheduled_start", "=", row.scheduled_start)
      .where((eb) =>
        eb.or([eb("reminded_start", "is", null), eb("reminded_start", "!=", eb.ref("scheduled_start"))]),
      )
      .returningAll()
      .execute();
    claimed.push(...rows);
  }
  return claimed;
}
