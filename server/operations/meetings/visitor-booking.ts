import type { Db } from "#server/db/database.ts";
import { cancelRequestedSlot, moveRequestedSlot, retireManageLinks } from "#server/db/appointment-manage.ts";
import { deleteSlotClaims } from "#server/db/availability.ts";
import { recordStatusChange } from "#server/db/lead-follow-up.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { AppointmentRequestRow } from "#server/db/schema.ts";
import { APPOINTMENT_UPDATE } from "#server/mail/appointment-update-message.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import {
  appointmentUpdates,
  cancelAppointmentRequest,
  ownerAddressOf,
  rescheduleAppointmentRequest,
} from "./appointment-schedule";
import { formatAppointmentTime, requestedStart } from "./appointment-times";
import { freeDaysFor, readAvailabilityRules, type FreeDay } from "./availability";
import { issueManageLink, resolveManageLink, startOf, type ManageLinkState } from "./manage-links";
import { meetingPlaceOf } from "./meeting-place";
import { holdSlot, SlotTaken } from "./slot-claims";

/**
 * The visitor's own page for their appointment, opened by the private link in its e-mails
 * (docs/decisions/062-visitor-manages-booking.md): what they asked for or agreed, and a
 * move to another free time or a cancellation. A confirmed meeting moves and is cancelled
 * through the staff's own operations (the same calendar update, SEQUENCE and history,
 * and whatever claim on the slot they make); a request not yet confirmed moves its
 * requested slot. Either way the history says "by the visitor", the links they had retire
 * and the e-mail about the change brings a new one, and the owner (or the agency inbox)
 * gets the agency's copy.
 */

type BookingContext = Pick<OperationContext, "db" | "config" | "now">;

/** How the history and the e-mails name who made the change. */
export const BY_VISITOR = "the visitor";

export type ManageView =
  | { state: "invalid" }
  | { state: "used" | "expired" | "cancelled"; when: string }
  | {
      state: "open";
      status: "requested" | "confirmed";
      when: string;
      place: string;
      service: string;
      /** The current slot, as the form's values: "2026-12-03" and "02:00 PM". */
      date: string;
      time: string;
      freeDays: FreeDay[];
    };

export type ManageChange =
  { ok: true; done: "moved" | "cancelled"; when: string } | { ok: false; message: string; field?: "slot" };

const whenOf = (row: AppointmentRequestRow, minutes: number) => {
  const start = startOf(row);
  return start ? formatAppointmentTime(start, row.scheduled_minutes ?? minutes) : row.preferred_date;
};

const notOpen: Record<Exclude<ManageLinkState["state"], "open">, string> = {
  invalid: "This link does not open an appointment. Use the newest e-mail we sent you, or reply to it.",
  used: "This link was used to change your appointment, so it no longer works. The e-mail about that change has a new one.",
  expired: "This link has expired: the appointment's time has passed.",
  cancelled: "This appointment is cancelled.",
};

export function notOpenMessage(state: Exclude<ManageLinkState["state"], "open">): string {
  return notOpen[state];
}

/** What the page shows for a token. */
export async function openManagePage(ctx: BookingContext, token: string): Promise<ManageView> {
  const now = ctx.now();
  const link = await resolveManageLink(ctx.db, token, now);
  const minutes = ctx.config.followUp.appointmentMinutes;
  if (link.state === "invalid") return { state: "invalid" };
  if (link.state !== "open") return { state: link.state, when: whenOf(link.row, minutes) };
  const { row } = link;
  const place = await meetingPlaceOf(ctx, row);
  const start = startOf(row) ?? "";
  const [date = row.preferred_date] = formatLocalDateTime(start).split(" ");
  return {
    state: "open",
    status: row.schedule_status === "confirmed" ? "confirmed" : "requested",
    when: whenOf(row, minutes),
    place: place.label,
    service: answerLabel(serviceTypeOptions, row.service_type) ?? row.service_type,
    date,
    time: row.schedule_status === "confirmed" ? "" : row.preferred_time,
    freeDays: await freeDaysFor(ctx, row.id, now),
  };
}

const changedMeanwhile: ManageChange = {
  ok: false,
  message: "Your appointment changed while you were choosing. Look at it again below and choose once more.",
};

const takenMeanwhile = {
  ok: false,
  message: "That time is not free any more: choose another.",
  field: "slot",
} as const;

/** The slot "2026-12-03" + "02:00 PM" if the availability rules leave it free now; else a sentence. */
async function freeSlot(
  ctx: BookingContext,
  row: AppointmentRequestRow,
  slot: { date: unknown; time: unknown },
  now: Date,
): Promise<{ ok: true; start: string } | { ok: false; message: string; field: "slot" }> {
  if (typeof slot.date !== "string" || typeof slot.time !== "string" || !slot.date || !slot.time) {
    return { ok: false, message: "Choose a day and a time.", field: "slot" };
  }
  const days = await freeDaysFor(ctx, row.id, now);
  const free = days.find((day) => day.date === slot.date)?.times.find((time) => time.value === slot.time);
  if (!free) {
    return takenMeanwhile;
  }
  if (free.start === startOf(row)) {
    return { ok: false, message: "Your appointment is already at that time: choose another.", field: "slot" };
  }
  return { ok: true, start: free.start };
}

