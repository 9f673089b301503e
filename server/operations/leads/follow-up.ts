import { deleteSlotHolds } from "#server/db/availability.ts";
import type { Db } from "#server/db/database.ts";
import {
  changeLeadStatus,
  listOverdueLeads,
  listStatusChanges,
  selectLeadStatus,
  type LeadTable,
} from "#server/db/lead-follow-up.ts";
import { describeOpenLead, overdueCutoff } from "./follow-up-reminder";
import { selectStaffNames } from "#server/db/lead-owners.ts";
import type { LeadStatus } from "#server/db/schema.ts";
import { parseId, type Parsed } from "#server/operations/input.ts";
import type { Actor, OperationContext } from "#server/operations/context.ts";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { leadStatuses } from "#shared/inbox.ts";
import { invalidLeadId, parseLeadId } from "./lead-ids";

/**
 * Where staff are with each lead (docs/decisions/020-lead-follow-up.md): `status` sets
 * it with an optional note, and who and when are recorded with every change; `overdue`
 * lists what the 24-hour reminder lists.
 */

export { leadStatuses };

export function parseLeadStatus(text: string | undefined): Parsed<LeadStatus | undefined> {
  if (text === undefined) return { ok: true, value: undefined };
  if ((leadStatuses as readonly string[]).includes(text)) return { ok: true, value: text as LeadStatus };
  return { ok: false, message: `invalid status "${text}": expected ${leadStatuses.join(", ")}` };
}

export type StatusTarget = { table: LeadTable; id: number; label: string };

/** "wd-12" / "wa-7" for leads, a bare number for appointment requests. */
export function parseStatusTarget(kind: "leads" | "appointments", text: string): Parsed<StatusTarget> {
  if (kind === "appointments") {
    const id = parseId(text, "appointment");
    return id.ok ? { ok: true, value: { table: "appointment_requests", id: id.value, label: text } } : id;
  }
  const parsed = parseLeadId(text);
  if (!parsed) return { ok: false, message: invalidLeadId(text) };
  const table = parsed.type === "website-design" ? "website_design_leads" : "web_app_leads";
  return { ok: true, value: { table, id: parsed.id, label: text } };
}

const MAX_NOTE = 1000;
const MAX_ACTOR = 100;

const currentState = (db: Db, target: StatusTarget) => selectLeadStatus(db, target.table, target.id);

/** The account running the CLI, as the audit log names it. */

/** What a status change did: nothing (already so, without a note), or from which status to which. */
export type StatusChangeResult =
  | { changed: false; label: string; status: LeadStatus }
  | { changed: true; label: string; from: LeadStatus; to: LeadStatus; by: string };

/**
 * Sets a lead's or appointment request's status with an optional note, kept in its
 * history with who (`by`) and when, and audited as "lead.status" in the same transaction.
 */
export async function changeStatus(
  { db, now }: Pick<OperationContext, "db" | "now">,
  target: StatusTarget,
  statusText: string,
  options: { note?: string; by: string; actor: Actor; auditTarget?: string },
): Promise<Outcome<StatusChangeResult>> {
  const status = parseLeadStatus(statusText);
  if (!status.ok || !status.value)
    return failed("invalid", status.ok ? "a status is required" : status.message);
  const note = options.note?.trim() || null;
  if (note && note.length > MAX_NOTE)
    return failed("invalid", `--note is too long: at most ${MAX_NOTE} characters`);
  const by = options.by.trim();
  if (by === "" || by.length > MAX_ACTOR || /\p{Cc}/u.test(by)) {
    return failed("invalid", `invalid --by "${by}": a name of 1 to ${MAX_ACTOR} printable characters`);
  }
  const kind = target.table === "appointment_requests" ? "appointments" : "leads";
  const noun = kind === "leads" ? "lead" : "appointment";
  const row = await currentState(db, target);
  if (!row) return failed("not-found", `unknown ${noun} id ${target.label}`);
  // Held-back submissions are only ever judged spam, or released first (006).
  if (row.suspected_spam && status.value !== "spam") {
    return failed(
      "conflict",
      `${target.label} is held as suspected spam: release it first (site-admin ${kind} release ${target.label}), or set it to spam`,
    );
  }
  if (row.status === status.value && !note)
    return succeeded({ changed: false, label: target.label, status: row.status });
  const change = { status: status.value, note, by, at: now().toISOString() };
  const audit = async (trx: Db) =>
    recordAudit(
      trx,
      {
        ...options.actor,
        action: "lead.status",
        target: options.auditTarget ?? target.label,
        detail: { from: row.status, to: status.value, note },
      },
      now(),
    );
  // A request declined (lost) or judged spam gives its held time back at once (060).
  const declined =
    target.table === "appointment_requests" && (status.value === "lost" || status.value === "spam");
  const alsoDo = async (trx: Db) => {
    if (declined) await deleteSlotHolds(trx, target.id);
    await audit(trx);
  };
  if (!(await changeLeadStatus(db, target.table, target.id, change, alsoDo))) {
    return failed("not-found", `unknown ${noun} id ${target.label}`);
  }
  return succeeded({ changed: true, label: target.label, from: row.status, to: status.value, by });
}

/** Every status change of a lead or appointment request, oldest first. */
export function loadStatusHistory(db: Db, table: LeadTable, id: number) {
  return listStatusChanges(db, table, id);
}

/** The leads still new past the reminder's delay, oldest first, as the 24-hour reminder lists them. */
export async function loadOverdueLeads({ db, config, now }: Pick<OperationContext, "db" | "config" | "now">) {
  const staff = await selectStaffNames(db);
  return (await listOverdueLeads(db, overdueCutoff(config, now()))).map((lead) => ({
    ...describeOpenLead(lead, staff),
    reminded: lead.remindedAt !== null,
  }));
}
