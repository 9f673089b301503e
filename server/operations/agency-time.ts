import { agencyWallClock } from "#shared/agency-time-zone.ts";

/** Dates as the agency reads them, in its time zone: for lists, e-mails and typed days. */

/** An ISO timestamp as the agency reads it: "2026-11-23 14:05" in Cape Town time. */
export function formatLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const p = agencyWallClock(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** How far the agency's wall clock is ahead of UTC at `instant`, in milliseconds. */
function agencyOffsetMs(instant: number): number {
  const p = agencyWallClock(new Date(instant));
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * "YYYY-MM-DD" → the instant of that day's midnight in the agency's time zone, or
 * undefined for anything else (a wrong shape or a day that does not exist).
 */
export function agencyMidnight(date: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  // The offset at UTC midnight is right unless a clock change falls between the two; correct once.
  let instant = utcMidnight - agencyOffsetMs(utcMidnight);
  instant = utcMidnight - agencyOffsetMs(instant);
  return new Date(instant);
}

/** The agency's calendar day at `instant`, "YYYY-MM-DD". */
export function agencyDate(instant: Date): string {
  const p = agencyWallClock(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A "YYYY-MM-DD" day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/** The Monday that starts the agency's week holding `date` ("YYYY-MM-DD"). */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * An ISO timestamp as the agency reads it, with the offset that makes it exact wherever it
 * is read: "2026-11-28 14:05 +02:00". For files people open (the CSV exports); the offset
 * is computed, so it stays right in any time zone, with or without summer time.
 */
export function formatLocalDateTimeWithOffset(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const minutes = Math.round(agencyOffsetMs(instant.getTime()) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `${formatLocalDateTime(iso)} ${sign}${twoDigits(Math.floor(whole / 60))}:${twoDigits(whole % 60)}`;
}
