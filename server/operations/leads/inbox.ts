import type { Db } from "#server/db/database.ts";
import { selectStaffNames } from "#server/db/lead-owners.ts";
import { listStatusChanges, type LeadTable } from "#server/db/lead-follow-up.ts";
import { selectRepeatLinks, type LeadFilter } from "#server/db/leads.ts";
import type { LeadStatus } from "#server/db/schema.ts";
import {
  appointmentInboxId,
  findAppointmentRecord,
  loadAppointmentRecords,
  type AppointmentRecord,
} from "#server/operations/meetings/appointment-records.ts";
import type { StatusTarget } from "./follow-up";
import { parseLeadId } from "./lead-ids";
import { findLeadRecord, loadLeadRecords, type LeadRecord } from "./stored-leads";
import type { SubmissionFields } from "./submission-fields";
import type { OwnerField } from "./owner-field";
import {
  inboxIdOf,
  loadLeadPageExtras,
  staffByEmail,
  staffRefOf,
  type LeadPageExtras,
  type StaffByEmail,
} from "./lead-page-extras";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import type { QuarantineKind } from "./quarantine";
import {
  INBOX_PAGE_SIZE,
  type HistoryEntry,
  type InboxForm,
  type InboxItem,
  type InboxPage,
} from "#shared/inbox.ts";

export { inboxForms, type InboxForm } from "#shared/inbox.ts";

/**
 * The staff workspace's inbox: website-design and web-app leads and appointment requests
 * in one list, loaded by the same code as `leads list` and `appointments list`.
 */

export type InboxFilter = {
  form?: InboxForm;
  status?: LeadStatus;
  /** ISO instants: received at or after `since`, before `until`. */
  since?: string;
  until?: string;
  /** Part of the name, company or e-mail address, in any case. */
  q?: string;
  /** Only those held back as suspected spam, instead of only the genuine ones. */
  suspected?: boolean;
  /** Only those assigned to this staff_users.id, or ("none") to nobody. */
  owner?: number | "none";
  /** Only those nobody has read yet. */
  unread?: boolean;
  /**
   * Only the overdue: still new and received at or before this instant, the follow-up
   * reminder's rule (overdueCutoff in follow-up-reminder.ts).
   */
  overdueCutoff?: string;
  page: number;
};

/** The table each of the inbox's forms is stored in, and the form each table holds. */
export const tableOfForm: Record<InboxForm, LeadTable> = {
  "website-design": "website_design_leads",
  "web-app": "web_app_leads",
  appointment: "appointment_requests",
};
export const formOfTable = Object.fromEntries(
  Object.entries(tableOfForm).map(([form, table]) => [table, form]),
) as Record<LeadTable, InboxForm>;

/** One inbox row as stored: its table, row id, and how the CLI names it. */
export type InboxRef = { form: InboxForm; table: LeadTable; rowId: number; id: string };

export function parseInboxId(text: string): InboxRef | false {
  const appointment = /^ap-([1-9]\d{0,15})$/.exec(text);
  if (appointment) {
    const rowId = Number(appointment[1]);
    return { form: "appointment", table: tableOfForm.appointment, rowId, id: text };
  }
  const lead = parseLeadId(text);
  if (!lead) return false;
  return { form: lead.type, table: tableOfForm[lead.type], rowId: lead.id, id: text };
}

export const invalidInboxId = (text: string) =>
  `invalid id "${text}": expected wd-<number>, wa-<number> or ap-<number>`;

/** The CLI's status target for an inbox row (appointment requests go by their bare number). */
export function statusTargetOf(ref: InboxRef): StatusTarget {
  return { table: ref.table, id: ref.rowId, label: ref.form === "appointment" ? String(ref.rowId) : ref.id };
}

/** Which `release` an inbox row goes through, and the id as that command takes it. */
export function quarantineArgsOf(ref: InboxRef): { kind: QuarantineKind; text: string } {
  return ref.form === "appointment"
    ? { kind: "appointments", text: String(ref.rowId) }
    : { kind: "leads", text: ref.id };
}

/** An inbox row: who it is from, as each form names them, then what every submission carries. */
function toInboxItem(
  from: Pick<InboxItem, "id" | "form" | "name" | "company">,
  record: SubmissionFields & OwnerField & { email: string },
  staff: StaffByEmail,
): InboxItem {
  return {
    ...from,
    email: record.email,
    receivedAt: record.createdAt,
    read: record.read,
    status: record.status,
    suspected: record.suspectedSpam !== null,
    owner: record.owner === null ? null : staffRefOf(record.owner, staff),
    repeatOf: null,
  };
}

