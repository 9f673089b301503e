import type { Db } from "#server/db/database.ts";
import { findAppointmentRequest, findWebAppLead, findWebsiteDesignLead } from "#server/db/leads.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import {
  clearSuspicion,
  purgeSuspected,
  submissionExists,
  type SubmissionTable,
} from "#server/db/suspected.ts";
import {
  agencyNotification,
  appointmentNotice,
  appointmentRequestCalendar,
  webAppLeadNotice,
  websiteDesignLeadNotice,
  type LeadNotice,
} from "./lead-records";
import type { AgencyNotificationKind } from "#server/mail/agency-notification-message.ts";
import { parseIds } from "#server/operations/input.ts";
import { invalidLeadId, parseLeadId } from "./lead-ids";
import { inboxIdOf } from "./lead-page-extras";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import { recordAudit } from "#server/db/audit-log.ts";

/**
 * Submissions held back as suspected spam (server/operations/leads/submission.ts): releasing one
 * clears the mark and queues the agency's e-mail it never got (the server's mail worker
 * sends it); purging deletes the old ones nobody released.
 */

export const quarantineKinds = ["leads", "appointments", "subscribers"] as const;
export type QuarantineKind = (typeof quarantineKinds)[number];

/** One held row as the admin named it. */
type Held = { label: string; table: SubmissionTable; id: number };

export const tablesOf: Record<QuarantineKind, SubmissionTable[]> = {
  leads: ["website_design_leads", "web_app_leads"],
  appointments: ["appointment_requests"],
  subscribers: ["newsletter_subscribers"],
};

export const nouns: Record<QuarantineKind, string> = {
  leads: "lead",
  appointments: "appointment request",
  subscribers: "subscriber",
};

/** A released row's notice and arrival time, built from the row as stored. */
const noticeOf = <Row extends { created_at: string }>(
  row: Row | undefined,
  describe: (row: Row) => LeadNotice,
) => row && { notice: describe(row), at: row.created_at };

/**
 * The tables whose rows the agency is e-mailed about, with the e-mail's kind. Subscribers
 * are not here: their confirmation e-mail went when they signed up.
 */
const notifiedTables: Partial<
  Record<
    SubmissionTable,
    {
      kind: AgencyNotificationKind;
      load(db: Db, id: number): Promise<{ notice: LeadNotice; at: string } | undefined>;
    }
  >
> = {
  website_design_leads: {
    kind: "website-design-lead",
    load: async (db, id) => noticeOf(await findWebsiteDesignLead(db, id), websiteDesignLeadNotice),
  },
  web_app_leads: {
    kind: "web-app-lead",
    load: async (db, id) => noticeOf(await findWebAppLead(db, id), webAppLeadNotice),
  },
  appointment_requests: {
    kind: "appointment-request",
    load: async (db, id) => noticeOf(await findAppointmentRequest(db, id), appointmentNotice),
  },
};

/** A released appointment request's tentative calendar entry, as its notification would have had. */
async function releasedCalendar(db: Db, id: number, config: OperationContext["config"], at: string) {
  const row = await findAppointmentRequest(db, id);
  return row && appointmentRequestCalendar(row, config, at);
}

/** The rows the admin named, or the one-line message about the first id that is not one. */
function parseHeld(kind: QuarantineKind, texts: readonly string[]): Held[] | string {
  if (kind === "leads") {
    const held: Held[] = [];
    for (const text of texts) {
      const parsed = parseLeadId(text);
      if (!parsed) return invalidLeadId(text);
      const table = parsed.type === "website-design" ? "website_design_leads" : "web_app_leads";
      held.push({ label: text, table, id: parsed.id });
    }
    return held;
  }
  const ids = parseIds(texts, nouns[kind]);
  if (!ids.ok) return ids.message;
  const table = kind === "appointments" ? "appointment_requests" : "newsletter_subscribers";
  return ids.value.map((id) => ({ label: String(id), table, id }));
}

const exists = (db: Db, { table, id }: Held): Promise<boolean> => submissionExists(db, table, id);

/** The workspace's and the audit log's name for a held row: "wd-12", "wa-3", "ap-7", "sub-5". */
function auditName({ table, id }: Held): string {
  return table === "newsletter_subscribers" ? `sub-${id}` : inboxIdOf(table, id);
}

export type ReleaseResult = { label: string; released: boolean; notified: boolean };

/**
 * Releases the rows named: clears each one's mark and queues the agency's e-mail it
 * never got, audited ("lead.release"), all in one transaction per row. Unknown ids
 * change nothing at all. The caller wakes the mail worker when something was queued.
 */
export async function releaseSubmissions(
  { db, config, actor, now }: OperationContext,
  kind: QuarantineKind,
  texts: readonly string[],
): Promise<Outcome<ReleaseResult[]>> {
  const held = parseHeld(kind, texts);
  if (typeof held === "string") return failed("invalid", held);
  // Unknown ids change nothing at all, as with `appointments read`.
  const unknown: string[] = [];
  for (const item of held) if (!(await exists(db, item))) unknown.push(item.label);
  if (unknown.length > 0) {
    return failed(
      "not-found",
      `unknown ${nouns[kind]} id${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`,
    );
  }

  const results: ReleaseResult[] = [];
  for (const item of held) {
    const notified = notifiedTables[item.table];
    const released = await db.transaction().execute(async (trx) => {
      if (!(await clearSuspicion(trx, item.table, item.id))) return false;
      await recordAudit(trx, { ...actor, action: "lead.release", target: auditName(item) }, now());
      if (!notified) return true;
      // The row was found in this transaction a statement ago.
      const lead = await notified.load(trx, item.id);
      if (!lead) throw new Error(`${item.label} vanished while it was released`);
      const calendar =
        item.table === "appointment_requests"
          ? await releasedCalendar(trx, item.id, config, lead.at)
          : undefined;
      const payload = agencyNotification(lead.notice, lead.at, config.settings.siteUrl, { calendar });
      await enqueueOutboxMessage(trx, { kind: notified.kind, payload, now: now() });
      return true;
    });
    results.push({ label: item.label, released, notified: released && notified !== undefined });
  }
  return succeeded(results);
}

/**
 * Deletes the suspected rows of `tables` received before `before`, audited ("lead.purge",
 * `target` naming what was purged) in the same transaction; answers how many.
 */
export async function purgeSuspectedRows(
  { db, actor, now }: Pick<OperationContext, "db" | "actor" | "now">,
  tables: readonly SubmissionTable[],
  before: string,
  target: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let deleted = 0;
    for (const table of tables) deleted += await purgeSuspected(trx, table, before);
    await recordAudit(trx, { ...actor, action: "lead.purge", target, detail: { before, deleted } }, now());
    return deleted;
  });
}
