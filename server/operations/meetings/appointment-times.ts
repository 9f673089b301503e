import { DateTime } from "luxon";
import { AGENCY_TIME_ZONE, formatDateLabel } from "#shared/forms/appointment.ts";

/**
 * An appointment's times in the agency's zone (Africa/Johannesburg): the requested slot
 * as an instant, what staff type after `--at`, and how e-mails write a time.
 */

/** "2026-12-03" and "10:00 AM" (requirements §5 slots) → the ISO instant; undefined if either is malformed. */
export function requestedStart(date: string, time: string): string | undefined {
  const start = DateTime.fromFormat(`${date} ${time}`, "yyyy-MM-dd hh:mm a", {
    zone: AGENCY_TIME_ZONE,
    locale: "en-US",
  });
  return start.isValid ? (start.toUTC().toISO() ?? undefined) : undefined;
}

/** `--at "2026-12-03 10:00"` (24-hour clock, Cape Town time) → the ISO instant, or undefined. */
export function parseAgencyDateTime(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text)) return undefined;
  const start = DateTime.fromFormat(text, "yyyy-MM-dd HH:mm", { zone: AGENCY_TIME_ZONE });
  return start.isValid ? (start.toUTC().toISO() ?? undefined) : undefined;
}

/** "Thu, 3 Dec 2026, 10:00 to 10:45" in Cape Town time. */
export function formatAppointmentTime(startIso: string, minutes: number): string {
  const start = DateTime.fromISO(startIso, { zone: AGENCY_TIME_ZONE });
  const end = start.plus({ minutes });
  const day = formatDateLabel(start.toFormat("yyyy-MM-dd"));
  const endText = end.hasSame(start, "day")
    ? end.toFormat("HH:mm")
    : `${formatDateLabel(end.toFormat("yyyy-MM-dd"))} ${end.toFormat("HH:mm")}`;
  return `${day}, ${start.toFormat("HH:mm")} to ${endText}`;
}
