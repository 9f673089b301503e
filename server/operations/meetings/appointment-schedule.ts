import type { Db } from "#server/db/database.ts";
import { recordStatusChange, setLeadStatus } from "#server/db/lead-follow-up.ts";
import {
  findAppointmentRequest,
  scheduleAppointmentRequest,
  type AppointmentSchedule,
} from "#server/db/leads.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { AppointmentRequestRow } from "#server/db/schema.ts";
import { formatAppointmentTime, parseAgencyDateTime, requestedStart } from "./appointment-times";
import { appointmentUid, renderAppointmentEvent, type CalendarMethod } from "#server/mail/meeting-invite.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { APPOINTMENT_UPDATE, type AppointmentUpdate } from "#server/mail/appointment-update-message.ts";
import { greetingNameOf } from "#server/mail/visitor-layout.ts";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import type { Actor, OperationContext } from "#server/operations/context.ts";
import {
  failed,
  notFound,
  refuse,
  refusedByPolicy,
  succeeded,
  type Outcome,
  type Refusal,
} from "#shared/outcome.ts";
import { parseId, type Parsed } from "#server/operations/input.ts";
import { appointmentInboxId } from "./appointment-records";
import { nearestFreeTimes, nearestSentence, readAvailabilityRules } from "./availability";
import { bookingsInTheWay, claimMeeting, namedBookings, SlotTaken } from "./slot-claims";
import { deleteSlotClaims } from "#server/db/availability.ts";
import { checkPolicy } from "#server/auth/policy.ts";
import { issueManageLink } from "./manage-links";
import { meetingPlaceOf } from "./meeting-place";
import { retireManageLinks } from "#server/db/appointment-manage.ts";
import { selectStaffNames } from "#server/db/lead-owners.ts";
import type { MeetingPlace } from "#shared/meeting-place.ts";

/**
 * `appointments confirm|reschedule|cancel`: the agreed time is stored, and the visitor
 * gets a calendar invitation they can accept (METHOD:REQUEST), then its updates (same
 * UID, SEQUENCE one higher each time; METHOD:CANCEL to cancel). The agency gets a copy
 * of the same event for its own calendar. Both e-mails go through the outbox, queued in
 * the transaction that stores the change (docs/decisions/020-lead-follow-up.md).
 */

/** The changes staff make (and the visitor to a confirmed meeting). */
type Change = "confirmed" | "rescheduled" | "cancelled";
type AnyChange = AppointmentUpdate["change"];

/**
 * Scheduling records who did it (`by`) in the status history. Given an `actor` (the
 * workspace's member of staff, or the CLI), it writes the audit entry in the same
 * transaction; the visitor's own changes from their link have none.
 */
type ScheduleContext = Pick<OperationContext, "db" | "now"> & {
  config: Pick<OperationContext["config"], "settings" | "followUp" | "mail">;
};
type Who = {
  by: string;
  actor?: Actor;
  /**
   * `override`: an admin puts the meeting over another hold or meeting, for a reason; the
   * operation checks the policy ("appointment.override") and writes its audit entry in the
   * change's transaction, whichever door asked (docs/decisions/060-availability-and-slot-claims.md).
   */
  override?: { reason: string; actor: Actor };
  /**
   * The visitor made the change from their private link: the links they had are retired
   * (the e-mail brings a new one) and the agency's copy goes to the request's owner.
   */
  visitor?: boolean;
};

/** The audit log's action for each change, the names the CLI records for its commands. */
const auditActions = {
  confirmed: "appointment.confirm",
  rescheduled: "appointment.reschedule",
  cancelled: "appointment.cancel",
} as const;

/**
 * The form field a refusal is about, in words for a form rather than the shell's flags:
 * `at` (the start: date and time) and `duration`.
 */
const fieldMessages = {
  at: "Give a date and a time in Cape Town time.",
  passed: "That time has passed: choose a later one.",
  duration: "Choose a length from 5 minutes to 8 hours.",
  same: "The appointment is already at this time and length: change one of them.",
  noRequestedTime: "The visitor's requested time cannot be read: choose a date and time.",
};

/** The longest reason an override keeps. */
const MAX_REASON = 500;

