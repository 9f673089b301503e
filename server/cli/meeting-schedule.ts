import {
  cancelAppointmentRequest,
  confirmAppointmentRequest,
  rescheduleAppointmentRequest,
  type ScheduledAppointment,
} from "#server/operations/meetings/appointment-schedule.ts";
import type { Outcome } from "#shared/outcome.ts";
import type { Actor } from "#server/operations/context.ts";
import { setAppointmentPlace } from "#server/operations/meetings/meeting-place.ts";
import { cliActor, defaultActor, type CliContext } from "./context";
import { exitCodes, fail, printLine, type ExitCode } from "./output";

/** Who the operation hears of: the history's name, the CLI as the audit's actor and, with --override, the reason. */
type Who = { by: string; actor: Actor; override?: { reason: string; actor: Actor } };

/** An appointment schedule change as the operations layer makes it, given who the history names. */
type ScheduleChange<Options> = (
  ctx: CliContext,
  idText: string,
  options: Omit<Options, "by" | "override"> & Who,
) => Promise<Outcome<ScheduledAppointment>>;

/**
 * `meetings confirm|reschedule|cancel`: the change, by --by or else the account running
 * the command, then one line saying what was queued.
 */
function scheduleCommand<Options extends { by?: string; override?: string }>(
  change: ScheduleChange<Options>,
  say: (done: ScheduledAppointment) => string,
) {
  return async (ctx: CliContext, idText: string, options: Options): Promise<ExitCode> => {
    const { override, by: _by, ...rest } = options;
    const actor = ctx.actor ?? cliActor();
    const who = {
      ...(rest as Omit<Options, "by" | "override">),
      by: options.by ?? defaultActor(),
      // The operation writes the audit entries (the change's, and an override's with its reason).
      actor,
      ...(override === undefined ? {} : { override: { reason: override, actor } }),
    };
    const done = await change(ctx, idText, who);
    if (!done.ok) return fail(ctx.out, done.message);
    printLine(ctx.out, say(done.value));
    return exitCodes.ok;
  };
}

export const confirmAppointment = scheduleCommand<{
  at?: string;
  duration?: string;
  by?: string;
  override?: string;
}>(
  confirmAppointmentRequest,
  ({ id, when, email }) =>
    `Confirmed appointment ${id} for ${when} (Cape Town time): the invitation to ${email} is queued.`,
);

export const rescheduleAppointment = scheduleCommand<{
  at: string;
  duration?: string;
  by?: string;
  override?: string;
}>(
  rescheduleAppointmentRequest,
  ({ id, when, email }) =>
    `Moved appointment ${id} to ${when} (Cape Town time): the update to ${email} is queued.`,
);

export const cancelAppointment = scheduleCommand<{ by?: string }>(
  cancelAppointmentRequest,
  ({ id, when, email }) => `Cancelled appointment ${id} (${when}): the cancellation to ${email} is queued.`,
);

/** `meetings place ID VALUE`: "studio", an https video link, or "default". */
export async function placeAppointment(
  ctx: CliContext,
  idText: string,
  value: string,
  options: { by?: string },
): Promise<ExitCode> {
  const done = await setAppointmentPlace(ctx, idText, value, {
    by: options.by ?? defaultActor(),
    actor: ctx.actor ?? cliActor(),
  });
  if (!done.ok) return fail(ctx.out, done.message);
  const { id, place, own } = done.value;
  printLine(
    ctx.out,
    `Appointment ${id} is ${own ? "" : "back at the site's default place: "}${place.label}; its next e-mails and its invitation's location say so.`,
  );
  return exitCodes.ok;
}
