import { DateTime } from "luxon";
import { findAppointmentRequest } from "#server/db/leads.ts";
import { selectStaffNames, type StaffName } from "#server/db/lead-owners.ts";
import { listConfirmedMeetings, type MeetingRow } from "#server/db/meetings.ts";
import type { Db } from "#server/db/database.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { parseSince } from "#server/operations/input.ts";
import { notFound, refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import {
  AGENCY_TIME_ZONE,
  agencyDateOf,
  formatDateLabel,
  serviceTypeOptions,
} from "#shared/forms/appointment.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import {
  meetingLengths,
  type MeetingDay,
  type MeetingItem,
  type MeetingList,
  type MeetingPlan,
} from "#shared/staff-meetings.ts";
import { appointmentInboxId } from "./appointment-records";
import { requestedStart } from "./appointment-times";
import { nearestFreeTimes, readAvailabilityRules } from "./availability";
import { bookingsInTheWay, namedBookings } from "./slot-claims";

/**
 * The meetings staff agreed with visitors: the confirmed appointments by Cape Town day,
 * and what a request's Meeting form starts from.
 */

/** More than a sales desk books in months; a list longer than this is cut, soonest kept. */
const MAX_MEETINGS = 500;

const inAgencyZone = (iso: string) => DateTime.fromISO(iso, { zone: AGENCY_TIME_ZONE });

/**
 * "2026-12-03" and "10:00" in Cape Town time. Through the agency clock's one formatter: a
 * luxon DateTime per row made a list of 500 meetings take about 250 ms instead of a few.
 */
function agencyDayAndTime(instant: number): [day: string, time: string] {
  const [day = "", time = ""] = formatLocalDateTime(new Date(instant).toISOString()).split(" ");
  return [day, time];
}

function toMeetingItem(
  row: MeetingRow,
  day: string,
  startTime: string,
  taker: StaffName | undefined,
): MeetingItem {
  const start = row.scheduled_start ?? "";
  const minutes = row.scheduled_minutes ?? 0;
  const [endDay, endTime] = agencyDayAndTime(Date.parse(start) + minutes * 60_000);
  const endText = endDay === day ? endTime : `${formatDateLabel(endDay)} ${endTime}`;
  return {
    id: appointmentInboxId(row.id),
    start,
    minutes,
    time: `${startTime} to ${endText}`,
    name: row.name,
    company: row.company,
    service: answerLabel(serviceTypeOptions, row.service_type) ?? row.service_type,
    taker: taker ? { email: taker.email, disabled: taker.disabled } : null,
  };
}

/** Meetings in order, gathered under the Cape Town day each starts on. */
function byDay(rows: MeetingRow[], today: string, staff: Map<number, StaffName>): MeetingDay[] {
  const days: MeetingDay[] = [];
  for (const row of rows) {
    const [date, time] = agencyDayAndTime(Date.parse(row.scheduled_start ?? ""));
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, label: formatDateLabel(date), today: date === today, meetings: [] };
      days.push(day);
    }
    const taker = row.owner_id === null ? undefined : staff.get(row.owner_id);
    day.meetings.push(toMeetingItem(row, date, time, taker));
  }
  return days;
}

/**
 * Confirmed meetings from the start of `fromDay` (YYYY-MM-DD, Cape Town), or of today
 * when none is given: today's first, earlier ones only when asked for. With `takerId`, only
 * the meetings that account takes (the lead's owner): the page's "Mine".
 */
export async function listMeetings(
  db: Db,
  fromDay: string | undefined,
  now: Date,
  takerId?: number,
): Promise<Outcome<MeetingList>> {
  const today = agencyDateOf(now);
  const from = fromDay ?? today;
  const since = parseSince(from);
  if (!since.ok || !since.value) return refuse(since.ok ? `invalid date "${from}"` : since.message);
  const [rows, staff] = await Promise.all([
    listConfirmedMeetings(db, { from: since.value, limit: MAX_MEETINGS, ownerId: takerId }),
    selectStaffNames(db),
  ]);
  return succeeded({ from, today, mine: takerId !== undefined, days: byDay(rows, today, staff) });
}

/**
 * What the request's Meeting form offers: its confirmed time and length, or else the
 * time the visitor asked for and the agency's default length (APPOINTMENT_MINUTES, as
 * `appointments confirm` uses without --duration).
 */
export async function planMeeting(
  ctx: Pick<OperationContext, "db" | "config">,
  rowId: number,
  now: Date,
  mayOverride = false,
): Promise<Outcome<MeetingPlan>> {
  const row = await findAppointmentRequest(ctx.db, rowId);
  if (!row) return notFound(`unknown appointment id ${rowId}`);
  const start = row.scheduled_start ?? requestedStart(row.preferred_date, row.preferred_time);
  const local = start ? inAgencyZone(start) : undefined;
  const minutes = row.scheduled_minutes ?? ctx.config.followUp.appointmentMinutes;
  const lengths = [...new Set<number>([...meetingLengths, minutes])].sort((a, b) => a - b);
  const taken =
    row.schedule_status === null && start ? await whoHasIt(ctx, row.id, start, minutes, now) : undefined;
  return succeeded({
    id: appointmentInboxId(row.id),
    schedule: row.schedule_status,
    date: local?.toFormat("yyyy-MM-dd") ?? row.preferred_date,
    time: local?.toFormat("HH:mm") ?? "",
    minutes,
    lengths,
    ...(taken ? { taken } : {}),
    ...(mayOverride ? { mayOverride: true as const } : {}),
  });
}

/**
 * A request for a time someone else holds or has: who, and the free times nearest to it
 * (staff may look past the visitors' two weeks). Undefined when the time is free of others.
 */
async function whoHasIt(
  ctx: Pick<OperationContext, "db" | "config">,
  id: number,
  start: string,
  minutes: number,
  now: Date,
): Promise<MeetingPlan["taken"]> {
  const { bufferMinutes } = await readAvailabilityRules(ctx.db);
  const others = await bookingsInTheWay(ctx.db, { appointmentId: id, start, minutes, bufferMinutes, now });
  if (others.length === 0) return undefined;
  const free = await nearestFreeTimes(ctx, start, { now, scope: "staff", exceptAppointmentId: id });
  return {
    by: namedBookings(others),
    freeTimes: free.map((time) => ({
      date: time.date,
      time: inAgencyZone(time.start).toFormat("HH:mm"),
      label: time.label,
    })),
  };
}
