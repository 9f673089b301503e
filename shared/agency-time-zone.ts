/**
 * The agency's calendar: dates are offered and checked, and times shown, in Cape Town time.
 * A module of its own so what only reads the clock (a preview's expiry) does not bring the
 * appointment form's rules into the visitor pages' bundle (docs/decisions/037-visitor-chunks.md).
 */
export const AGENCY_TIME_ZONE = "Africa/Johannesburg";

// Built once, on first use (visitor pages import this module only for the zone's name):
// constructing an Intl formatter costs far more than using one.
let agencyClock: Intl.DateTimeFormat | undefined;
const agencyClockOptions: Intl.DateTimeFormatOptions = {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

export type WallClock = Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** The agency's wall clock at `instant`, each part zero-padded: { year: "2026", month: "11", ... }. */
export function agencyWallClock(instant: Date): WallClock {
  agencyClock ??= new Intl.DateTimeFormat("en-US", agencyClockOptions);
  const parts = agencyClock.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}
