import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "./database";
import type { Database } from "./schema";
import { sessionEnded } from "./staff-sessions";

/**
 * How long personal data is kept (POPIA's "no longer than necessary";
 * docs/decisions/025-retention.md): leads and appointment requests for RETENTION_MONTHS,
 * suspected spam for 30 days, sent e-mails' data for 90 days. Dead e-mails stay until a
 * person looks, unless the lead they are about is itself past retention.
 */
export type RetentionPolicy = Omit<AppConfig["retention"], "sweepEveryMs">;

export type RetentionCutoffs = {
  /** Leads, appointment requests and any e-mail created before this go. */
  leads: string;
  /** Suspected spam (and leads staff marked spam) created before this go. */
  spam: string;
  /** Sent e-mails sent before this go. */
  sentMail: string;
  /** Staff sessions that have ended by this moment go (server/db/staff-sessions.ts says when). */
  now: Date;
};

const DAY_MS = 24 * 3_600_000;

export function retentionCutoffs(policy: RetentionPolicy, now: Date): RetentionCutoffs {
  const leads = new Date(now);
  // Calendar months: 24 months before 31 March is 31 March two years earlier.
  leads.setUTCMonth(leads.getUTCMonth() - policy.leadMonths);
  return {
    leads: leads.toISOString(),
    spam: new Date(now.getTime() - policy.suspectedDays * DAY_MS).toISOString(),
    sentMail: new Date(now.getTime() - policy.sentMailDays * DAY_MS).toISOString(),
    now,
  };
}

export const leadTables = ["website_design_leads", "web_app_leads", "appointment_requests"] as const;
type LeadTable = (typeof leadTables)[number];

/**
 * Every table a sweep deletes from. audit_log is who did what in the workspace or the CLI,
 * with their IP: kept as long as the leads it is about; staff_sessions go once ended (they
 * hold the member of staff's IP and browser).
 */
export const retainedTables = [
  ...leadTables,
  "newsletter_subscribers",
  "lead_status_changes",
  "outbox",
  "audit_log",
  "staff_sessions",
] as const;

/** Rows past due per table. */
export type RetentionCounts = Record<(typeof retainedTables)[number], number>;

function auditDue(cutoffs: RetentionCutoffs) {
  return (eb: ExpressionBuilder<Database, "audit_log">): Expression<SqlBool> => eb("at", "<", cutoffs.leads);
}

const sessionDue = (cutoffs: RetentionCutoffs) => sessionEnded(cutoffs.now);

function leadDue(cutoffs: RetentionCutoffs) {
  return (eb: ExpressionBuilder<Database, LeadTable>): Expression<SqlBool> =>
    eb.or([
      eb("created_at", "<", cutoffs.leads),
      eb.and([
        eb("created_at", "<", cutoffs.spam),
        eb.or([eb("suspected_spam", "is not", null), eb("status", "=", "spam")]),
      ]),
    ]);
}

/** A held newsletter sign-up nobody released; confirmed and unsubscribed ones are the consent's record. */
function subscriberDue(cutoffs: RetentionCutoffs) {
  return (eb: ExpressionBuilder<Database, "newsletter_subscribers">): Expression<SqlBool> =>
    eb.and([eb("created_at", "<", cutoffs.spam), eb("suspected_spam", "is not", null)]);
}

function outboxDue(cutoffs: RetentionCutoffs) {
  return (eb: ExpressionBuilder<Database, "outbox">): Expression<SqlBool> =>
    eb.or([
      eb.and([eb("status", "=", "sent"), eb("sent_at", "<", cutoffs.sentMail)]),
      eb("created_at", "<", cutoffs.leads),
    ]);
}

/** A lead's status history goes with it. */
function statusChangesDue(cutoffs: RetentionCutoffs) {
  return (eb: ExpressionBuilder<Database, "lead_status_changes">): Expression<SqlBool> =>
    eb.or(
      leadTables.map((table) =>
        eb.and([
          eb("lead_table", "=", table),
          eb(
            "lead_row_id",
            "in",
            // One subquery per table: the ids of its rows past due.
            eb.selectFrom(table).select("id").where(leadDue(cutoffs)),
          ),
        ]),
      ),
    );
}

