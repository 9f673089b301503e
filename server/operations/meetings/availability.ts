import type Holidays from "date-holidays";
import { DateTime } from "luxon";
import type { AppConfig } from "#server/platform/config.ts";
import { loadLater } from "#server/platform/load-later.ts";
import type { Db } from "#server/db/database.ts";
import {
  selectAvailabilityRules,
  selectLiveClaims,
  upsertAvailabilityRule,
  type ClaimRow,
} from "#server/db/availability.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { checkPolicy } from "#server/auth/policy.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { refuse, refusedByPolicy, succeeded, type Outcome } from "#shared/outcome.ts";
import type { Parsed } from "#server/operations/input.ts";
import {
  AGENCY_TIME_ZONE,
  agencyDateOf,
  appointmentDateOptions,
  appointmentTimeSlots,
  formatDateLabel,
} from "#shared/forms/appointment.ts";
import type { BookingDay, BookingSlot, SlotReason } from "#shared/booking-calendar.ts";

/**
 * When the agency can meet a visitor (docs/decisions/060-availability-and-slot-claims.md).
 * The specification's frame stays: the 7 times on the next 14 weekdays. Inside it a time is
 * free when the rules allow it (working hours, days off, South Africa's public holidays,
 * minimum notice, at most N meetings a day) and no hold or meeting claims it or the buffer
 * around it. What is claimed is the database's (server/db/availability.ts); this module
 * reads it and says, for a day, which of the 7 times are free, and, for a time, which free
 * times are nearest. The booking page, the workspace, the CLI and the visitor's own
 * manage page all ask here.
 */

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

/** Working hours of one weekday ("09:00" to "17:00"), or null: closed. */
export type WorkingHours = { from: string; to: string } | null;

export type AvailabilityRules = {
  hours: Record<Weekday, WorkingHours>;
  /** Extra days the agency is closed (YYYY-MM-DD), e.g. the year-end break. */
  daysOff: string[];
  /** Whether South Africa's public holidays are closed days. */
  holidays: boolean;
  /** How long before a time a visitor may still take it. */
  noticeHours: number;
  /** Kept free after every meeting (and so before the next). */
  bufferMinutes: number;
  /** Meetings and holds on one day at most. */
  maxPerDay: number;
  /** Instant booking: a free time is confirmed at once; off, a visitor requests. */
  instant: boolean;
};

/** A Cape Town agency's week: office hours on weekdays, a few hours' notice, a quarter-hour between meetings. */
export const defaultAvailabilityRules: AvailabilityRules = {
  hours: {
    mon: { from: "09:00", to: "17:00" },
    tue: { from: "09:00", to: "17:00" },
    wed: { from: "09:00", to: "17:00" },
    thu: { from: "09:00", to: "17:00" },
    fri: { from: "09:00", to: "17:00" },
    sat: null,
    sun: null,
  },
  daysOff: [],
  holidays: true,
  noticeHours: 4,
  bufferMinutes: 15,
  maxPerDay: 5,
  instant: false,
};

/** The rules' names, as `site-admin availability set NAME VALUE` and the workspace take them. */
export const ruleNames = [
  ...weekdays.map((day) => `hours.${day}` as const),
  "days-off",
  "holidays",
  "notice",
  "buffer",
  "max-per-day",
  "instant",
] as const;
export type RuleName = (typeof ruleNames)[number];

const onOff = (text: string): Parsed<boolean> => {
  const value = text.trim().toLowerCase();
  if (value === "on" || value === "off") return { ok: true, value: value === "on" };
  return { ok: false, message: `expected on or off, not "${text}"` };
};

const clock = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function parseHours(text: string): Parsed<WorkingHours> {
  const value = text.trim().toLowerCase();
  if (value === "off" || value === "closed") return { ok: true, value: null };
  const [from = "", to = "", ...rest] = value.split("-").map((part) => part.trim());
  if (rest.length > 0 || !clock.test(from) || !clock.test(to) || minutesOf(from) >= minutesOf(to)) {
    return { ok: false, message: `expected hours like 09:00-17:00, or off; not "${text}"` };
  }
  return { ok: true, value: { from, to } };
}

