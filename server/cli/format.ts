import { AGENCY_TIME_ZONE } from "../../shared/forms/appointment";

/**
 * Human output: aligned tables, key/value details and dates in the agency's time zone.
 * Visitor-typed text is made printable first, so it cannot move the cursor or recolour
 * the admin's terminal.
 */

/** Control characters (C0 without tab and newline, DEL, C1) become U+FFFD. */
export function printable(text: string): string {
  let result = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control = (code < 0x20 && char !== "\n" && char !== "\t") || (code >= 0x7f && code <= 0x9f);
    result += control ? "\uFFFD" : char;
  }
  return result;
}

/** One table cell: line breaks and tabs become spaces. */
export function cell(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return "";
  return printable(String(text)).replace(/\s*[\n\t]\s*/g, " ");
}

/** Characters as the terminal counts them (code points, not UTF-16 units). */
function displayWidth(text: string): number {
  return [...text].length;
}

function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

export type Column<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

/** A list's columns, with the bot trap each row tripped when the list shows `--suspected` rows. */
export function withSuspicion<Row extends { suspectedSpam: string | null }>(
  columns: Column<Row>[],
  suspected: boolean | undefined,
): Column<Row>[] {
  return suspected ? [...columns, { header: "SUSPECTED", value: (row) => row.suspectedSpam }] : columns;
}

/** Columns separated by two spaces, padded to the widest cell; no trailing spaces. */
export function formatTable<Row>(columns: Column<Row>[], rows: readonly Row[]): string {
  const cells = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((c) => cell(c.value(row)))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => displayWidth(line[index] ?? ""))));
  return cells
    .map((line) =>
      line
        .map((text, index) => padEnd(text, widths[index] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** "Label: value" lines with the values aligned; multi-line values stay indented under their first line. */
export function formatDetails(pairs: [label: string, value: string | number | null | undefined][]): string {
  const width = Math.max(...pairs.map(([label]) => displayWidth(label))) + 1;
  return pairs
    .map(([label, value]) => {
      const text = value === null || value === undefined || value === "" ? "-" : printable(String(value));
      const indent = " ".repeat(width + 1);
      return `${padEnd(`${label}:`, width)} ${text.replace(/\r?\n/g, `\n${indent}`)}`;
    })
    .join("\n");
}

// Built once: constructing an Intl formatter costs far more than using one.
const agencyClock = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function agencyParts(instant: Date): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
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

/** An ISO timestamp as the agency reads it: "2026-11-23 14:05" in Cape Town time. */
export function formatLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const p = agencyParts(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** How far the agency's wall clock is ahead of UTC at `instant`, in milliseconds. */
function agencyOffsetMs(instant: number): number {
  const p = agencyParts(new Date(instant));
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
