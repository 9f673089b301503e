import type { Db } from "#server/db/database.ts";
import { listHeldTimes } from "#server/db/appointment-manage.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { agencyDateOf, appointmentDateOptions, appointmentTimeSlots } from "#shared/forms/appointment.ts";
import { requestedStart } from "./appointment-times";

/**
 * INTERIM: the free times a visitor may move their appointment to, until the availability
 * rules (server/operations/appointments/availability.ts: working hours, holidays, notice,
 * buffers) replace this one function. It offers the specification's frame (the booking
 * form's 7 times on its 14 weekdays) minus the times another confirmed meeting or pending
 * request holds. The database's claim on a slot, not this list, is what stops a double
 * booking: the move itself goes through the reschedule operation.
 */

export type FreeDay = { date: string; label: string; times: { value: string; start: string }[] };

/** A confirmed start as the frame's slot key ("2026-12-03 02:00 PM"). */
function slotKeyOf(startIso: string): string | undefined {
  const [day = "", time = ""] = formatLocalDateTime(startIso).split(" ");
  const [hours = "", minutes = ""] = time.split(":");
  const hour = Number(hours);
  if (!day || !Number.isInteger(hour)) return undefined;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${day} ${String(twelve).padStart(2, "0")}:${minutes} ${hour < 12 ? "AM" : "PM"}`;
}

export async function interimFreeTimes(db: Db, now: Date, exceptAppointmentId: number): Promise<FreeDay[]> {
  const held = await listHeldTimes(db, { from: now.toISOString(), fromDay: agencyDateOf(now) });
  const taken = new Set<string>();
  for (const row of held) {
    if (row.id === exceptAppointmentId) continue;
    const key =
      row.schedule_status === "confirmed" && row.scheduled_start
        ? slotKeyOf(row.scheduled_start)
        : `${row.preferred_date} ${row.preferred_time}`;
    if (key) taken.add(key);
  }
  return appointmentDateOptions(now).map((day) => ({
    date: day.value,
    label: day.label,
    times: appointmentTimeSlots
      .filter((time) => !taken.has(`${day.value} ${time}`))
      .map((time) => ({ value: time, start: requestedStart(day.value, time) ?? "" }))
      .filter((slot) => slot.start !== "" && Date.parse(slot.start) > now.getTime()),
  }));
}
