import { AGENCY_TIME_ZONE } from "#shared/agency-time-zone.ts";

/**
 * A date and time as staff read it: in South African time, whatever the browser's zone,
 * e.g. "5 Nov 2026, 14:05". `formatDay` for a date alone.
 */
// en-GB writes the day as the site does ("1 Nov 2026", shared/format-date.ts); en-ZA pads it.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: AGENCY_TIME_ZONE,
});
const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: AGENCY_TIME_ZONE });

export function formatWhen(iso: string | number): string {
  return dateTime.format(new Date(iso));
}

export function formatDay(iso: string | number): string {
  return day.format(new Date(iso));
}