function parseDaysOff(text: string): Parsed<string[]> {
  const value = text.trim();
  if (value === "" || value.toLowerCase() === "none") return { ok: true, value: [] };
  const days = value.split(/[\s,]+/).filter(Boolean);
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !DateTime.fromISO(day).isValid) {
      return {
        ok: false,
        message: `expected dates like 2026-12-24, separated by commas; "${day}" is not one`,
      };
    }
  }
  return { ok: true, value: [...new Set(days)].sort() };
}

function parseWhole(text: string, unit: "h" | "m" | "", min: number, max: number): Parsed<number> {
  const match = new RegExp(`^(\\d{1,4})${unit ? `\\s*${unit}?` : ""}$`).exec(text.trim().toLowerCase());
  const value = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    const what = unit === "h" ? "hours" : unit === "m" ? "minutes" : "a whole number";
    return { ok: false, message: `expected ${what} from ${min} to ${max}, not "${text}"` };
  }
  return { ok: true, value };
}

/** The rule's value checked and written back the way it is stored. */
function applyRule(rules: AvailabilityRules, name: RuleName, text: string): Parsed<AvailabilityRules> {
  const next: AvailabilityRules = { ...rules, hours: { ...rules.hours } };
  const fail = (message: string): Parsed<AvailabilityRules> => ({
    ok: false,
    message: `${name}: ${message}`,
  });
  if (name.startsWith("hours.")) {
    const hours = parseHours(text);
    if (!hours.ok) return fail(hours.message);
    next.hours[name.slice(6) as Weekday] = hours.value;
    return { ok: true, value: next };
  }
  switch (name) {
    case "days-off": {
      const days = parseDaysOff(text);
      if (!days.ok) return fail(days.message);
      next.daysOff = days.value;
      break;
    }
    case "holidays":
    case "instant": {
      const flag = onOff(text);
      if (!flag.ok) return fail(flag.message);
      next[name] = flag.value;
      break;
    }
    case "notice": {
      const hours = parseWhole(text, "h", 0, 336);
      if (!hours.ok) return fail(hours.message);
      next.noticeHours = hours.value;
      break;
    }
    case "buffer": {
      const minutes = parseWhole(text, "m", 0, 120);
      if (!minutes.ok) return fail(minutes.message);
      // Claims are five-minute cells; a buffer between them would be rounded anyway.
      if (minutes.value % 5 !== 0) return fail(`expected a multiple of 5 minutes, not "${text}"`);
      next.bufferMinutes = minutes.value;
      break;
    }
    case "max-per-day": {
      const count = parseWhole(text, "", 1, 20);
      if (!count.ok) return fail(count.message);
      next.maxPerDay = count.value;
      break;
    }
  }
  return { ok: true, value: next };
}

/** A rule as stored and printed: "09:00-17:00", "off", "2026-12-24,2026-12-31", "4h", "15m", "5", "on". */
export function ruleText(rules: AvailabilityRules, name: RuleName): string {
  if (name.startsWith("hours.")) {
    const hours = rules.hours[name.slice(6) as Weekday];
    return hours ? `${hours.from}-${hours.to}` : "off";
  }
  switch (name) {
    case "days-off":
      return rules.daysOff.length > 0 ? rules.daysOff.join(",") : "none";
    case "holidays":
      return rules.holidays ? "on" : "off";
    case "instant":
      return rules.instant ? "on" : "off";
    case "notice":
      return `${rules.noticeHours}h`;
    case "buffer":
      return `${rules.bufferMinutes}m`;
    default:
      return String(rules.maxPerDay);
  }
}

export const isRuleName = (text: string): text is RuleName => (ruleNames as readonly string[]).includes(text);

