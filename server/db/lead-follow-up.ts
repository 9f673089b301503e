import { sql, type Kysely } from "kysely";
import type { Database, LeadStatus, LeadStatusChangeRow, Timestamp } from "./schema";

type Db = Kysely<Database>;

/**
 * What staff do with a lead after it arrived, on any of the three lead tables: its
 * status with who set it and why (and the history of those changes), and the claim that
 * puts a lead still "new" into the agency's reminder exactly once
 * (docs/decisions/020-lead-follow-up.md).
 */

export type LeadTable = "website_design_leads" | "web_app_leads" | "appointment_requests";
export const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;

/**
 * The columns every lead table shares, as the schema declares them: the view the queries
 * on any of the three tables need (here and in server/db/overview-counts.ts).
 */
type CommonLeadColumns = Pick<
  Database[LeadTable],
  | "id"
  | "status"
  | "status_note"
  | "status_by"
  | "status_at"
  | "reminded_at"
  | "suspected_spam"
  | "created_at"
  | "owner_id"
  | "read"
  | "repeat_of"
>;
/** The tables seen through their shared columns (the names below differ per table). */
type CommonLeads = Kysely<Record<LeadTable, CommonLeadColumns>>;
export const commonLeads = (db: Db) => db as unknown as CommonLeads;

/** Each table's own names for the visitor's name, address and company. */
const visitorColumns: Record<LeadTable, { name: string; email: string; company: string }> = {
  website_design_leads: { name: "full_name", email: "business_email", company: "company_name" },
  web_app_leads: { name: "full_name", email: "work_email", company: "company_name" },
  appointment_requests: { name: "name", email: "email", company: "company" },
};

/** A lead as the reminder and `leads overdue` list it. */
export type OpenLead = {
  table: LeadTable;
  id: number;
  name: string;
  email: string;
  company: string | null;
  createdAt: Timestamp;
  remindedAt: Timestamp | null;
  /** The staff_users.id who answers it (migration 0019); null while nobody is assigned. */
  ownerId: number | null;
};

function openLeadColumns(table: LeadTable) {
  const columns = visitorColumns[table];
  return [
    "id",
    "created_at",
    "reminded_at",
    "owner_id",
    sql<string>`${sql.ref(columns.name)}`.as("name"),
    sql<string>`${sql.ref(columns.email)}`.as("email"),
    sql<string | null>`${sql.ref(columns.company)}`.as("company"),
  ] as const;
}

type OpenLeadRow = {
  id: number;
  created_at: Timestamp;
  reminded_at: Timestamp | null;
  owner_id: number | null;
  name: string;
  email: string;
  company: string | null;
};

const toOpenLead = (table: LeadTable, row: OpenLeadRow): OpenLead => ({
  table,
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  createdAt: row.created_at,
  remindedAt: row.reminded_at,
  ownerId: row.owner_id,
});

const oldestFirst = (a: OpenLead, b: OpenLead) =>
  a.createdAt.localeCompare(b.createdAt) || a.table.localeCompare(b.table) || a.id - b.id;

/**
 * Every genuine lead and appointment request still "new" that arrived at or before
 * `cutoff`, oldest first. Held-back (suspected) rows are left out: nobody was told of them.
 */
export async function listOverdueLeads(db: Db, cutoff: Timestamp): Promise<OpenLead[]> {
  const found: OpenLead[] = [];
  for (const table of leadTables) {
    const rows = await commonLeads(db)
      .selectFrom(table)
      .select(openLeadColumns(table))
      .where("status", "=", "new")
      .where("suspected_spam", "is", null)
      .where("created_at", "<=", cutoff)
      .execute();
    found.push(...rows.map((row) => toOpenLead(table, row)));
  }
  return found.sort(oldestFirst);
}

/**
 * Marks the overdue leads nobody was reminded of yet as reminded at `now`, and answers
 * them. One conditional UPDATE per table: on PostgreSQL a second instance running the
 * same statement waits for the first one's row locks and then finds `reminded_at` set,
 * so it claims nothing; on SQLite writes are serial anyway. Run it in the transaction
 * that queues the reminder, so a lead is claimed if and only if its reminder is queued.
 */
export async function claimLeadsToRemind(db: Db, cutoff: Timestamp, now: Timestamp): Promise<OpenLead[]> {
  const claimed: OpenLead[] = [];
  for (const table of leadTables) {
    const rows = await commonLeads(db)
      .updateTable(table)
      .set({ reminded_at: now })
      .where("status", "=", "new")
      .where("suspected_spam", "is", null)
      .where("reminded_at", "is", null)
      .where("created_at", "<=", cutoff)
      .returning(openLeadColumns(table))
      .execute();
    claimed.push(...rows.map((row) => toOpenLead(table, row)));
  }
  return claimed.sort(oldestFirst);
}

export type StatusChange = { status: LeadStatus; note: string | null; by: string; at: Timestamp };

/**
 * Sets a lead's status and records the change, in one transaction; answers false when
 * the row does not exist (nothing is written then). `alsoDo` runs in that transaction
 * after the change (the audit log's entry for it).
 */
export async function changeLeadStatus(
  db: Db,
  table: LeadTable,
  id: number,
  change: StatusChange,
  alsoDo?: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await setLeadStatus(trx, table, id, change))) return false;
    await recordStatusChange(trx, table, id, change);
    await alsoDo?.(trx);
    return true;
  });
}

/** Sets a lead's status line (without its history): whether the row exists. */
export async function setLeadStatus(
  db: Db,
  table: LeadTable,
  id: number,
  change: StatusChange,
): Promise<boolean> {
  const result = await commonLeads(db)
    .updateTable(table)
    .set({ status: change.status, status_note: change.note, status_by: change.by, status_at: change.at })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A lead's status line and whether it is held as suspected spam. */
export async function selectLeadStatus(db: Db, table: LeadTable, id: number) {
  return commonLeads(db)
    .selectFrom(table)
    .select(["status", "status_note", "suspected_spam"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Appends to a lead's history (also used when confirming an appointment moves it on). */
export async function recordStatusChange(
  db: Db,
  table: LeadTable,
  id: number,
  change: StatusChange,
): Promise<void> {
  await db
    .insertInto("lead_status_changes")
    .values({
      lead_table: table,
      lead_row_id: id,
      status: change.status,
      note: change.note,
      changed_by: change.by,
      changed_at: change.at,
    })
    .execute();
}

/** A lead's status changes, oldest first. */
export async function listStatusChanges(
  db: Db,
  table: LeadTable,
  id: number,
): Promise<LeadStatusChangeRow[]> {
  return db
    .selectFrom("lead_status_changes")
    .selectAll()
    .where("lead_table", "=", table)
    .where("lead_row_id", "=", id)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
}
