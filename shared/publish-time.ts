import { AGENCY_TIME_ZONE, agencyWallClock } from "#shared/agency-time-zone.ts";

/**
 * A scheduled item's publish time as the agency reads it, the same in the workspace and
 * the CLI: "Mon 30 Nov 2026, 08:00" in its time zone. Typed as "2026-11-30 08:00".
 */

/** The form a publish time is typed in, in the agency's time zone. */
export const PUBLISH_TIME_FORMAT = "YYYY-MM-DD HH:MM";

/** What staff are told when no publish time came (the picker sends only real ones). */
export const PUBLISH_TIME_MISSING = "Choose the day and time to publish it.";

// Built once: constructing an Intl formatter costs far more than using one.
const publishClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: AGENCY_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * An instant as a date-and-time picker's value in the agency's time zone,
 * "2026-11-30T08:00": the picker has no zone of its own, and the server reads it as agency time.
 */
export function pickerTime(instant: Date): string {
  const clock = agencyWallClock(instant);
  return `${clock.year}-${clock.month}-${clock.day}T${clock.hour}:${clock.minute}`;
}

/** "2026-11-30T06:00:00.000Z" → "Mon 30 Nov 2026, 08:00". */
export function formatPublishTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const parts = publishClock.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}

/** What a list shows for an item: "Published", "Draft", or "Scheduled for Mon 30 Nov 2026, 08:00". */
export function describePublishState(item: { status: string; publishAt: string | null }): string {
  if (item.status === "published") return "Published";
  return item.publishAt ? `Scheduled for ${formatPublishTime(item.publishAt)}` : "Draft";
}
