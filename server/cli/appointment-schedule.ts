import {
  cancelAppointmentRequest,
  confirmAppointmentRequest,
  rescheduleAppointmentRequest,
} from "../operations/appointments/appointment-schedule";
import { defaultActor, exitCodes, fail, printLine, type AdminContext, type ExitCode } from "./context";

/** `appointments confirm|reschedule|cancel`: the change, then one line saying what was queued. */

export async function confirmAppointment(
  ctx: AdminContext,
  idText: string,
  options: { at?: string; duration?: string; by?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const done = await confirmAppointmentRequest(
    ctx,
    idText,
    { ...options, by: options.by ?? defaultActor() },
    now,
  );
  if (!done.ok) return fail(ctx.out, done.message);
  const { id, when, email } = done.value;
  printLine(
    ctx.out,
    `Confirmed appointment ${id} for ${when} (Cape Town time): the invitation to ${email} is queued.`,
  );
  return exitCodes.ok;
}

export async function rescheduleAppointment(
  ctx: AdminContext,
  idText: string,
  options: { at: string; duration?: string; by?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const done = await rescheduleAppointmentRequest(
    ctx,
    idText,
    { ...options, by: options.by ?? defaultActor() },
    now,
  );
  if (!done.ok) return fail(ctx.out, done.message);
  const { id, when, email } = done.value;
  printLine(
    ctx.out,
    `Moved appointment ${id} to ${when} (Cape Town time): the update to ${email} is queued.`,
  );
  return exitCodes.ok;
}

export async function cancelAppointment(
  ctx: AdminContext,
  idText: string,
  options: { by?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const done = await cancelAppointmentRequest(ctx, idText, { by: options.by ?? defaultActor() }, now);
  if (!done.ok) return fail(ctx.out, done.message);
  const { id, when, email } = done.value;
  printLine(ctx.out, `Cancelled appointment ${id} (${when}): the cancellation to ${email} is queued.`);
  return exitCodes.ok;
}