async function count(query: { executeTakeFirstOrThrow(): Promise<{ rows: number | string | bigint }> }) {
  return Number((await query.executeTakeFirstOrThrow()).rows);
}

/** What a sweep would delete now (`privacy sweep --dry-run`). */
export async function countPastRetention(db: Db, cutoffs: RetentionCutoffs): Promise<RetentionCounts> {
  const rows = sql<number>`count(*)`.as("rows");
  const counts: Partial<RetentionCounts> = {};
  for (const table of leadTables) {
    counts[table] = await count(db.selectFrom(table).select(rows).where(leadDue(cutoffs)));
  }
  return {
    website_design_leads: counts.website_design_leads ?? 0,
    web_app_leads: counts.web_app_leads ?? 0,
    appointment_requests: counts.appointment_requests ?? 0,
    newsletter_subscribers: await count(
      db.selectFrom("newsletter_subscribers").select(rows).where(subscriberDue(cutoffs)),
    ),
    lead_status_changes: await count(
      db.selectFrom("lead_status_changes").select(rows).where(statusChangesDue(cutoffs)),
    ),
    outbox: await count(db.selectFrom("outbox").select(rows).where(outboxDue(cutoffs))),
    audit_log: await count(db.selectFrom("audit_log").select(rows).where(auditDue(cutoffs))),
    staff_sessions: await count(db.selectFrom("staff_sessions").select(rows).where(sessionDue(cutoffs))),
  };
}

/** The outbox rows a sweep would delete, for their mail files. */
export async function outboxIdsPastRetention(db: Db, cutoffs: RetentionCutoffs): Promise<number[]> {
  const rows = await db.selectFrom("outbox").select("id").where(outboxDue(cutoffs)).execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes everything past due in one transaction; answers the counts and the outbox ids
 * deleted (their mail files go after the commit).
 */
export async function deletePastRetention(
  db: Db,
  cutoffs: RetentionCutoffs,
  /** Runs in the deletion's transaction with what it deleted: the audit entry of a sweep by hand. */
  alongside?: (trx: Db, counts: RetentionCounts) => Promise<void>,
): Promise<{ counts: RetentionCounts; outboxIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
    // History first: its subqueries find the leads it belongs to.
    const statusChanges = deleted(
      await trx.deleteFrom("lead_status_changes").where(statusChangesDue(cutoffs)).executeTakeFirst(),
    );
    const counts: Partial<RetentionCounts> = {};
    for (const table of leadTables) {
      counts[table] = deleted(await trx.deleteFrom(table).where(leadDue(cutoffs)).executeTakeFirst());
    }
    const subscribers = deleted(
      await trx.deleteFrom("newsletter_subscribers").where(subscriberDue(cutoffs)).executeTakeFirst(),
    );
    const outbox = await trx.deleteFrom("outbox").where(outboxDue(cutoffs)).returning("id").execute();
    const audit = deleted(await trx.deleteFrom("audit_log").where(auditDue(cutoffs)).executeTakeFirst());
    const sessions = deleted(
      await trx.deleteFrom("staff_sessions").where(sessionDue(cutoffs)).executeTakeFirst(),
    );
    const total: RetentionCounts = {
      website_design_leads: counts.website_design_leads ?? 0,
      web_app_leads: counts.web_app_leads ?? 0,
      appointment_requests: counts.appointment_requests ?? 0,
      newsletter_subscribers: subscribers,
      lead_status_changes: statusChanges,
      outbox: outbox.length,
      audit_log: audit,
      staff_sessions: sessions,
    };
    await alongside?.(trx, total);
    return { counts: total, outboxIds: outbox.map((row) => row.id) };
  });
}