/** The rules in force: each stored one over its default. A stored value that no longer parses is ignored. */
export async function readAvailabilityRules(db: Db): Promise<AvailabilityRules> {
  let rules = defaultAvailabilityRules;
  for (const [name, value] of await selectAvailabilityRules(db)) {
    if (!isRuleName(name)) continue;
    const applied = applyRule(rules, name, value);
    if (applied.ok) rules = applied.value;
  }
  return rules;
}

/**
 * Changes rules (`site-admin availability set`, the workspace's Availability form): each
 * checked first, so a bad one changes nothing; stored with its audit entry in one
 * transaction. Admins only (the "availability.update" policy).
 */
export async function setAvailabilityRules(
  { db, actor, now: clock }: Pick<OperationContext, "db" | "actor" | "now">,
  changes: Readonly<Record<string, string>>,
): Promise<Outcome<{ rules: AvailabilityRules; changed: RuleName[] }>> {
  const now = clock();
  const refusal = checkPolicy("availability.update", actor, now);
  if (refusal) return refusedByPolicy(refusal);
  const current = await readAvailabilityRules(db);
  let next = current;
  const fieldErrors: Record<string, string> = {};
  const names: RuleName[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (!isRuleName(name)) {
      return refuse(`unknown rule "${name}": expected one of ${ruleNames.join(", ")}`);
    }
    const applied = applyRule(next, name, value);
    if (!applied.ok) {
      fieldErrors[name] = applied.message;
      continue;
    }
    next = applied.value;
    names.push(name);
  }
  const errors = Object.values(fieldErrors);
  if (errors[0] !== undefined) return refuse(errors[0], fieldErrors);
  const changed = names.filter((name) => ruleText(current, name) !== ruleText(next, name));
  if (changed.length === 0) return succeeded({ rules: next, changed });
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const name of changed) await upsertAvailabilityRule(trx, name, ruleText(next, name), at);
    await recordAudit(
      trx,
      {
        ...actor,
        action: "availability.update",
        target: "availability",
        detail: Object.fromEntries(changed.map((name) => [name, ruleText(next, name)])),
      },
      now,
    );
  });
  return succeeded({ rules: next, changed });
}

// ---- South Africa's public holidays -------------------------------------------------

/** Its tables are some 30 MB held: loaded with the first calendar a visitor or staff open. */
const holidaysPackage = loadLater<typeof Holidays>("date-holidays");
let holidayCalendar: Holidays | undefined;
const holidaysByYear = new Map<number, Map<string, string>>();

/** The public holidays of a year in South Africa by date, with their names (observances are not days off). */
function publicHolidays(year: number): Map<string, string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    const HolidayCalendar = holidaysPackage();
    holidayCalendar ??= new HolidayCalendar("ZA", { timezone: AGENCY_TIME_ZONE });
    days = new Map(
      holidayCalendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => [holiday.date.slice(0, 10), holiday.name]),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** The public holiday on a date (YYYY-MM-DD), by name, or undefined. */
export function publicHolidayOn(date: string): string | undefined {
  return publicHolidays(Number(date.slice(0, 4))).get(date);
}

// ---- Cells and slots ----------------------------------------------------------------

/** The calendar's unit: claims cover whole five-minute cells. */
export const CELL_MINUTES = 5;
const CELL_MS = CELL_MINUTES * 60_000;

/**
 * The cells a meeting from `start` for `minutes`, with `bufferMinutes` kept free after it,
 * claims: from its start rounded down to its end plus the buffer rounded down, and never
 * less than the meeting itself. Both ends round the same way so that two meetings exactly
 * a buffer apart share no cell wherever on the grid they start (staff may choose 10:07);
 * off the grid the database then holds the buffer to within one cell, and the calendar's
 * own check (judgeSlot) holds it exactly.
 */
export function cellsOf(startIso: string, minutes: number, bufferMinutes: number): string[] {
  const at = Date.parse(startIso);
  const start = Math.floor(at / CELL_MS) * CELL_MS;
  const end = Math.max(
    Math.ceil((at + minutes * 60_000) / CELL_MS) * CELL_MS,
    Math.floor((at + (minutes + bufferMinutes) * 60_000) / CELL_MS) * CELL_MS,
  );
  const cells: string[] = [];
  for (let at = start; at < end; at += CELL_MS) cells.push(new Date(at).toISOString());
  return cells;
}