/** Marks each item that repeats an earlier enquiry with the first one's inbox id. */
async function withRepeats(db: Db, items: InboxItem[]): Promise<InboxItem[]> {
  const links = new Map<LeadTable, Map<number, number>>();
  for (const table of new Set(items.map((item) => tableOfForm[item.form]))) {
    links.set(table, await selectRepeatLinks(db, table));
  }
  return items.map((item) => {
    const ref = parseInboxId(item.id);
    const first = ref ? links.get(ref.table)?.get(ref.rowId) : undefined;
    return first === undefined || !ref ? item : { ...item, repeatOf: inboxIdOf(ref.table, first) };
  });
}

const fromLead = (record: LeadRecord, staff: StaffByEmail) =>
  toInboxItem(
    { id: record.id, form: record.type, name: record.fullName, company: record.companyName },
    record,
    staff,
  );

const fromAppointment = (record: AppointmentRecord, staff: StaffByEmail) =>
  toInboxItem(
    { id: appointmentInboxId(record.id), form: "appointment", name: record.name, company: record.company },
    record,
    staff,
  );

function matches(item: InboxItem, q: string): boolean {
  const needle = q.toLowerCase();
  return [item.name, item.company ?? "", item.email].some((text) => text.toLowerCase().includes(needle));
}

/** One page of the inbox, unread first, then newest first. */
export async function listInbox(db: Db, filter: InboxFilter): Promise<InboxPage> {
  const overdue = filter.overdueCutoff !== undefined;
  // An overdue lead is still new by definition: no other status can be among them.
  if (overdue && filter.status !== undefined && filter.status !== "new") {
    return { items: [], total: 0, page: filter.page, pageSize: INBOX_PAGE_SIZE };
  }
  const shared: LeadFilter = {
    since: filter.since,
    until: filter.until,
    status: overdue ? "new" : filter.status,
    receivedBy: filter.overdueCutoff,
    unreadOnly: filter.unread,
    spam: filter.suspected ? ("only" as const) : ("exclude" as const),
    owner: filter.owner,
  };
  // The accounts are read once: the records name owners from them, the items mark the disabled.
  const names = await selectStaffNames(db);
  const staff = staffByEmail(names);
  const leads =
    filter.form === "appointment"
      ? []
      : (await loadLeadRecords(db, { ...shared, type: filter.form }, names)).map((record) =>
          fromLead(record, staff),
        );
  const appointments =
    filter.form === undefined || filter.form === "appointment"
      ? (await loadAppointmentRecords(db, shared, names)).map((record) => fromAppointment(record, staff))
      : [];
  const q = filter.q?.trim();
  const all = [...leads, ...appointments]
    .filter((item) => !q || matches(item, q))
    .sort((a, b) => Number(a.read) - Number(b.read) || b.receivedAt.localeCompare(a.receivedAt));
  const start = (filter.page - 1) * INBOX_PAGE_SIZE;
  return {
    items: await withRepeats(db, all.slice(start, start + INBOX_PAGE_SIZE)),
    total: all.length,
    page: filter.page,
    pageSize: INBOX_PAGE_SIZE,
  };
}

export type InboxRecord = (
  | { form: "website-design" | "web-app"; id: string; record: LeadRecord; history: HistoryEntry[] }
  | { form: "appointment"; id: string; record: AppointmentRecord; history: HistoryEntry[] }
) &
  LeadPageExtras;

/** One row in full, as `leads show` / `appointments show` load it, with its status history. */
export async function loadInboxRecord(db: Db, text: string): Promise<Outcome<InboxRecord>> {
  const ref = parseInboxId(text);
  if (!ref) return failed("invalid", invalidInboxId(text));
  const history = async () =>
    (await listStatusChanges(db, ref.table, ref.rowId)).map((change) => ({
      status: change.status,
      note: change.note,
      changedBy: change.changed_by,
      changedAt: change.changed_at,
    }));
  if (ref.form === "appointment") {
    const found = await findAppointmentRecord(db, String(ref.rowId));
    if (!found.ok) return found;
    const extras = await loadLeadPageExtras(db, ref, found.value);
    return succeeded({
      form: ref.form,
      id: ref.id,
      record: found.value,
      history: await history(),
      ...extras,
    });
  }
  const found = await findLeadRecord(db, ref.id);
  if (!found.ok) return found;
  const extras = await loadLeadPageExtras(db, ref, { ...found.value, phone: found.value.phoneNumber });
  return succeeded({ form: ref.form, id: ref.id, record: found.value, history: await history(), ...extras });
}
