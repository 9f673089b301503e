import { agencyMidnight } from "./agency-time";

/**
 * Checks of what staff typed (a CLI flag, a workspace query) beyond its shape: each
 * answers with the value or with a one-line message the door shows (the CLI exits 1).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const invalid = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** A database id: a whole number from 1. */
export function parseId(text: string, what: string): Parsed<number> {
  if (!/^[1-9]\d{0,15}$/.test(text)) return invalid(`invalid ${what} id "${text}": expected a number`);
  return ok(Number(text));
}

export function parseIds(texts: readonly string[], what: string): Parsed<number[]> {
  const ids: number[] = [];
  for (const text of texts) {
    const id = parseId(text, what);
    if (!id.ok) return id;
    if (!ids.includes(id.value)) ids.push(id.value);
  }
  return ok(ids);
}

/** `--since YYYY-MM-DD`: from that day's midnight in Cape Town, as the ISO instant rows are compared with. */
export function parseSince(text: string | undefined): Parsed<string | undefined> {
  if (text === undefined) return ok(undefined);
  const midnight = agencyMidnight(text);
  if (!midnight) return invalid(`invalid date "${text}": expected YYYY-MM-DD, e.g. 2026-11-23`);
  return ok(midnight.toISOString());
}

/**
 * An "until YYYY-MM-DD" that includes that whole day: the next day's midnight in Cape
 * Town, as the instant rows must be before.
 */
export function parseUntil(text: string | undefined): Parsed<string | undefined> {
  if (text === undefined) return ok(undefined);
  const day = parseSince(text);
  if (!day.ok || !day.value) return day;
  const [year, month, date] = text.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return parseSince(next);
}

/**
 * Positions start at 1. The cap keeps a typo (100 for 10) from giving a page a carousel
 * of a hundred placeholders.
 */
export const MAX_SCREENSHOT_POSITION = 20;

export function parsePosition(text: string, max = MAX_SCREENSHOT_POSITION): Parsed<number> {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    return invalid(`invalid position "${text}": expected a whole number from 1 to ${max}`);
  }
  return ok(value);
}

/** `--older-than 30d` (days) or `12h` (hours), as milliseconds. */
export function parseAge(text: string): Parsed<number> {
  const match = /^([1-9]\d{0,4})([dh])$/.exec(text);
  if (!match) return invalid(`invalid age "${text}": expected a number of days or hours, e.g. 30d or 12h`);
  const hours = match[2] === "d" ? Number(match[1]) * 24 : Number(match[1]);
  return ok(hours * 60 * 60_000);
}