/** Moves the appointment to another free time. */
export async function moveByVisitor(
  ctx: BookingContext,
  token: string,
  slot: { date: unknown; time: unknown },
): Promise<ManageChange> {
  const now = ctx.now();
  const link = await resolveManageLink(ctx.db, token, now);
  if (link.state !== "open") return { ok: false, message: notOpen[link.state] };
  const { row } = link;
  const chosen = await freeSlot(ctx, row, slot, now);
  if (!chosen.ok) return chosen;
  if (row.schedule_status === "confirmed") {
    // The instant this change was read at, so the link, the free time and the move agree.
    const moved = await rescheduleAppointmentRequest({ ...ctx, now: () => now }, String(row.id), {
      at: formatLocalDateTime(chosen.start),
      by: BY_VISITOR,
      visitor: true,
    });
    if (!moved.ok) {
      return moved.reason === "conflict"
        ? changedMeanwhile
        : { ok: false, message: moved.fieldErrors?.at ?? moved.message, field: "slot" };
    }
    return { ok: true, done: "moved", when: moved.value.when };
  }
  const date = typeof slot.date === "string" ? slot.date : "";
  const time = typeof slot.time === "string" ? slot.time : "";
  const done = await changeRequest(ctx, row, { date, time }, now);
  return done ?? changedMeanwhile;
}

/** Cancels the appointment (a confirmed meeting, or a request not yet confirmed). */
export async function cancelByVisitor(ctx: BookingContext, token: string): Promise<ManageChange> {
  const now = ctx.now();
  const link = await resolveManageLink(ctx.db, token, now);
  if (link.state !== "open") return { ok: false, message: notOpen[link.state] };
  const { row } = link;
  if (row.schedule_status === "confirmed") {
    const cancelled = await cancelAppointmentRequest({ ...ctx, now: () => now }, String(row.id), {
      by: BY_VISITOR,
      visitor: true,
    });
    if (!cancelled.ok) return changedMeanwhile;
    return { ok: true, done: "cancelled", when: cancelled.value.when };
  }
  return (await changeRequest(ctx, row, undefined, now)) ?? changedMeanwhile;
}

/**
 * A request not yet confirmed: moved to `slot`, or cancelled (no slot). The visitor's e-mail
 * says so (no calendar object: nothing is in their calendar yet) and the agency's tentative
 * entry moves or is cancelled, SEQUENCE one higher. Undefined: someone changed it meanwhile.
 */
async function changeRequest(
  ctx: BookingContext,
  row: AppointmentRequestRow,
  slot: { date: string; time: string } | undefined,
  now: Date,
): Promise<ManageChange | undefined> {
  const minutes = ctx.config.followUp.appointmentMinutes;
  const start = slot ? requestedStart(slot.date, slot.time) : startOf(row);
  if (!start) return undefined;
  const place = await meetingPlaceOf(ctx, row);
  const agencyTo = await ownerAddressOf(ctx.db, row.owner_id);
  const stamp = now.toISOString();
  const sequence = row.calendar_sequence + 1;
  const when = formatAppointmentTime(start, minutes);
  // Only a move claims cells, with the buffer the rules ask for now.
  const bufferMinutes = slot ? (await readAvailabilityRules(ctx.db)).bufferMinutes : 0;
  let written: boolean;
  try {
    written = await ctx.db.transaction().execute(async (trx: Db) => {
      const changed = slot
        ? await moveRequestedSlot(trx, row.id, row.calendar_sequence, {
            preferred_date: slot.date,
            preferred_time: slot.time,
            calendar_sequence: sequence,
          })
        : await cancelRequestedSlot(trx, row.id, row.calendar_sequence, sequence);
      if (!changed) return false;
      // The hold moves with the request, claimed by the database like a new booking's:
      // another visitor who took the time meanwhile rolls this move back.
      await deleteSlotClaims(trx, row.id);
      if (slot && !(await holdSlot(trx, { appointmentId: row.id, start, minutes, bufferMinutes, now }))) {
        throw new SlotTaken();
      }
      const note = slot ? `requested time moved to ${when}` : `request cancelled (was ${when})`;
      await recordStatusChange(trx, "appointment_requests", row.id, {
        status: row.status,
        note,
        by: BY_VISITOR,
        at: stamp,
      });
      await retireManageLinks(trx, row.id, stamp);
      const manageToken = slot ? await issueManageLink(trx, row.id, now) : undefined;
      const updates = appointmentUpdates(
        ctx,
        row,
        slot ? "request-moved" : "request-cancelled",
        { start, minutes, sequence },
        stamp,
        { place, manageToken, byVisitor: true, agencyTo },
      );
      for (const payload of updates)
        await enqueueOutboxMessage(trx, { kind: APPOINTMENT_UPDATE, payload, now });
      return true;
    });
  } catch (error) {
    if (error instanceof SlotTaken) return takenMeanwhile;
    throw error;
  }
  if (!written) return undefined;
  return { ok: true, done: slot ? "moved" : "cancelled", when };
}

/** The page's door to these: the route's loader and action call it with the token from the path. */
export type VisitorBooking = {
  open(token: string): Promise<ManageView>;
  move(token: string, slot: { date: unknown; time: unknown }): Promise<ManageChange>;
  cancel(token: string): Promise<ManageChange>;
};

export function createVisitorBooking(ctx: BookingContext): VisitorBooking {
  return {
    open: (token) => openManagePage(ctx, token),
    move: (token, slot) => moveByVisitor(ctx, token, slot),
    cancel: (token) => cancelByVisitor(ctx, token),
  };
}