/** The form's seven times read once: luxon builds a parser for each `fromFormat` call. */
const slotClocks = new Map<string, string>();

/** "02:00 PM" (the form's value) → "14:00". */
export function slotClock(slot: string): string {
  let clock = slotClocks.get(slot);
  if (clock === undefined) {
    clock = DateTime.fromFormat(slot, "hh:mm a", { locale: "en-US" }).toFormat("HH:mm");
    if (slotClocks.size < 100) slotClocks.set(slot, clock);
  }
  return clock;
}

/** A Cape Town date and "HH:mm" as a moment; ISO's fixed parser, not a format's. */
const startOf = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: AGENCY_TIME_ZONE });

/**
 * A time on the calendar as a moment and its weekday, kept: the booking page judges 98
 * of them a request, and a zoned luxon date costs more than the rest of the judgement.
 */
const slotStarts = new Map<string, { millis: number; weekday: number }>();
function slotStart(date: string, time: string): { millis: number; weekday: number } {
  const key = `${date}T${time}`;
  let start = slotStarts.get(key);
  if (!start) {
    const moment = startOf(date, time);
    start = { millis: moment.toMillis(), weekday: moment.weekday };
    // A few weeks of the calendar's times; cleared rather than aged, it refills in one request.
    if (slotStarts.size >= 2_000) slotStarts.clear();
    slotStarts.set(key, start);
  }
  return start;
}

/** What the calendar needs to judge a day: the rules, the meeting length, the time. */
export type AvailabilityContext = {
  db: Db;
  config: { followUp: Pick<AppConfig["followUp"], "appointmentMinutes"> };
};

/** Claims and rules read once for a run of days. */
type Snapshot = {
  rules: AvailabilityRules;
  minutes: number;
  now: Date;
  /** What each claiming appointment occupies: its meeting, or the time its hold asks for. */
  busy: { id: number; start: number; end: number }[];
  /** Appointments (ids) claiming on each Cape Town day. */
  perDay: Map<string, Set<number>>;
  /** The dates visitors may choose now (the frame's 14 weekdays). */
  offered: Set<string>;
};

async function snapshot(
  ctx: AvailabilityContext,
  fromDate: string,
  toDate: string,
  now: Date,
): Promise<Snapshot> {
  const rules = await readAvailabilityRules(ctx.db);
  const from = startOf(fromDate, "00:00").minus({ days: 1 }).toUTC().toISO() ?? "";
  const until = startOf(toDate, "00:00").plus({ days: 2 }).toUTC().toISO() ?? "";
  const rows = await selectLiveClaims(ctx.db, { from, until, now: now.toISOString() });
  const busy = new Map<number, { id: number; start: number; end: number }>();
  const perDay = new Map<string, Set<number>>();
  for (const row of rows) {
    if (!busy.has(row.appointment_id))
      busy.set(row.appointment_id, occupied(row, ctx.config.followUp.appointmentMinutes));
    const day = agencyDateOf(new Date(row.cell));
    const ids = perDay.get(day) ?? new Set<number>();
    ids.add(row.appointment_id);
    perDay.set(day, ids);
  }
  return {
    rules,
    minutes: ctx.config.followUp.appointmentMinutes,
    now,
    busy: [...busy.values()],
    perDay,
    offered: new Set(appointmentDateOptions(now).map((option) => option.value)),
  };
}

/**
 * The time a claim stands for: a meeting's own start and length; a hold's requested slot
 * and the usual length. Read from the appointment, not the cells, which also hold the
 * buffer as it was when claimed.
 */
function occupied(row: ClaimRow, minutes: number): { id: number; start: number; end: number } {
  const start = row.scheduled_start
    ? Date.parse(row.scheduled_start)
    : startOf(row.preferred_date, slotClock(row.preferred_time)).toMillis();
  const length = row.scheduled_minutes ?? minutes;
  return { id: row.appointment_id, start, end: start + length * 60_000 };
}

