import type { Insertable, Kysely, Selectable } from "kysely";
import { toDbBoolean } from "./dialect";
import { filterSpam, type SpamFilter } from "./suspected";
import type {
  LeadStatus,
  ScheduleStatus,
  AppointmentRequestRow,
  AppointmentRequestTable,
  Database,
  Timestamp,
  WebAppLeadRow,
  WebAppLeadTable,
  WebsiteDesignLeadRow,
  WebsiteDesignLeadTable,
} from "./schema";

type Writer = Kysely<Database>;

/** The tables staff read visitors' requests from: the two lead forms' and the appointment form's. */
type LeadTableName = "website_design_leads" | "web_app_leads" | "appointment_requests";

/** What `leads list` and the inbox narrow leads and appointment requests by. */
export type LeadFilter = {
  unreadOnly?: boolean;
  since?: Timestamp;
  until?: Timestamp;
  /** Received at or before this instant (the follow-up rule's "overdue", 020). */
  receivedBy?: Timestamp;
  spam?: SpamFilter;
  status?: LeadStatus;
  /** A staff_users.id: only those assigned to that account; "none": only those nobody is. */
  owner?: number | "none";
};

/** requirements §3: every new lead and appointment request starts unread. */
async function insertUnread<T extends LeadTableName>(
  db: Writer,
  table: T,
  values: Omit<Insertable<Database[T]>, "read">,
): Promise<number> {
  const row = await db
    .insertInto(table as LeadTableName)
    // Each table's own values with the `read` column all three share.
    .values({ ...(values as Omit<Insertable<Database[LeadTableName]>, "read">), read: toDbBoolean(false) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Newest first; `since` keeps rows created at or after that instant, `until` those before it; `spam` chooses
 * between genuine and held-back rows (all by default, as exports want).
 */
async function listRows<T extends LeadTableName>(
  db: Writer,
  table: T,
  filter: LeadFilter,
): Promise<Selectable<Database[T]>[]> {
  let query = db.selectFrom(table as LeadTableName).selectAll();
  query = filterSpam(query, filter.spam);
  if (filter.unreadOnly) query = query.where("read", "=", toDbBoolean(false));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.owner === "none") query = query.where("owner_id", "is", null);
  else if (filter.owner !== undefined) query = query.where("owner_id", "=", filter.owner);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  if (filter.until) query = query.where("created_at", "<", filter.until);
  if (filter.receivedBy) query = query.where("created_at", "<=", filter.receivedBy);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  // selectAll over one table of the union gives that table's row.
  return rows as Selectable<Database[T]>[];
}

async function findRow<T extends LeadTableName>(
  db: Writer,
  table: T,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as LeadTableName)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  // As in listRows: the row of the one table named.
  return row as Selectable<Database[T]> | undefined;
}

/**
 * Stores a submission unless one with the same `submission_key` (the same answers from the
 * same served form) is already there: answers its id, or undefined when it was a repeat.
 * The unique index decides, so two copies sent at once store one on either engine.
 */
export async function insertSubmissionOnce<T extends LeadTableName>(
  db: Writer,
  table: T,
  values: Omit<Insertable<Database[T]>, "read">,
): Promise<number | undefined> {
  const row = await db
    .insertInto(table as LeadTableName)
    // As in insertUnread: the table's own values with the shared `read` column.
    .values({ ...(values as Omit<Insertable<Database[LeadTableName]>, "read">), read: toDbBoolean(false) })
    .onConflict((conflict) => conflict.column("submission_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** The column each lead table keeps the visitor's e-mail address in. */
const emailColumnOf = {
  website_design_leads: "business_email",
  web_app_leads: "work_email",
} as const;

/**
 * The first submission a new one repeats (docs/decisions/067-one-lead-per-form.md): the
 * first genuine one sent from the same served form, else (a lead form's) the latest genuine
 * one from the same address (in any case) since `since`; answers that one's own first, so every repeat
 * links to the first of them. Undefined when it is a first.
 */
export async function findFirstSubmission(
  db: Writer,
  table: LeadTableName,
  match: { formToken: string | null; email: string; since: Timestamp },
): Promise<number | undefined> {
  const firstOf = (row: { id: number; repeat_of: number | null } | undefined) =>
    row ? (row.repeat_of ?? row.id) : undefined;
  const genuine = () =>
    db
      .selectFrom(table)
      .select(["id", "repeat_of"])
      .where("suspected_spam", "is", null)
      .where("status", "!=", "spam");
  if (match.formToken !== null) {
    const sameForm = await genuine()
      .where("form_token", "=", match.formToken)
      .orderBy("id", "asc")
      .limit(1)
      .executeTakeFirst();
    if (sameForm) return firstOf(sameForm);
  }
  // An appointment request from the same address is another meeting, not the same enquiry.
  if (table === "appointment_requests") return undefined;
  const sameAddress = await genuine()
    .where((eb) => eb(eb.fn("lower", [eb.ref(emailColumnOf[table])]), "=", match.email.toLowerCase()))
    .where("created_at", ">=", match.since)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return firstOf(sameAddress);
}

/** Each repeat of a table with the id of the first it repeats (docs/decisions/067-one-lead-per-form.md). */
export async function selectRepeatLinks(db: Writer, table: LeadTableName): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(table)
    .select(["id", "repeat_of"])
    .where("repeat_of", "is not", null)
    .execute();
  return new Map(rows.flatMap((row) => (row.repeat_of === null ? [] : [[row.id, row.repeat_of] as const])));
}

/** One row's place among repeats: the first it repeats (if it is one), and its own repeats, oldest first. */
export async function selectRepeatsOf(
  db: Writer,
  table: LeadTableName,
  id: number,
): Promise<{
  first: { id: number; created_at: Timestamp } | undefined;
  repeats: { id: number; created_at: Timestamp }[];
}> {
  const own = await db.selectFrom(table).select("repeat_of").where("id", "=", id).executeTakeFirst();
  const firstId = own?.repeat_of ?? null;
  const first =
    firstId === null
      ? undefined
      : await db.selectFrom(table).select(["id", "created_at"]).where("id", "=", firstId).executeTakeFirst();
  const repeats =
    firstId === null
      ? await db
          .selectFrom(table)
          .select(["id", "created_at"])
          .where("repeat_of", "=", id)
          .orderBy("id", "asc")
          .execute()
      : [];
  return { first, repeats };
}

export const insertWebsiteDesignLead = (
  db: Writer,
  lead: Omit<Insertable<WebsiteDesignLeadTable>, "read">,
): Promise<number> => insertUnread(db, "website_design_leads", lead);

export const insertWebAppLead = (
  db: Writer,
  lead: Omit<Insertable<WebAppLeadTable>, "read">,
): Promise<number> => insertUnread(db, "web_app_leads", lead);

export const insertAppointmentRequest = (
  db: Writer,
  request: Omit<Insertable<AppointmentRequestTable>, "read">,
): Promise<number> => insertUnread(db, "appointment_requests", request);

export const listAppointmentRequests = (
  db: Writer,
  filter: LeadFilter = {},
): Promise<AppointmentRequestRow[]> => listRows(db, "appointment_requests", filter);

export const listWebsiteDesignLeads = (
  db: Writer,
  filter: LeadFilter = {},
): Promise<WebsiteDesignLeadRow[]> => listRows(db, "website_design_leads", filter);

export const listWebAppLeads = (db: Writer, filter: LeadFilter = {}): Promise<WebAppLeadRow[]> =>
  listRows(db, "web_app_leads", filter);

export const findAppointmentRequest = (db: Writer, id: number): Promise<AppointmentRequestRow | undefined> =>
  findRow(db, "appointment_requests", id);

export const findWebsiteDesignLead = (db: Writer, id: number): Promise<WebsiteDesignLeadRow | undefined> =>
  findRow(db, "website_design_leads", id);

export const findWebAppLead = (db: Writer, id: number): Promise<WebAppLeadRow | undefined> =>
  findRow(db, "web_app_leads", id);

/** The ids among `ids` that exist. */
export async function existingAppointmentRequestIds(db: Writer, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("appointment_requests").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Who marked rows read, and when: a staff_users.id, or null for the command line. */
export type ReadMarker = { by: number | null; at: Timestamp };

/** One statement, so it is atomic beside the running server; setting the same value again is harmless. */
export const setAppointmentRequestsRead = (
  db: Writer,
  ids: number[],
  read: boolean,
  marker?: ReadMarker,
): Promise<number> => setLeadsRead(db, "appointment_requests", ids, read, marker);

/**
 * One statement per table, so it is atomic beside the running server; setting the same
 * value again is harmless. Marking read keeps who and when; marking unread forgets them.
 */
export async function setLeadsRead(
  db: Writer,
  table: LeadTableName,
  ids: number[],
  read: boolean,
  marker?: ReadMarker,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable(table)
    .set({
      read: toDbBoolean(read),
      read_by: read ? (marker?.by ?? null) : null,
      read_at: read ? (marker?.at ?? null) : null,
    })
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An appointment's confirmed time, as `appointments confirm|reschedule|cancel` set it. */
export type AppointmentSchedule = {
  schedule_status: ScheduleStatus;
  scheduled_start: Timestamp;
  scheduled_minutes: number;
  calendar_sequence: number;
};

/**
 * Writes a new schedule only if the row still has the calendar sequence the command
 * read: two admins changing one appointment at once cannot both send an update with
 * the same SEQUENCE. Answers whether it was written.
 */
export async function scheduleAppointmentRequest(
  db: Writer,
  id: number,
  readSequence: number,
  schedule: AppointmentSchedule,
): Promise<boolean> {
  const result = await db
    .updateTable("appointment_requests")
    .set(schedule)
    .where("id", "=", id)
    .where("calendar_sequence", "=", readSequence)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who marked a row read and when (null: unread, or marked from the command line); undefined: no such row. */
export async function selectReadMark(
  db: Writer,
  table: LeadTableName,
  id: number,
): Promise<{ read_by: number | null; read_at: Timestamp | null } | undefined> {
  return db.selectFrom(table).select(["read_by", "read_at"]).where("id", "=", id).executeTakeFirst();
}
