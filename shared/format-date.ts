/** "2025-03-12" → "12 March 2025"; UTC so server and browser render the same text (no hydration mismatch). */
export function formatIsoDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-ZA", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
