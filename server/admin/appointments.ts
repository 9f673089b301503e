import {
  existingAppointmentRequestIds,
  findAppointmentRequest,
  listAppointmentRequests,
  setAppointmentRequestsRead,
} from "../db/leads";
import { fromDbBoolean } from "../db/dialect";
import type { AppointmentRequestRow } from "../db/schema";
import type { Db } from "../db/database";
import { formatDateLabel, serviceTypeOptions } from "../../shared/forms/appointment";
import { optionLabel } from "../../shared/forms/rules";
import { exitCodes, fail, plural, printJson, printLine, type AdminContext, type ExitCode } from "./context";
import { formatDetails, formatLocalDateTime, formatTable, withSuspicion, type Column } from "./format";
import { parseId, parseIds, parseSince } from "./input";
import type { SpamFilter } from "../db/suspected";

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
  };
}

export async function loadAppointmentRecords(
  db: Db,
  filter: { unreadOnly?: boolean; since?: string; spam?: SpamFilter } = {},
): Promise<AppointmentRecord[]> {
  return (await listAppointmentRequests(db, filter)).map(toAppointmentRecord);
}

const UNREAD_MARK = "●";

const listColumns: Column<AppointmentRecord>[] = [
  { header: "", value: (r) => (r.read ? "" : UNREAD_MARK) },
  { header: "ID", value: (r) => r.id },
  { header: "RECEIVED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "NAME", value: (r) => r.name },
  { header: "EMAIL", value: (r) => r.email },
  { header: "PHONE", value: (r) => r.phone },
  { header: "COMPANY", value: (r) => r.company },
  { header: "SERVICE", value: (r) => r.serviceType },
  { header: "PREFERRED", value: (r) => `${r.preferredDate} ${r.preferredTime}` },
];

export async function listAppointments(
  { db, out }: AdminContext,
  options: { unread?: boolean; since?: string; suspected?: boolean; json?: boolean },
): Promise<ExitCode> {
  const since = parseSince(options.since);
  if (!since.ok) return fail(out, since.message);
  const records = await loadAppointmentRecords(db, {
    unreadOnly: options.unread,
    since: since.value,
    spam: options.suspected ? "only" : "exclude",
  });
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    const which = options.suspected ? "held as suspected spam" : "";
    printLine(out, `No ${options.unread ? "unread " : ""}appointment requests${which ? ` ${which}` : ""}.`);
    return exitCodes.ok;
  }
  const unread = records.filter((record) => !record.read).length;
  printLine(out, formatTable(withSuspicion(listColumns, options.suspected), records));
  printLine(out);
  const noun = options.suspected ? "suspected appointment request" : "appointment request";
  printLine(out, `${plural(records.length, noun)}, ${unread} unread (${UNREAD_MARK})`);
  return exitCodes.ok;
}

export async function showAppointment(
  { db, out }: AdminContext,
  idText: string,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  const id = parseId(idText, "appointment");
  if (!id.ok) return fail(out, id.message);
  const row = await findAppointmentRequest(db, id.value);
  if (!row) return fail(out, `unknown appointment id ${id.value}`);
  const record = toAppointmentRecord(row);
  if (options.json) {
    printJson(out, record);
    return exitCodes.ok;
  }
  printLine(
    out,
    formatDetails([
      ["Appointment", record.id],
      ["Status", record.read ? "read" : "unread"],
      ["Received", formatLocalDateTime(record.createdAt)],
      ["Suspected spam", record.suspectedSpam],
      ["Name", record.name],
      ["Email", record.email],
      ["Phone", record.phone],
      ["Company", record.company],
      ["Service", optionLabel(serviceTypeOptions, record.serviceType) ?? record.serviceType],
      ["Preferred date", `${formatDateLabel(record.preferredDate)}, ${record.preferredTime}`],
      ["Project details", record.projectDetails],
    ]),
  );
  return exitCodes.ok;
}

/** Marks requests read or unread; doing it twice changes nothing. Unknown ids change nothing at all. */
export async function markAppointments(
  { db, out }: AdminContext,
  idTexts: readonly string[],
  read: boolean,
): Promise<ExitCode> {
  const ids = parseIds(idTexts, "appointment");
  if (!ids.ok) return fail(out, ids.message);
  const existing = await existingAppointmentRequestIds(db, ids.value);
  const unknown = ids.value.filter((id) => !existing.has(id));
  if (unknown.length > 0) {
    return fail(out, `unknown appointment id${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);
  }
  await setAppointmentRequestsRead(db, ids.value, read);
  printLine(out, `Marked ${plural(ids.value.length, "appointment request")} ${read ? "read" : "unread"}.`);
  return exitCodes.ok;
}