/** Not in a state for this change (already confirmed, cancelled, held, marked spam). */
const conflict = (message: string): Refusal => failed("conflict", message);

/** What a schedule change did, for the door to say: which request, its visitor and the new time. */
export type ScheduledAppointment = { id: number; email: string; when: string };

/** `--duration 45m`, `1h`, `1h30m`: whole minutes from 5 to 8 hours. */
export function parseDuration(text: string): Parsed<number> {
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,3})m)?$/.exec(text);
  const minutes = match && (match[1] || match[2]) ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : NaN;
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 480) {
    return { ok: false, message: `invalid --duration "${text}": expected 5m to 8h, e.g. 45m, 1h or 1h30m` };
  }
  return { ok: true, value: minutes };
}

function parseAt(text: string): Parsed<string> {
  const start = parseAgencyDateTime(text);
  if (!start) {
    return {
      ok: false,
      message: `invalid --at "${text}": expected "YYYY-MM-DD HH:MM" in Cape Town time, e.g. "2026-12-03 10:00"`,
    };
  }
  return { ok: true, value: start };
}

async function load(ctx: ScheduleContext, idText: string): Promise<Outcome<AppointmentRequestRow>> {
  const id = parseId(idText, "appointment");
  if (!id.ok) return refuse(id.message);
  const row = await findAppointmentRequest(ctx.db, id.value);
  if (!row) return notFound(`unknown appointment id ${id.value}`);
  if (row.suspected_spam) {
    return conflict(
      `appointment ${row.id} is held as suspected spam: release it first (site-admin appointments release ${row.id})`,
    );
  }
  if (row.status === "spam") return conflict(`appointment ${row.id} is marked spam`);
  return succeeded(row);
}

const when = (row: Pick<AppointmentRequestRow, "scheduled_start" | "scheduled_minutes">) =>
  row.scheduled_start ? formatAppointmentTime(row.scheduled_start, row.scheduled_minutes ?? 0) : "";

/** What an update e-mail says about the meeting beyond its time. */
export type UpdateExtras = {
  place: MeetingPlace;
  /** The visitor's new private link (none on a cancellation). */
  manageToken?: string;
  byVisitor?: boolean;
  /** The agency's copy to the owner instead of the agency inbox. */
  agencyTo?: string;
};

/**
 * The visitor's e-mail and the agency's copy of one change, both at `sequence`: a meeting's
 * invitation (REQUEST) or cancellation (CANCEL) to the visitor; for a request not yet
 * confirmed the visitor gets no calendar object, and the agency's tentative entry moves or
 * is cancelled (PUBLISH, as every agency copy).
 */
export function appointmentUpdates(
  ctx: ScheduleContext,
  row: AppointmentRequestRow,
  change: AnyChange,
  schedule: { start: string; minutes: number; sequence: number },
  stamp: string,
  extras: UpdateExtras,
): AppointmentUpdate[] {
  const { settings } = ctx.config;
  const cancelling = change === "cancelled" || change === "request-cancelled";
  const pending = change === "request-moved" || change === "request-cancelled";
  const method: CalendarMethod = cancelling ? "CANCEL" : "REQUEST";
  const service = answerLabel(serviceTypeOptions, row.service_type) ?? row.service_type;
  const event = {
    uid: appointmentUid(row.id, settings.siteUrl),
    sequence: schedule.sequence,
    status: cancelling ? ("cancelled" as const) : pending ? ("tentative" as const) : ("confirmed" as const),
    start: schedule.start,
    minutes: schedule.minutes,
    organizer: { name: settings.brandName, email: settings.email },
    location: extras.place.location,
    stamp,
  };
  const base = {
    change,
    appointmentId: row.id,
    visitorName: row.name,
    visitorEmail: row.email,
    greetingName: greetingNameOf(row.name),
    service,
    when: formatAppointmentTime(schedule.start, schedule.minutes),
    place: extras.place.label,
  };
  const visitor: AppointmentUpdate = {
    ...base,
    messageId: newMessageId(settings.siteUrl),
    audience: "visitor",
    ...(extras.manageToken ? { manageToken: extras.manageToken } : {}),
    ...(pending
      ? {}
      : {
          calendar: renderAppointmentEvent(
            {
              ...event,
              method,
              summary: `Consultation with ${settings.brandName}`,
              description: `${service}. ${extras.place.label}. Questions: reply to ${settings.email} or call ${settings.phoneDisplay}.`,
              attendee: { name: row.name, email: row.email },
            },
            settings.brandName,
          ),
        }),
  };
  const agency: AppointmentUpdate = {
    ...base,
    messageId: newMessageId(settings.siteUrl),
    audience: "agency",
    ...(extras.byVisitor ? { byVisitor: true } : {}),
    ...(extras.agencyTo ? { to: extras.agencyTo } : {}),
    calendar: renderAppointmentEvent(
      {
        ...event,
        method: "PUBLISH",
        summary: `${pending ? "Requested: consultation" : "Consultation"} with ${row.name}${row.company ? ` (${row.company})` : ""}`,
        description: `${service}. Appointment ${row.id}: site-admin appointments show ${row.id}`,
      },
      settings.brandName,
    ),
  };
  return [visitor, agency];
}

