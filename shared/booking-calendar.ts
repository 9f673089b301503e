import { monthNames, weekdayNames } from "./calendar-names";
/**
 * The booking form's calendar as the server judges it (server/operations/meetings/availability.ts)
 * and the page shows it: each of the 7 times on each offered day, free or not and why.
 */

/** Why a time is not free: taken (a hold or meeting), the day is full, too soon, outside hours, a closed day. */
export type SlotReason = "taken" | "full" | "notice" | "hours" | "closed";

export type BookingSlot = {
  /** The form's value: "02:00 PM". */
  value: string;
  /** "14:00" in Cape Town time. */
  time: string;
  /** The start as an ISO instant. */
  start: string;
  free: boolean;
  reason?: SlotReason;
};

export type BookingDay = {
  date: string;
  label: string;
  /** Whether visitors may choose this date now (the specification's 14 weekdays). */
  offered: boolean;
  /** Why the whole day is closed ("public holiday: Day of Reconciliation"), if it is. */
  closed?: string;
  slots: BookingSlot[];
};

/** What the booking page knows of the calendar: the mode and the days. */
export type BookingCalendar = { instant: boolean; days: BookingDay[] };

/** Whether a day has no free time left. */
export const dayIsFull = (day: BookingDay) => day.slots.every((slot) => !slot.free);

/** "2026-12-03" → "Thursday 3 December", as a sentence says it. */
export function spokenDate(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return `${weekdayNames[day.getUTCDay()]} ${day.getUTCDate()} ${monthNames[day.getUTCMonth()]}`;
}

/** "02:00 PM" → "14:00". */
export function clockOf(slot: string): string {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) return slot;
  const hour = (Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${match[2]}`;
}

/**
 * The line beside the time field (request mode): whether the chosen time is free and, if
 * not, the nearest free ones. Undefined until a date and a time are chosen.
 */
export function slotStatusLine(days: readonly BookingDay[], date: string, value: string): string | undefined {
  const day = days.find((candidate) => candidate.date === date);
  const slot = day?.slots.find((candidate) => candidate.value === value);
  if (!day || !slot) return undefined;
  const when = `${slot.time} on ${spokenDate(date)}`;
  if (slot.free) return `${when} is free.`;
  const nearest = nearestFree(days, slot.start, 3);
  const why = slot.reason === "taken" || slot.reason === "full" ? "is already taken" : "is not available";
  if (nearest.length === 0) return `${when} ${why}; no other time is free in the next two weeks.`;
  const list = nearest.map((free) => `${spokenDate(free.date)} at ${free.time}`);
  const spoken = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} or ${list.at(-1)}`;
  return `${when} ${why}; the nearest free ${nearest.length === 1 ? "time is" : "times are"} ${spoken}.`;
}

/** The free times nearest to `start`, soonest first. */
export function nearestFree(
  days: readonly BookingDay[],
  start: string,
  count: number,
): (BookingSlot & { date: string })[] {
  const target = Date.parse(start);
  return days
    .flatMap((day) => day.slots.filter((slot) => slot.free).map((slot) => ({ ...slot, date: day.date })))
    .sort((a, b) => Math.abs(Date.parse(a.start) - target) - Math.abs(Date.parse(b.start) - target))
    .slice(0, count)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** After a request: "We have your request for Thursday 3 December at 14:00; the link to change it is in your e-mail." */
export function requestSummary(date: string, value: string, instant: boolean): string {
  const when = `${spokenDate(date)} at ${clockOf(value)}`;
  return instant
    ? `Your meeting on ${when} is booked; the invitation and the link to change it are in your e-mail.`
    : `We have your request for ${when}; the link to change it is in your e-mail.`;
}