/** Why a whole day is closed, or undefined when it has working hours. */
function closedReason(
  rules: AvailabilityRules,
  date: string,
): { reason: SlotReason; note: string } | undefined {
  const day = DateTime.fromISO(date, { zone: AGENCY_TIME_ZONE });
  const weekday = weekdays[day.weekday - 1] ?? "mon";
  if (day.weekday >= 6) return { reason: "closed", note: "weekend" };
  if (rules.daysOff.includes(date)) return { reason: "closed", note: "the agency is closed" };
  const holiday = rules.holidays ? publicHolidayOn(date) : undefined;
  if (holiday) return { reason: "closed", note: `public holiday: ${holiday}` };
  if (!rules.hours[weekday]) return { reason: "closed", note: "the agency is closed" };
  return undefined;
}

/** One of the 7 times on a day, judged; `exceptId`'s own claims do not count against it. */
function judgeSlot(
  snap: Snapshot,
  date: string,
  closed: ReturnType<typeof closedReason>,
  slot: string,
  exceptId?: number,
): BookingSlot {
  const time = slotClock(slot);
  const { millis: startMs, weekday } = slotStart(date, time);
  const base = { value: slot, time, start: new Date(startMs).toISOString() };
  if (closed) return { ...base, free: false, reason: closed.reason };
  const hours = snap.rules.hours[weekdays[weekday - 1] ?? "mon"];
  const end = minutesOf(time) + snap.minutes;
  if (!hours || minutesOf(time) < minutesOf(hours.from) || end > minutesOf(hours.to)) {
    return { ...base, free: false, reason: "hours" };
  }
  if (startMs < snap.now.getTime() + snap.rules.noticeHours * 3_600_000) {
    return { ...base, free: false, reason: "notice" };
  }
  // Today's buffer on both sides: a meeting must end a buffer before this one and start a buffer after it.
  const buffer = snap.rules.bufferMinutes * 60_000;
  const from = startMs - buffer;
  const until = startMs + snap.minutes * 60_000 + buffer;
  const clash = snap.busy.some((other) => other.id !== exceptId && other.start < until && other.end > from);
  if (clash) return { ...base, free: false, reason: "taken" };
  const booked = [...(snap.perDay.get(date) ?? [])].filter((id) => id !== exceptId);
  if (booked.length >= snap.rules.maxPerDay) return { ...base, free: false, reason: "full" };
  return { ...base, free: true };
}

function judgeDay(snap: Snapshot, date: string, exceptId?: number): BookingDay {
  const closed = closedReason(snap.rules, date);
  // Once a day, not once a time: the day's weekday, days off and holiday are the same for all seven.
  const slots = appointmentTimeSlots.map((slot) => judgeSlot(snap, date, closed, slot, exceptId));
  return {
    date,
    label: formatDateLabel(date),
    offered: snap.offered.has(date),
    ...(closed ? { closed: closed.note } : {}),
    slots,
  };
}

const validDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date).isValid;

/**
 * The 7 times of one day (YYYY-MM-DD, Cape Town), each free or not and why: what
 * `site-admin availability --date` prints. `exceptAppointmentId`: judge as if that
 * appointment's own hold or meeting were not there (when it is the one moving).
 */
export async function freeTimesOfDay(
  ctx: AvailabilityContext,
  date: string,
  now: Date,
  exceptAppointmentId?: number,
): Promise<Outcome<BookingDay>> {
  if (!validDate(date)) return refuse(`invalid date "${date}": expected YYYY-MM-DD, e.g. 2026-12-03`);
  return succeeded(judgeDay(await snapshot(ctx, date, date, now), date, exceptAppointmentId));
}

/**
 * The booking form's calendar: the frame's 14 weekdays from tomorrow, each with its 7 times
 * judged. `exceptAppointmentId` as for freeTimesOfDay.
 */
