import {
  findAppointmentRequest,
  listAppointmentRequests,
  setAppointmentRequestsRead,
  type LeadFilter,
  type ReadMarker,
} from "#server/db/leads.ts";
import { selectStaffNames, type StaffName } from "#server/db/lead-owners.ts";
import { ownerOf, type OwnerField } from "#server/operations/leads/owner-field.ts";
import { fromDbBoolean } from "#server/db/dialect.ts";
import type { AppointmentRequestRow, ScheduleStatus } from "#server/db/schema.ts";
import type { Actor } from "#server/operations/context.ts";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { toSubmissionFields, type SubmissionFields } from "#server/operations/leads/submission-fields.ts";
import type { Db } from "#server/db/database.ts";
import { toLeadSource } from "#server/operations/leads/source-fields.ts";
import type { LeadSource } from "#shared/lead-source.ts";
import { parseId, parseIds } from "#server/operations/input.ts";
import { pickCamelCased, type CamelCased } from "#server/operations/pick-camel-cased.ts";

/** The visitor's answers an appointment record starts with, in order. */
const answerColumns = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "service_type",
  "preferred_date",
  "preferred_time",
  "project_details",
] as const satisfies readonly (keyof AppointmentRequestRow)[];

/** An appointment request as `--json` and the export show it (the schedule after the submission's fields). */
export type AppointmentRecord = CamelCased<AppointmentRequestRow, (typeof answerColumns)[number]> &
  SubmissionFields & {
    /** Null while requested only; "confirmed" or "cancelled" by `appointments confirm|cancel`. */
    schedule: ScheduleStatus | null;
    /** The confirmed start (ISO instant) and length. */
    scheduledStart: string | null;
    scheduledMinutes: number | null;
  } & OwnerField &
  LeadSource;

function toAppointmentRecord(row: AppointmentRequestRow, staff: Map<number, StaffName>): AppointmentRecord {
  return {
    ...pickCamelCased(row, answerColumns),
    ...toSubmissionFields(row),
    schedule: row.schedule_status,
    scheduledStart: row.scheduled_start,
    scheduledMinutes: row.scheduled_minutes,
    owner: ownerOf(row, staff),
    ...toLeadSource(row),
  };
}

export async function loadAppointmentRecords(
  db: Db,
  filter: LeadFilter = {},
  /** The accounts owners are named from, where the caller has read them already. */
  staffNames?: Map<number, StaffName>,
): Promise<AppointmentRecord[]> {
  const staff = staffNames ?? (await selectStaffNames(db));
  return (await listAppointmentRequests(db, filter)).map((row) => toAppointmentRecord(row, staff));
}

/** One appointment request as `show` and the workspace present it. */
export async function findAppointmentRecord(db: Db, idText: string): Promise<Outcome<AppointmentRecord>> {
  const id = parseId(idText, "appointment");
  if (!id.ok) return failed("invalid", id.message);
  const row = await findAppointmentRequest(db, id.value);
  if (!row) return failed("not-found", `unknown appointment id ${id.value}`);
  return succeeded(toAppointmentRecord(row, await selectStaffNames(db)));
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
  marker?: ReadMarker,
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
    await setAppointmentRequestsRead(trx, changed, read, marker);
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