/** The active owner's address, where the agency's copy of a visitor's change goes; undefined: the agency inbox. */
export async function ownerAddressOf(db: Db, ownerId: number | null): Promise<string | undefined> {
  if (ownerId === null) return undefined;
  const owner = (await selectStaffNames(db)).get(ownerId);
  return owner && !owner.disabled ? owner.email : undefined;
}

/** The history's note for a change: "appointment moved to Thu, 3 Dec 2026, 14:30 to 15:30". */
function historyNote(change: Change, schedule: AppointmentSchedule): string {
  const time = formatAppointmentTime(schedule.scheduled_start, schedule.scheduled_minutes);
  if (change === "confirmed") return `appointment confirmed for ${time}`;
  if (change === "rescheduled") return `appointment moved to ${time}`;
  return `appointment cancelled (was ${time})`;
}

/**
 * Stores the new schedule (only if nobody changed it since it was read) and queues both
 * e-mails. Every change is a line in the request's history with who made it; confirming a
 * request still "new" also records that staff were in touch (its status moves on).
 */
async function apply(
  ctx: ScheduleContext,
  row: AppointmentRequestRow,
  schedule: AppointmentSchedule,
  change: Change,
  now: Date,
  who: Who,
): Promise<Applied> {
  const stamp = now.toISOString();
  const { by, actor, override } = who;
  // Read before the transaction, so its write lock is not held for them.
  const place = await meetingPlaceOf(ctx, row);
  const agencyTo = who.visitor ? await ownerAddressOf(ctx.db, row.owner_id) : undefined;
  const bufferMinutes = (await readAvailabilityRules(ctx.db)).bufferMinutes;
  const claim = {
    appointmentId: row.id,
    start: schedule.scheduled_start,
    minutes: schedule.scheduled_minutes,
    bufferMinutes,
    now,
  };
  // Named before the change, for the override's audit entry; the claim itself decides.
  const inTheWay = override ? await bookingsInTheWay(ctx.db, claim) : [];
  try {
    return await ctx.db.transaction().execute(async (trx: Db): Promise<Applied> => {
      if (!(await scheduleAppointmentRequest(trx, row.id, row.calendar_sequence, schedule))) {
        return "changed";
      }
      if (change === "cancelled") await deleteSlotClaims(trx, row.id);
      else await claimMeeting(trx, { ...claim, override: override !== undefined });
      if (override && inTheWay.length > 0) {
        await recordAudit(
          trx,
          {
            ...override.actor,
            action: "appointment.override",
            target: appointmentInboxId(row.id),
            detail: {
              reason: override.reason,
              start: schedule.scheduled_start,
              minutes: schedule.scheduled_minutes,
              over: inTheWay.map((other) => appointmentInboxId(other.id)),
            },
          },
          now,
        );
      }
      await record(trx);
      return "done";
    });
  } catch (error) {
    if (error instanceof SlotTaken) return "taken";
    throw error;
  }

  async function record(trx: Db) {
    const note = historyNote(change, schedule);
    const contacted = change === "confirmed" && row.status === "new";
    const status = contacted ? ("contacted" as const) : row.status;
    // The status line says the meeting as it now stands: a move or a cancellation replaces
    // "confirmed for" the first time (the history keeps every step).
    const line = { status, note, by, at: stamp };
    await setLeadStatus(trx, "appointment_requests", row.id, line);
    await recordStatusChange(trx, "appointment_requests", row.id, line);
    if (actor) {
      await recordAudit(
        trx,
        {
          ...actor,
          action: auditActions[change],
          target: appointmentInboxId(row.id),
          detail: {
            start: schedule.scheduled_start,
            minutes: schedule.scheduled_minutes,
            sequence: schedule.calendar_sequence,
          },
        },
        now,
      );
    }
    if (who.visitor) await retireManageLinks(trx, row.id, stamp);
    const manageToken = change === "cancelled" ? undefined : await issueManageLink(trx, row.id, now);
    const event = {
      start: schedule.scheduled_start,
      minutes: schedule.scheduled_minutes,
      sequence: schedule.calendar_sequence,
    };
    const extras = { place, manageToken, byVisitor: who.visitor, agencyTo };
    for (const payload of appointmentUpdates(ctx, row, change, event, stamp, extras)) {
      await enqueueOutboxMessage(trx, { kind: APPOINTMENT_UPDATE, payload, now });
    }
  }
}

