import { formatAppointmentTime } from "#server/operations/meetings/appointment-times.ts";
import { parseLeadStatus } from "#server/operations/leads/follow-up.ts";
import { printMarking, showRecord, type RecordView } from "./inbox-records";
import { appointmentLabels, formatDateLabel, serviceTypeOptions } from "#shared/forms/appointment.ts";
import { cliActor, type CliContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import { formatTable, withSuspicion, type Column } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { parseSince } from "#server/operations/input.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import {
  type AppointmentRecord,
  loadAppointmentRecords,
  findAppointmentRecord,
  markAppointmentsRead,
} from "#server/operations/meetings/appointment-records.ts";
import type { Command } from "commander";
import { byHelp, overrideHelp, sinceHelp, statusOption, suspectedHelp, type Run } from "./command-parts";
import {
  cancelAppointment,
  confirmAppointment,
  placeAppointment,
  rescheduleAppointment,
} from "./meeting-schedule";
import { addMeetingFeedCommand } from "./meeting-feed";
import { addStatusCommand } from "./follow-up";
import { addQuarantineCommands } from "./quarantine";

const UNREAD_MARK = "●";

const listColumns: Column<AppointmentRecord>[] = [
  { header: "", value: (r) => (r.read ? "" : UNREAD_MARK) },
  { header: "ID", value: (r) => r.id },
  { header: "RECEIVED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "STATUS", value: (r) => r.status },
  { header: "NAME", value: (r) => r.name },
  { header: "EMAIL", value: (r) => r.email },
  { header: "PHONE", value: (r) => r.phone },
  { header: "COMPANY", value: (r) => r.company },
  { header: "SERVICE", value: (r) => answerLabel(serviceTypeOptions, r.serviceType) },
  { header: "PREFERRED", value: (r) => `${formatDateLabel(r.preferredDate)}, ${r.preferredTime}` },
  { header: "BOOKED", value: (r) => bookedLabel(r) },
];

/** "confirmed Thu, 3 Dec 2026, 10:00 to 10:45", "cancelled …", or nothing while only requested. */
function bookedLabel(record: AppointmentRecord): string {
  if (!record.schedule || !record.scheduledStart) return "";
  return `${record.schedule} ${formatAppointmentTime(record.scheduledStart, record.scheduledMinutes ?? 0)}`;
}

export async function listAppointments(
  { db, out }: CliContext,
  options: { unread?: boolean; since?: string; suspected?: boolean; status?: string; json?: boolean },
): Promise<ExitCode> {
  const since = parseSince(options.since);
  if (!since.ok) return fail(out, since.message);
  const status = parseLeadStatus(options.status);
  if (!status.ok) return fail(out, status.message);
  const records = await loadAppointmentRecords(db, {
    unreadOnly: options.unread,
    since: since.value,
    spam: options.suspected ? "only" : "exclude",
    status: status.value,
  });
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    const which = options.suspected ? "held as suspected spam" : "";
    const state = `${options.unread ? "unread " : ""}${status.value ? `${status.value} ` : ""}`;
    printLine(out, `No ${state}appointment requests${which ? ` ${which}` : ""}.`);
    return exitCodes.ok;
  }
  const unread = records.filter((record) => !record.read).length;
  printLine(out, formatTable(withSuspicion(listColumns, options.suspected), records));
  printLine(out);
  const noun = options.suspected ? "suspected appointment request" : "appointment request";
  printLine(out, `${plural(records.length, noun)}, ${unread} unread (${UNREAD_MARK})`);
  return exitCodes.ok;
}

const appointmentView: RecordView<AppointmentRecord> = {
  heading: (record) => [["Appointment", record.id]],
  statusOf: (record) => ({ table: "appointment_requests", id: record.id }),
  details: (record) => {
    const l = appointmentLabels;
    return [
      ["Booked", bookedLabel(record)],
      [l.name, record.name],
      [l.email, record.email],
      [l.phone, record.phone],
      [l.company, record.company],
      [l.service_type, answerLabel(serviceTypeOptions, record.serviceType)],
      [l.preferred_date, formatDateLabel(record.preferredDate)],
      [l.preferred_time, record.preferredTime],
      [l.project_details, record.projectDetails],
    ];
  },
};

