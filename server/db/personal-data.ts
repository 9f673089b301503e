import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";
import type {
  AppointmentRequestRow,
  Database,
  LeadStatusChangeRow,
  OutboxRow,
  SubscriberRow,
  WebAppLeadRow,
  WebsiteDesignLeadRow,
} from "./schema";

type Db = Kysely<Database>;

/**
 * Everything stored about one e-mail address (POPIA's access and erasure rights,
 * docs/decisions/024-personal-data-rights.md). Addresses are compared trimmed and
 * lower-cased, as the forms' owners would expect: Jo@Example.com is the same person.
 */
export type PersonalData = {
  websiteDesignLeads: WebsiteDesignLeadRow[];
  webAppLeads: WebAppLeadRow[];
  appointmentRequests: AppointmentRequestRow[];
  subscribers: SubscriberRow[];
  statusChanges: LeadStatusChangeRow[];
  acknowledgedAt: string | undefined;
  /** Queued or sent e-mails whose data names the address (notifications, acknowledgments, reminders). */
  outbox: OutboxRow[];
};

export function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** What an erasure records instead of the address: enough to prove it later, given the address. */
export function addressHash(address: string): string {
  return createHash("sha256").update(normaliseAddress(address)).digest("hex");
}

/** True when the lower-cased text contains the address; `instr` and `strpos` treat no character as a wildcard. */
function mentions(db: Db, column: string, address: string) {
  return isPostgres(db)
    ? sql<boolean>`strpos(lower(${sql.ref(column)}), ${address}) > 0`
    : sql<boolean>`instr(lower(${sql.ref(column)}), ${address}) > 0`;
}

function sameAddress(column: string, address: string) {
  return sql<boolean>`lower(${sql.ref(column)}) = ${address}`;
}

export async function findPersonalData(db: Db, rawAddress: string): Promise<PersonalData> {
  const address = normaliseAddress(rawAddress);
  const websiteDesignLeads = await db
    .selectFrom("website_design_leads")
    .selectAll()
    .where(sameAddress("business_email", address))
    .orderBy("id")
    .execute();
  const webAppLeads = await db
    .selectFrom("web_app_leads")
    .selectAll()
    .where(sameAddress("work_email", address))
    .orderBy("id")
    .execute();
  const appointmentRequests = await db
    .selectFrom("appointment_requests")
    .selectAll()
    .where(sameAddress("email", address))
    .orderBy("id")
    .execute();
  const subscribers = await db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where(sameAddress("email", address))
    .orderBy("id")
    .execute();
  const leadRows = {
    website_design_leads: websiteDesignLeads.map((row) => row.id),
    web_app_leads: webAppLeads.map((row) => row.id),
    appointment_requests: appointmentRequests.map((row) => row.id),
  } as const;
  const statusChanges: LeadStatusChangeRow[] = [];
  for (const [table, ids] of Object.entries(leadRows)) {
    if (ids.length === 0) continue;
    statusChanges.push(
      ...(await db
        .selectFrom("lead_status_changes")
        .selectAll()
        .where("lead_table", "=", table as LeadStatusChangeRow["lead_table"])
        .where("lead_row_id", "in", ids)
        .orderBy("id")
        .execute()),
    );
  }
  const acknowledged = await db
    .selectFrom("acknowledged_addresses")
    .select("acknowledged_at")
    .where(sameAddress("email", address))
    .executeTakeFirst();
  const outbox = await db
    .selectFrom("outbox")
    .selectAll()
    .where(mentions(db, "payload", address))
    .orderBy("id")
    .execute();
  return {
    websiteDesignLeads,
    webAppLeads,
    appointmentRequests,
    subscribers,
    statusChanges,
    acknowledgedAt: acknowledged?.acknowledged_at,
    outbox,
  };
}

/** Rows erased per table, and the outbox rows whose mail files must go too. */
export type ErasedRows = { counts: Record<string, number>; total: number; outboxIds: number[] };