/** What apply did: the change, nothing (someone changed the row meanwhile), or nothing (the time is taken). */
type Applied = "done" | "changed" | "taken";

/**
 * The override's reason checked, and the policy: only an admin (or the CLI, the server's
 * own door) may put a meeting over another.
 */
function checkOverride(who: Who, now: Date): Refusal | undefined {
  if (!who.override) return undefined;
  const refusal = checkPolicy("appointment.override", who.override.actor, now);
  if (refusal) return refusedByPolicy(refusal);
  const reason = who.override.reason.trim();
  if (reason === "" || reason.length > MAX_REASON || /\p{Cc}/u.test(reason)) {
    return refuse(`an override needs a reason of 1 to ${MAX_REASON} printable characters`, {
      reason: `Say why this meeting may overlap the other (1 to ${MAX_REASON} characters).`,
    });
  }
  who.override = { ...who.override, reason };
  return undefined;
}

/**
 * The refusal when the time is someone else's: the other meeting or hold named by its
 * person, and the nearest free times to propose instead.
 */
async function takenRefusal(
  ctx: ScheduleContext,
  row: AppointmentRequestRow,
  schedule: AppointmentSchedule,
  now: Date,
): Promise<Refusal> {
  const bufferMinutes = (await readAvailabilityRules(ctx.db)).bufferMinutes;
  const others = await bookingsInTheWay(ctx.db, {
    appointmentId: row.id,
    start: schedule.scheduled_start,
    minutes: schedule.scheduled_minutes,
    bufferMinutes,
    now,
  });
  const free = await nearestFreeTimes(ctx, schedule.scheduled_start, {
    now,
    scope: "staff",
    exceptAppointmentId: row.id,
  });
  const time = formatAppointmentTime(schedule.scheduled_start, schedule.scheduled_minutes);
  const message = `${time} overlaps ${namedBookings(others)}. ${nearestSentence(free)} An admin may override with a reason.`;
  return {
    ...conflict(message),
    fieldErrors: { at: `That time overlaps ${namedBookings(others)}. ${nearestSentence(free)}` },
  };
}

const changedMeanwhile = (id: number) =>
  conflict(`appointment ${id} was changed by someone else meanwhile: nothing sent; show it and try again`);

const invalidAt = (message: string) => refuse(message, { at: fieldMessages.at });
const invalidDuration = (message: string) => refuse(message, { duration: fieldMessages.duration });

