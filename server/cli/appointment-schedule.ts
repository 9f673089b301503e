import {
  cancelAppointmentRequest,
  confirmAppointmentRequest,
  rescheduleAppointmentRequest,
  type ScheduledAppointment,
} from "#server/operations/appointments/appointment-schedule.ts";
import type { Outcome } from "#server/operations/outcome.ts";
import { setAppointmentPlace } from "#server/operations/appointments/meeting-place.ts";
import { defaultActor, type AdminContext } from "./context";
import { exitCodes, fail, printLine, type ExitCode } from "./output";

/** An appointment schedule change as the operations layer makes it, given who the history names. */
type ScheduleChange<Options> = (
  ctx: AdminContext,
  idText: string,
  options: Options & { by: string },
  now: () => Date,
) => Promise<Outcome<ScheduledAppointment>>;

/**
 * `appointments confirm|reschedule|cancel`: the change, by --by or else the account running
 * the command, then one line saying what was queued.
 */
function scheduleCommand<Options extends { by?: string }>(
  change: ScheduleChange<Options>,
  say: (done: ScheduledAppointment) => string,
) {
  return async (
    ctx: AdminContext,
    idText: string,
    options: Options,
    now: () => Date = () => new Date(),
  ): Promise<ExitCode> => {
    const done = await change(ctx, idText, { ...options, by: options.by ?? defaultActor() }, now);
    if (!done.ok) return fail(ctx.out, done.message);
    printLine(ctx.out, say(done.value));
    return exitCodes.ok;
  };
}

export const confirmAppointment = scheduleCommand<{ at?: string; duration?: string; by?: string }>(
  confirmAppointmentRequest,
  ({ id, when, email }) =>
    `Confirmed appointment ${id} for ${when} (Cape Town time): the invitation to ${email} is queued.`,
);

export const rescheduleAppointment = scheduleCommand<{ at: string; duration?: string; by?: string }>(
  rescheduleAppointmentRequest,
  ({ id, when, email }) =>
    `Moved appointment ${id} to ${when} (Cape Town time): the update to ${email} is queued.`,
);

export const cancelAppointment = scheduleCommand<{ by?: string }>(
  cancelAppointmentRequest,
  ({ id, when, email }) => `Cancelled appointment ${id} (${when}): the cancellation to ${email} is queued.`,
);

/** `appointments place ID VALUE`: "studio", an https video link, or "default". */
export async function placeAppointment(
  ctx: AdminContext,
  idText: string,
  value: string,
  options: { by?: string },
): Promise<ExitCode> {
  const done = await setAppointmentPlace(ctx, idText, value, { by: options.by ?? defaultActor() });
  if (!done.ok) return fail(ctx.out, done.message);
  const { id, place, own } = done.value;
  printLine(
    ctx.out,
    `Appointment ${id} is ${own ? "" : "back at the site's default place: "}${place.label}; its next e-mails and its invitation's location say so.`,
  );
  return exitCodes.ok;
}
