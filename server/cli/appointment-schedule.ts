import {
  cancelAppointmentRequest,
  confirmAppointmentRequest,
  rescheduleAppointmentRequest,
  type ScheduledAppointment,
} from "#server/operations/appointments/appointment-schedule.ts";
import type { Outcome } from "#server/operations/outcome.ts";
import { defaultActor, type AdminContext } from "./context";
import { exitCodes, fail, printLine, type ExitCode } from "./output";

/** `appointments confirm|reschedule|cancel`: the change, then one line saying what was queued. */
function report(
  { out }: AdminContext,
  done: Outcome<ScheduledAppointment>,
  say: (done: ScheduledAppointment) => string,
): ExitCode {
  if (!done.ok) return fail(out, done.message);
  printLine(out, say(done.value));
  return exitCodes.ok;
}

/** Who the status history names: --by, else the account running the command. */
const withBy = <Options extends { by?: string }>(options: Options) => ({
  ...options,
  by: options.by ?? defaultActor(),
});

export async function confirmAppointment(
  ctx: AdminContext,
  idText: string,
  options: { at?: string; duration?: string; by?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const done = await confirmAppointmentRequest(ctx, idText, withBy(options), now);
  return report(
    ctx,
    done,
    ({ id, when, email }) =>
      `Confirmed appointment ${id} for ${when} (Cape Town time): the invitation to ${email} is queued.`,
  );
}

export async function rescheduleAppointment(
  ctx: AdminContext,
  idText: string,
  options: { at: string; duration?: string; by?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const done = await rescheduleAppointmentRequest(ctx, idText, withBy(options), now);
  return report(
    ctx,
    done,
    ({ id, when, email }) =>
      `Moved appointment ${id} to ${when} (Cape Town time): the update to ${email} is queued.`,
  );
}

export async function cancelAppointment(
  ctx: AdminContext,
  idText: string,
  options: { by?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const done = await cancelAppointmentRequest(ctx, idText, withBy(options), now);
  return report(
    ctx,
    done,
    ({ id, when, email }) => `Cancelled appointment ${id} (${when}): the cancellation to ${email} is queued.`,
  );
}
