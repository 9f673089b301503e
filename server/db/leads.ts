import type { Insertable, Kysely } from "kysely";
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

/** Every new lead starts unread, as an appointment request does. */
export async function insertWebsiteDesignLead(
  db: Writer,
  lead: Omit<Insertable<WebsiteDesignLeadTable>, "read">,
): Promise<number> {
  const row = await db
    .insertInto("website_design_leads")
    .values({ ...lead, read: toDbBoolean(false) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every new lead starts unread, as an appointment request does. */
export async function insertWebAppLead(
  db: Writer,
  lead: Omit<Insertable<WebAppLeadTable>, "read">,
): Promise<number> {
  const row = await db
    .insertInto("web_app_leads")
    .values({ ...lead, read: toDbBoolean(false) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** SPEC §3: every new appointment request starts unread. */
export async function insertAppointmentRequest(
  db: Writer,
  request: Omit<Insertable<AppointmentRequestTable>, "read">,
): Promise<number> {
  const row = await db
    .insertInto("appointment_requests")
    .values({ ...request, read: toDbBoolean(false) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Newest first; `since` keeps rows created at or after that instant, `until` those before it; `spam` chooses
 * between genuine and held-back rows (all by default, as exports want).
 */
export async function listAppointmentRequests(
  db: Writer,
  filter: {
    unreadOnly?: boolean;
    since?: Timestamp;
    until?: Timestamp;
    spam?: SpamFilter;
    status?: LeadStatus;
  } = {},
): Promise<AppointmentRequestRow[]> {
  let query = db.selectFrom("appointment_requests").selectAll();
  query = filterSpam(query, filter.spam);
  if (filter.unreadOnly) query = query.where("read", "=", toDbBoolean(false));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  if (filter.until) query = query.where("created_at", "<", filter.until);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function findAppointmentRequest(
  db: Writer,
  id: number,
): Promise<AppointmentRequestRow | undefined> {
  return db.selectFrom("appointment_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The ids among `ids` that exist. */
export async function existingAppointmentRequestIds(db: Writer, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("appointment_requests").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** One statement, so it is atomic beside the running server; setting the same value again is harmless. */
export async function setAppointmentRequestsRead(db: Writer, ids: number[], read: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable("appointment_requests")
    .set({ read: toDbBoolean(read) })
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What `leads list` and the inbox narrow leads by. */
export type LeadFilter = {
  unreadOnly?: boolean;
  since?: Timestamp;
  until?: Timestamp;
  spam?: SpamFilter;
  status?: LeadStatus;
};

export async function listWebsiteDesignLeads(
  db: Writer,
  filter: LeadFilter = {},
): Promise<WebsiteDesignLeadRow[]> {
  let query = db.selectFrom("website_design_leads").selectAll();
  query = filterSpam(query, filter.spam);
  if (filter.unreadOnly) query = query.where("read", "=", toDbBoolean(false));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  if (filter.until) query = query.where("created_at", "<", filter.until);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function listWebAppLeads(db: Writer, filter: LeadFilter = {}): Promise<WebAppLeadRow[]> {
  let query = db.selectFrom("web_app_leads").selectAll();
  query = filterSpam(query, filter.spam);
  if (filter.unreadOnly) query = query.where("read", "=", toDbBoolean(false));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  if (filter.until) query = query.where("created_at", "<", filter.until);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function findWebsiteDesignLead(
  db: Writer,
  id: number,
): Promise<WebsiteDesignLeadRow | undefined> {
  return db.selectFrom("website_design_leads").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findWebAppLead(db: Writer, id: number): Promise<WebAppLeadRow | undefined> {
  return db.selectFrom("web_app_leads").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One statement per table, as setAppointmentRequestsRead; setting the same value again is harmless. */
export async function setLeadsRead(
  db: Writer,
  table: "website_design_leads" | "web_app_leads",
  ids: number[],
  read: boolean,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable(table)
    .set({ read: toDbBoolean(read) })
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
