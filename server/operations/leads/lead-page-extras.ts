import type { Db } from "#server/db/database.ts";
import { listAuditOf } from "#server/db/audit-log.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { selectStaffNames, type StaffName } from "#server/db/lead-owners.ts";
import { selectReadMark, selectRepeatsOf } from "#server/db/leads.ts";
import { selectSamePerson, type SamePersonRow } from "#server/db/same-person.ts";
import type { ActivityEntry, RepeatInfo, SamePersonEntry, StaffRef } from "#shared/inbox.ts";
import { appointmentInboxId } from "#server/operations/meetings/appointment-records.ts";
import { leadId } from "./lead-records";
import { toE164 } from "./phone-numbers";

/**
 * What a lead's page shows beside the record: who answers it, who read it, who assigned
 * and read it when, and everything else the same address sent.
 */
export type LeadPageExtras = {
  owner: StaffRef | null;
  /** Null while unread; `by` is null when the command line marked it read. */
  readMark: { by: StaffRef | null; at: string | null } | null;
  activity: ActivityEntry[];
  samePerson: SamePersonEntry[];
  /** The first enquiry this one repeats, or this one's repeats (docs/decisions/067-one-lead-per-form.md). */
  repeat: RepeatInfo;
  /** The visitor's number for a `tel:` link: E.164 where it is a valid number, else as typed without spaces. */
  telephone: string | null;
};

/** E.164 ("+27825551234") where the stored number is a valid one; rows stored before that rule keep their digits. */
export function telephoneOf(phone: string | null): string | null {
  const typed = phone?.replace(/[\s().-]/g, "") ?? "";
  if (typed === "") return null;
  return toE164(typed) ?? typed;
}

export type StaffByEmail = Map<string, StaffName>;

export function staffByEmail(names: Map<number, StaffName>): StaffByEmail {
  return new Map([...names.values()].map((name) => [name.email, name]));
}

/** An account as a lead names it; an address no account has any more is shown as disabled. */
export function staffRefOf(email: string, staff: StaffByEmail): StaffRef {
  return { email, disabled: staff.get(email)?.disabled ?? true };
}

const toRef = (name: StaffName): StaffRef => ({ email: name.email, disabled: name.disabled });

const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/** Assignments and read marks from the audit log, which records each with who and when, since the row arrived. */
async function loadActivity(db: Db, inboxId: string, createdAt: string): Promise<ActivityEntry[]> {
  const entries = await listAuditOf(db, inboxId, ["lead.assigned", "lead.read"], createdAt);
  return entries.map((entry): ActivityEntry => {
    if (entry.action === "lead.assigned") {
      return {
        kind: "assigned",
        from: textOrNull(entry.detail?.from),
        to: textOrNull(entry.detail?.to),
        by: entry.actor,
        at: entry.at,
      };
    }
    return { kind: entry.detail?.read === false ? "unread" : "read", by: entry.actor, at: entry.at };
  });
}

const kindOfTable: Record<SamePersonRow["table"], SamePersonEntry["kind"]> = {
  website_design_leads: "website-design",
  web_app_leads: "web-app",
  appointment_requests: "appointment",
  newsletter_subscribers: "subscription",
};

/** The inbox id of row `id` of `table`. */
export function inboxIdOf(table: LeadTable, id: number): string {
  switch (table) {
    case "website_design_leads":
      return leadId("website-design", id);
    case "web_app_leads":
      return leadId("web-app", id);
    case "appointment_requests":
      return appointmentInboxId(id);
  }
}

async function loadRepeat(db: Db, table: LeadTable, rowId: number): Promise<RepeatInfo> {
  const { first, repeats } = await selectRepeatsOf(db, table, rowId);
  const named = (row: { id: number; created_at: string }) => ({
    id: inboxIdOf(table, row.id),
    createdAt: row.created_at,
  });
  return { first: first ? named(first) : null, repeats: repeats.map(named) };
}

function idOf(row: SamePersonRow): string {
  return row.table === "newsletter_subscribers" ? String(row.id) : inboxIdOf(row.table, row.id);
}

/** The other submissions from the same address (trimmed, in any case), newest first. */
export async function loadSamePerson(db: Db, email: string, inboxId: string): Promise<SamePersonEntry[]> {
  return (await selectSamePerson(db, email))
    .map((row) => ({
      kind: kindOfTable[row.table],
      id: idOf(row),
      createdAt: row.createdAt,
      status: row.status,
    }))
    .filter((entry) => entry.kind === "subscription" || entry.id !== inboxId);
}

export async function loadLeadPageExtras(
  db: Db,
  ref: { table: LeadTable; rowId: number; id: string },
  record: { email: string; read: boolean; owner: string | null; phone: string | null; createdAt: string },
): Promise<LeadPageExtras> {
  const staff = await selectStaffNames(db);
  const byEmail = staffByEmail(staff);
  const mark = record.read ? await selectReadMark(db, ref.table, ref.rowId) : undefined;
  const reader = mark?.read_by == null ? undefined : staff.get(mark.read_by);
  return {
    owner: record.owner === null ? null : staffRefOf(record.owner, byEmail),
    readMark: record.read ? { by: reader ? toRef(reader) : null, at: mark?.read_at ?? null } : null,
    activity: await loadActivity(db, ref.id, record.createdAt),
    samePerson: await loadSamePerson(db, record.email, ref.id),
    repeat: await loadRepeat(db, ref.table, ref.rowId),
    telephone: telephoneOf(record.phone),
  };
}
