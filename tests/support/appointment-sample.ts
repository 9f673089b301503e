import type { Db } from "#server/db/database.ts";
import { insertAppointmentRequest } from "#server/db/leads.ts";

/** Monday 23 November 2026, 10:00 in Cape Town: "now" for the appointment form's unit tests. */
export const sampleMonday = new Date("2026-11-23T08:00:00Z");

/** A valid request on sampleMonday (the next day, the first slot), as the schema reads it. */
export const sampleAppointment = {
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  phone: "+27 82 555 0142",
  service_type: "consultation",
  preferred_date: "2026-11-24",
  preferred_time: "09:00 AM",
  project_details: "A booking portal for our clients.",
};

/**
 * A request stored and confirmed directly (no e-mails), `start` three days from now at
 * `hourUtc`: a card for the Meetings page and the calendar feeds to show.
 */
export async function insertConfirmedMeeting(
  db: Db,
  meeting: {
    name: string;
    email: string;
    company?: string;
    hourUtc: number;
    minutes: number;
    ownerId?: number;
  },
): Promise<void> {
  const start = new Date(Date.now() + 3 * 24 * 3_600_000);
  start.setUTCHours(meeting.hourUtc, 0, 0, 0);
  const id = await insertAppointmentRequest(db, {
    name: meeting.name,
    email: meeting.email,
    phone: "+27825550142",
    company: meeting.company ?? null,
    service_type: "maintenance",
    preferred_date: start.toISOString().slice(0, 10),
    preferred_time: "10:00 AM",
    project_details: "Support for our site.",
    created_at: new Date().toISOString(),
  });
  await db
    .updateTable("appointment_requests")
    .set({
      schedule_status: "confirmed",
      scheduled_start: start.toISOString(),
      scheduled_minutes: meeting.minutes,
      calendar_sequence: 1,
      ...(meeting.ownerId === undefined ? {} : { owner_id: meeting.ownerId }),
    })
    .where("id", "=", id)
    .execute();
}
