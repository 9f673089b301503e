import { sql, type Kysely } from "kysely";
import type { LeadTable } from "./lead-follow-up";
import type { Database, LeadStatus, SubscriberStatus, Timestamp } from "./schema";

type Db = Kysely<Database>;

/** Each lead table's column for the visitor's address. */
const emailColumns: Record<LeadTable, string> = {
  website_design_leads: "business_email",
  web_app_leads: "work_email",
  appointment_requests: "email",
};

export type SamePersonRow =
  | { table: LeadTable; id: number; createdAt: Timestamp; status: LeadStatus }
  | { table: "newsletter_subscribers"; id: number; createdAt: Timestamp; status: SubscriberStatus };

/** The address as compared: trimmed, in lower case (visitors type their address in any case). */
const normalised = (column: string) => sql<string>`lower(trim(${sql.ref(column)}))`;

/**
 * Every lead, appointment request and newsletter subscription whose address is `email`
 * after trimming, in any case; newest first. Unindexed: a lead's page asks for one
 * address, and the tables hold a small agency's leads for RETENTION_MONTHS.
 */
export async function selectSamePerson(db: Db, email: string): Promise<SamePersonRow[]> {
  const wanted = email.trim().toLowerCase();
  const found: SamePersonRow[] = [];
  for (const table of Object.keys(emailColumns) as LeadTable[]) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "created_at", "status"])
      .where(normalised(emailColumns[table]), "=", wanted)
      .execute();
    found.push(...rows.map((row) => ({ table, id: row.id, createdAt: row.created_at, status: row.status })));
  }
  const subscribers = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "created_at", "status"])
    .where(normalised("email"), "=", wanted)
    .execute();
  found.push(
    ...subscribers.map((row) => ({
      table: "newsletter_subscribers" as const,
      id: row.id,
      createdAt: row.created_at,
      status: row.status,
    })),
  );
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