export async function bookingCalendar(
  ctx: AvailabilityContext,
  now: Date,
  exceptAppointmentId?: number,
): Promise<BookingDay[]> {
  const dates = appointmentDateOptions(now).map((option) => option.value);
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return [];
  const snap = await snapshot(ctx, first, last, now);
  return dates.map((date) => judgeDay(snap, date, exceptAppointmentId));
}

/** A day a visitor may move their appointment to, with only its free times. */
export type FreeDay = { date: string; label: string; times: { value: string; start: string }[] };

/**
 * What a visitor moving their own appointment may choose from: the booking form's days
 * with the times free under the same rules, their appointment's own claim set aside.
 */
export async function freeDaysFor(
  ctx: AvailabilityContext,
  appointmentId: number,
  now: Date,
): Promise<FreeDay[]> {
  const days = await bookingCalendar(ctx, now, appointmentId);
  return days.map((day) => ({
    date: day.date,
    label: day.label,
    times: day.slots.filter((slot) => slot.free).map((slot) => ({ value: slot.value, start: slot.start })),
  }));
}

/** A free time offered instead of one that is not: its day, the form's value and words for a sentence. */
export type FreeTime = { date: string; value: string; start: string; label: string };

const freeTimeOf = (date: string, slot: BookingSlot): FreeTime => ({
  date,
  value: slot.value,
  start: slot.start,
  label: `${formatDateLabel(date)} at ${slot.time}`,
});

/**
 * The free times nearest to `startIso`, soonest first: `count` of them, from the
 * visitors' 14 weekdays (`scope: "visitor"`) or from the week either side of it ("staff",
 * who may look past the window). `exceptAppointmentId` as for freeTimesOfDay.
 */
export async function nearestFreeTimes(
  ctx: AvailabilityContext,
  startIso: string,
  options: { now: Date; count?: number; scope?: "visitor" | "staff"; exceptAppointmentId?: number },
): Promise<FreeTime[]> {
  const { now } = options;
  const count = options.count ?? 3;
  const target = Date.parse(startIso);
  let dates: string[];
  if (options.scope === "staff") {
    const centre = DateTime.fromISO(startIso, { zone: AGENCY_TIME_ZONE });
    const today = agencyDateOf(now);
    dates = [];
    for (let offset = -7; offset <= 7; offset++) {
      const date = centre.plus({ days: offset }).toFormat("yyyy-MM-dd");
      if (date >= today) dates.push(date);
    }
  } else {
    dates = appointmentDateOptions(now).map((option) => option.value);
  }
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return [];
  const snap = await snapshot(ctx, first, last, now);
  const free = dates.flatMap((date) =>
    judgeDay(snap, date, options.exceptAppointmentId)
      .slots.filter((slot) => slot.free && slot.start !== startIso)
      .map((slot) => freeTimeOf(date, slot)),
  );
  return free
    .sort((a, b) => Math.abs(Date.parse(a.start) - target) - Math.abs(Date.parse(b.start) - target))
    .slice(0, count)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** "Tue, 1 Dec 2026 at 15:00, Wed, 2 Dec 2026 at 09:00 or Wed, 2 Dec 2026 at 10:00". */
export function listFreeTimes(times: readonly FreeTime[]): string {
  const labels = times.map((time) => time.label);
  if (labels.length <= 1) return labels[0] ?? "";
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/** The sentence a visitor or staff member reads when a time is not free. */
export function nearestSentence(times: readonly FreeTime[]): string {
  if (times.length === 0) return "There is no free time in the next two weeks: please call or e-mail us.";
  return `The nearest free ${times.length === 1 ? "time is" : "times are"} ${listFreeTimes(times)}.`;
}

/** Whether instant booking is on (an admin's setting; off by default). */
export async function instantBookingIsOn(db: Db): Promise<boolean> {
  return (await readAvailabilityRules(db)).instant;
}

/** The hold's lifetime: a pending request keeps its slot this long (docs/decisions/061-holds-expire.md). */
export const HOLD_HOURS = 72;