/** A payload listing several people's leads (the follow-up reminder), with that list. */
function listedLeads(payload: string): { data: object; leads: unknown[] } | undefined {
  const data: unknown = JSON.parse(payload);
  if (typeof data !== "object" || data === null || !("leads" in data) || !Array.isArray(data.leads)) {
    return undefined;
  }
  return { data, leads: data.leads as unknown[] };
}

const names = (lead: unknown, address: string) => JSON.stringify(lead).toLowerCase().includes(address);

/** An outbox row's data as an export shows it: of a reminder, only this person's entries. */
export function payloadAbout(payload: string, rawAddress: string): unknown {
  const address = normaliseAddress(rawAddress);
  const listed = listedLeads(payload);
  if (!listed) return JSON.parse(payload) as unknown;
  return { ...listed.data, leads: listed.leads.filter((lead) => names(lead, address)) };
}

/** The follow-up reminder lists several leads: only this person's entries leave it. */
function withoutAddress(payload: string, address: string): string | undefined {
  const listed = listedLeads(payload);
  if (!listed) return undefined;
  const { data } = listed;
  const leads = listed.leads.filter((lead) => !names(lead, address));
  if (leads.length === 0) return undefined;
  const rest = JSON.stringify({ ...data, leads });
  // Still named elsewhere in the row (a note, say): the whole row goes.
  return rest.toLowerCase().includes(address) ? undefined : rest;
}

/**
 * Deletes everything `findPersonalData` finds, and records the erasure; call it inside a
 * transaction, so either all of it goes or none. Lead rows are deleted rather than
 * anonymised: nothing about them is needed once the person asked (decision 024).
 */
export async function erasePersonalData(
  db: Db,
  rawAddress: string,
  found: PersonalData,
  at: { now: Date; mailFilesErased: number },
): Promise<ErasedRows> {
  const address = normaliseAddress(rawAddress);
  const counts: Record<string, number> = {};
  const count = (table: string, result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => {
    const rows = Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);
    if (rows > 0) counts[table] = (counts[table] ?? 0) + rows;
  };
  for (const change of found.statusChanges) {
    count(
      "lead_status_changes",
      await db.deleteFrom("lead_status_changes").where("id", "=", change.id).executeTakeFirst(),
    );
  }
  count(
    "website_design_leads",
    await db
      .deleteFrom("website_design_leads")
      .where(sameAddress("business_email", address))
      .executeTakeFirst(),
  );
  count(
    "web_app_leads",
    await db.deleteFrom("web_app_leads").where(sameAddress("work_email", address)).executeTakeFirst(),
  );
  count(
    "appointment_requests",
    await db.deleteFrom("appointment_requests").where(sameAddress("email", address)).executeTakeFirst(),
  );
  count(
    "newsletter_subscribers",
    await db.deleteFrom("newsletter_subscribers").where(sameAddress("email", address)).executeTakeFirst(),
  );
  count(
    "acknowledged_addresses",
    await db.deleteFrom("acknowledged_addresses").where(sameAddress("email", address)).executeTakeFirst(),
  );
  const outboxIds: number[] = [];
  for (const row of found.outbox) {
    outboxIds.push(row.id);
    const kept = withoutAddress(row.payload, address);
    const result = kept
      ? await db.updateTable("outbox").set({ payload: kept }).where("id", "=", row.id).executeTakeFirst()
      : await db.deleteFrom("outbox").where("id", "=", row.id).executeTakeFirst();
    count("outbox", result);
  }
  const total = Object.values(counts).reduce((sum, rows) => sum + rows, 0);
  await db
    .insertInto("erasures")
    .values({
      address_hash: addressHash(address),
      erased_at: at.now.toISOString(),
      rows_erased: total,
      mail_files_erased: at.mailFilesErased,
      details: JSON.stringify(counts),
    })
    .execute();
  return { counts, total, outboxIds };
}

/**
 * SQLite keeps deleted rows' bytes in free pages and in its write-ahead log until they are
 * reused. After an erasure the file is rewritten (VACUUM) and the log emptied, so the
 * address is in no byte on disk. PostgreSQL reclaims dead rows with its own vacuum; the
 * operator's backups of either are theirs to rotate.
 */
export async function scrubFreedSpace(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
