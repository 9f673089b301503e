/**
 * "2025-03-12" → "12 Mar 2025": the one way the site and the workspace write a day
 * (docs/decisions/043-news-form-and-categories.md), as the workspace's dates and times
 * already read ("12 Mar 2025, 14:05"). UTC, so server and browser render the same text
 * (no hydration mismatch).
 */
// en-GB: "1 Mar", where en-ZA writes "01 Mar".
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export function formatIsoDate(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

const weekdayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "2026-11-23" → "Monday 23 Nov": a day close enough that its year goes without saying. */
export function formatWeekday(isoDate: string): string {
  // Some ICU versions put a comma after the weekday: without it, server and browser agree.
  return weekdayFormat.format(new Date(`${isoDate}T00:00:00Z`)).replace(",", "");
}