export async function confirmAppointmentRequest(
  ctx: ScheduleContext,
  idText: string,
  options: { at?: string; duration?: string } & Who,
): Promise<Outcome<ScheduledAppointment>> {
  const moment = ctx.now();
  const at = options.at === undefined ? undefined : parseAt(options.at);
  if (at && !at.ok) return invalidAt(at.message);
  const duration = options.duration === undefined ? undefined : parseDuration(options.duration);
  if (duration && !duration.ok) return invalidDuration(duration.message);
  const loaded = await load(ctx, idText);
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  if (row.schedule_status === "confirmed") {
    return conflict(`appointment ${row.id} is already confirmed for ${when(row)}: use reschedule to move it`);
  }
  if (row.schedule_status === "cancelled") {
    return conflict(`appointment ${row.id} was cancelled: ask the visitor to request a new one`);
  }
  const start = at?.value ?? requestedStart(row.preferred_date, row.preferred_time);
  if (!start) {
    return refuse(`appointment ${row.id} has no usable requested time: give one with --at`, {
      at: fieldMessages.noRequestedTime,
    });
  }
  if (Date.parse(start) <= moment.getTime()) {
    return refuse(
      `${formatAppointmentTime(start, 0).split(" to ")[0]} has passed: give a later time with --at`,
      {
        at: fieldMessages.passed,
      },
    );
  }
  const schedule: AppointmentSchedule = {
    schedule_status: "confirmed",
    scheduled_start: start,
    scheduled_minutes: duration?.value ?? ctx.config.followUp.appointmentMinutes,
    calendar_sequence: row.calendar_sequence + 1,
  };
  const overrideRefused = checkOverride(options, moment);
  if (overrideRefused) return overrideRefused;
  const applied = await apply(ctx, row, schedule, "confirmed", moment, options);
  if (applied === "changed") return changedMeanwhile(row.id);
  if (applied === "taken") return takenRefusal(ctx, row, schedule, moment);
  return succeeded({ id: row.id, email: row.email, when: when(schedule) });
}

export async function rescheduleAppointmentRequest(
  ctx: ScheduleContext,
  idText: string,
  options: { at: string; duration?: string } & Who,
): Promise<Outcome<ScheduledAppointment>> {
  const moment = ctx.now();
  const at = parseAt(options.at);
  if (!at.ok) return invalidAt(at.message);
  const duration = options.duration === undefined ? undefined : parseDuration(options.duration);
  if (duration && !duration.ok) return invalidDuration(duration.message);
  const loaded = await load(ctx, idText);
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  if (row.schedule_status !== "confirmed") {
    const state = row.schedule_status === "cancelled" ? "was cancelled" : "is not confirmed";
    return conflict(`appointment ${row.id} ${state}: only a confirmed appointment can be rescheduled`);
  }
  if (Date.parse(at.value) <= moment.getTime()) {
    return refuse(`--at "${options.at}" has passed: give a later time`, { at: fieldMessages.passed });
  }
  const minutes = duration?.value ?? row.scheduled_minutes ?? ctx.config.followUp.appointmentMinutes;
  if (at.value === row.scheduled_start && minutes === row.scheduled_minutes) {
    return {
      ...conflict(`appointment ${row.id} is already at ${when(row)}: nothing to change`),
      fieldErrors: { at: fieldMessages.same },
    };
  }
  const schedule: AppointmentSchedule = {
    schedule_status: "confirmed",
    scheduled_start: at.value,
    scheduled_minutes: minutes,
    calendar_sequence: row.calendar_sequence + 1,
  };
  const overrideRefused = checkOverride(options, moment);
  if (overrideRefused) return overrideRefused;
  const applied = await apply(ctx, row, schedule, "rescheduled", moment, options);
  if (applied === "changed") return changedMeanwhile(row.id);
  if (applied === "taken") return takenRefusal(ctx, row, schedule, moment);
  return succeeded({ id: row.id, email: row.email, when: when(schedule) });
}

export async function cancelAppointmentRequest(
  ctx: ScheduleContext,
  idText: string,
  options: Who,
): Promise<Outcome<ScheduledAppointment>> {
  const moment = ctx.now();
  const loaded = await load(ctx, idText);
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  if (row.schedule_status === "cancelled") return conflict(`appointment ${row.id} is already cancelled`);
  if (row.schedule_status !== "confirmed" || !row.scheduled_start || !row.scheduled_minutes) {
    return conflict(`appointment ${row.id} is not confirmed: there is no invitation to cancel`);
  }
  const schedule: AppointmentSchedule = {
    schedule_status: "cancelled",
    scheduled_start: row.scheduled_start,
    scheduled_minutes: row.scheduled_minutes,
    calendar_sequence: row.calendar_sequence + 1,
  };
  if ((await apply(ctx, row, schedule, "cancelled", moment, options)) !== "done")
    return changedMeanwhile(row.id);
  return succeeded({ id: row.id, email: row.email, when: when(row) });
}
