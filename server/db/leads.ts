import type { Insertable, Kysely } from "kysely";
import { toDbBoolean } from "./dialect";
import type { AppointmentRequestTable, Database, WebAppLeadTable, WebsiteDesignLeadTable } from "./schema";

type Writer = Kysely<Database>;

export async function insertWebsiteDesignLead(
  db: Writer,
  lead: Insertable<WebsiteDesignLeadTable>,
): Promise<number> {
  const row = await db
    .insertInto("website_design_leads")
    .values(lead)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertWebAppLead(db: Writer, lead: Insertable<WebAppLeadTable>): Promise<number> {
  const row = await db.insertInto("web_app_leads").values(lead).returning("id").executeTakeFirstOrThrow();
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
