import { findAppointmentRequest, listAppointmentRequests, setAppointmentRequestsRead } from "../../db/leads";
import { fromDbBoolean } from "../../db/dialect";
import type { AppointmentRequestRow, LeadStatus, ScheduleStatus } from "../../db/schema";
import { formatAppointmentTime } from "./appointment-times";
import { parseLeadStatus, statusDetails } from "../leads/follow-up";
import { failed, succeeded, type Actor, type Outcome } from "../outcome";
import { recordAudit } from "../../workspace/audit-log";
import { statusFields } from "../leads/stored-leads";
import type { Db } from "../../db/database";
import { appointmentLabels, formatDateLabel, serviceTypeOptions } from "../../../shared/forms/appointment";
import {
  cliActor,
  describeMarking,
  exitCodes,
  fail,
  plural,
  printJson,
  printLine,
  type AdminContext,
  type ExitCode,
} from "../../cli/context";
import {
  formatDetails,
  formatLocalDateTime,
  formatTable,
  withSuspicion,
  type Column,
} from "../../cli/format";
import { parseId, parseIds, parseSince } from "../input";
import type { SpamFilter } from "../../db/suspected";
import { answerLabel } from "../../../shared/forms/rules";

/** An appointment request as `--json` and the export show it. */
export type AppointmentRecord = {
  id: number;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  serviceType: string;
  preferredDate: string;
  preferredTime: string;
  projectDetails: string;
  read: boolean;
  /** The bot trap it tripped when it is held back as suspected spam, else null. */
  suspectedSpam: string | null;
  createdAt: string;
  status: LeadStatus;
  statusNote: string | null;
  statusBy: string | null;
  statusAt: string | null;
  /** Null while requested only; "confirmed" or "cancelled" by `appointments confirm|cancel`. */
  schedule: ScheduleStatus | null;
  /** The confirmed start (ISO instant) and length. */
  scheduledStart: string | null;
  scheduledMinutes: number | null;
};

export const appointmentColumns = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "serviceType",
  "preferredDate",
  "preferredTime",
  "projectDetails",
  "read",
  "suspectedSpam",
  "createdAt",
  "status",
  "statusNote",
  "statusBy",
  "statusAt",
  "schedule",
  "scheduledStart",
  "scheduledMinutes",
] as const satisfies readonly (keyof AppointmentRecord)[];

function toAppointmentRecord(row: AppointmentRequestRow): AppointmentRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    serviceType: row.service_type,
    preferredDate: row.preferred_date,
    preferredTime: row.preferred_time,
    projectDetails: row.project_details,
    read: fromDbBoolean(row.read),
    suspectedSpam: row.suspected_spam,
    createdAt: row.created_at,
    ...statusFields(row),
    schedule: row.schedule_status,
    scheduledStart: row.scheduled_start,
    scheduledMinutes: row.scheduled_minutes,
  };
}

export async function loadAppointmentRecords(
  db: Db,
  filter: {
    unreadOnly?: boolean;
    since?: string;
    until?: string;
    spam?: SpamFilter;
    status?: LeadStatus;
  } = {},
): Promise<AppointmentRecord[]> {
  return (await listAppointmentRequests(db, filter)).map(toAppointmentRecord);
}

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
  { db, out }: AdminContext,
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

/** One appointment request as `show` and the workspace present it. */
export async function findAppointmentRecord(db: Db, idText: string): Promise<Outcome<AppointmentRecord>> {
  const id = parseId(idText, "appointment");
  if (!id.ok) return failed("invalid", id.message);
  const row = await findAppointmentRequest(db, id.value);
  if (!row) return failed("not-found", `unknown appointment id ${id.value}`);
  return succeeded(toAppointmentRecord(row));
}

export async function showAppointment(
  { db, out }: AdminContext,
  idText: string,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  const found = await findAppointmentRecord(db, idText);
  if (!found.ok) return fail(out, found.message);
  const record = found.value;
  if (options.json) {
    printJson(out, record);
    return exitCodes.ok;
  }
  const l = appointmentLabels;
  printLine(
    out,
    formatDetails([
      ["Appointment", record.id],
      ["Read", record.read ? "read" : "unread"],
      ["Received", formatLocalDateTime(record.createdAt)],
      ["Suspected spam", record.suspectedSpam],
      ...(await statusDetails(db, "appointment_requests", record.id, record)),
      ["Booked", bookedLabel(record)],
      [l.name, record.name],
      [l.email, record.email],
      [l.phone, record.phone],
      [l.company, record.company],
      [l.service_type, answerLabel(serviceTypeOptions, record.serviceType)],
      [l.preferred_date, formatDateLabel(record.preferredDate)],
      [l.preferred_time, record.preferredTime],
      [l.project_details, record.projectDetails],
    ]),
  );
  return exitCodes.ok;
}

/** The workspace's and the audit log's name for an appointment request. */
export const appointmentInboxId = (id: number) => `ap-${id}`;

/**
 * Marks requests read or unread, audited ("lead.read") in the same transaction; answers
 * which changed and which already were so. Unknown ids change nothing at all.
 */
export async function markAppointmentsRead(
  db: Db,
  idTexts: readonly string[],
  read: boolean,
  actor: Actor,
): Promise<Outcome<{ changed: number[]; already: number[] }>> {
  const ids = parseIds(idTexts, "appointment");
  if (!ids.ok) return failed("invalid", ids.message);
  const rows = await Promise.all(ids.value.map((id) => findAppointmentRequest(db, id)));
  const unknown = ids.value.filter((_, index) => !rows[index]);
  if (unknown.length > 0) {
    return failed(
      "not-found",
      `unknown appointment id${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`,
    );
  }
  const already = ids.value.filter((_, index) => rows[index] && fromDbBoolean(rows[index].read) === read);
  const changed = ids.value.filter((id) => !already.includes(id));
  await db.transaction().execute(async (trx) => {
    await setAppointmentRequestsRead(trx, changed, read);
    for (const id of changed) {
      await recordAudit(trx, {
        ...actor,
        action: "lead.read",
        target: appointmentInboxId(id),
        detail: { read },
      });
    }
  });
  return succeeded({ changed, already });
}

/**
 * Marks requests read or unread, and says which already were: doing it twice changes
 * nothing, and says so. Unknown ids change nothing at all.
 */
export async function markAppointments(
  { db, out }: AdminContext,
  idTexts: readonly string[],
  read: boolean,
): Promise<ExitCode> {
  const marked = await markAppointmentsRead(db, idTexts, read, cliActor());
  if (!marked.ok) return fail(out, marked.message);
  const { changed, already } = marked.value;
  printLine(out, describeMarking("appointment request", changed, already, read ? "read" : "unread"));
  return exitCodes.ok;
}