export async function showAppointment(
  ctx: CliContext,
  idText: string,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  return showRecord(ctx, await findAppointmentRecord(ctx.db, idText), appointmentView, options);
}

/**
 * Marks requests read or unread, and says which already were: doing it twice changes
 * nothing, and says so. Unknown ids change nothing at all.
 */
export async function markAppointments(
  { db, out }: CliContext,
  idTexts: readonly string[],
  read: boolean,
): Promise<ExitCode> {
  return printMarking(
    out,
    await markAppointmentsRead(db, idTexts, read, cliActor()),
    "appointment request",
    read,
  );
}

/**
 * `meetings …` (also spelled `appointments`, its old name): the requests from the booking
 * form, the meetings made of them, and staff's calendar feeds of those meetings.
 */
export function addMeetingsCommands(program: Command, run: Run): void {
  const appointments = program
    .command("meetings")
    .alias("appointments")
    .description(
      "appointment requests from the booking form, the meetings made of them and their calendar feeds",
    );
  appointments
    .command("list")
    .description("list appointment requests, newest first (● marks unread)")
    .option("--unread", "only unread requests")
    .addOption(statusOption())
    .option("--since <date>", sinceHelp)
    .option("--suspected", suspectedHelp)
    .option("--json", "machine-readable output (ISO timestamps)")
    .action(
      (options: { unread?: boolean; status?: string; since?: string; suspected?: boolean; json?: boolean }) =>
        run((ctx) => listAppointments(ctx, options)),
    );
  appointments
    .command("show")
    .description("show one appointment request in full")
    .argument("<id>", "appointment id")
    .option("--json", "machine-readable output")
    .action((id: string, options: { json?: boolean }) => run((ctx) => showAppointment(ctx, id, options)));
  appointments
    .command("read")
    .description("mark appointment requests read")
    .argument("<id...>", "appointment ids")
    .action((ids: string[]) => run((ctx) => markAppointments(ctx, ids, true)));
  appointments
    .command("unread")
    .description("mark appointment requests unread")
    .argument("<id...>", "appointment ids")
    .action((ids: string[]) => run((ctx) => markAppointments(ctx, ids, false)));
  addStatusCommand(appointments, run, "appointments", "appointment id");
  appointments
    .command("confirm")
    .description("confirm a time agreed with the visitor and e-mail them a calendar invitation")
    .argument("<id>", "appointment id")
    .option("--at <time>", 'start, Cape Town time (default: the requested slot), e.g. "2026-12-03 10:00"')
    .option("--duration <length>", "length, e.g. 45m or 1h30m (default: APPOINTMENT_MINUTES)")
    .option("--by <name>", byHelp)
    .option("--override <reason>", overrideHelp)
    .action((id: string, options: { at?: string; duration?: string; by?: string; override?: string }) =>
      run((ctx) => confirmAppointment(ctx, id, options)),
    );
  appointments
    .command("reschedule")
    .description("move a confirmed appointment and e-mail the visitor the updated invitation")
    .argument("<id>", "appointment id")
    .requiredOption("--at <time>", 'new start, Cape Town time, e.g. "2026-12-04 14:00"')
    .option("--duration <length>", "new length, e.g. 1h (default: unchanged)")
    .option("--by <name>", byHelp)
    .option("--override <reason>", overrideHelp)
    .action((id: string, options: { at: string; duration?: string; by?: string; override?: string }) =>
      run((ctx) => rescheduleAppointment(ctx, id, options)),
    );
  appointments
    .command("cancel")
    .description("cancel a confirmed appointment and e-mail the visitor the cancellation")
    .argument("<id>", "appointment id")
    .option("--by <name>", byHelp)
    .action((id: string, options: { by?: string }) => run((ctx) => cancelAppointment(ctx, id, options)));
  appointments
    .command("place")
    .description(
      'set where one meeting is: "studio" (the street address), an https link to a video call, or "default" (the meeting-place setting)',
    )
    .argument("<id>", "appointment id")
    .argument("<place>", "studio, an https link, or default")
    .option("--by <name>", byHelp)
    .action((id: string, place: string, options: { by?: string }) =>
      run((ctx) => placeAppointment(ctx, id, place, options)),
    );
  addQuarantineCommands(appointments, run, "appointments", "appointment ids", "queues the agency's e-mail");
  addMeetingFeedCommand(appointments, run);
}
