import type { Db } from "../db/database";
import { findAppointmentRequest, findWebAppLead, findWebsiteDesignLead } from "../db/leads";
import { enqueueOutboxMessage } from "../db/outbox";
import { clearSuspicion, purgeSuspected, type SubmissionTable } from "../db/suspected";
import {
  agencyNotification,
  appointmentNotice,
  appointmentRequestCalendar,
  webAppLeadNotice,
  websiteDesignLeadNotice,
  type LeadNotice,
} from "../leads/lead-records";
import type { AgencyNotificationKind } from "../mail/messages";
import { exitCodes, fail, plural, printLine, usageError, type AdminContext, type ExitCode } from "./context";
import { formatLocalDateTime } from "./format";
import { parseAge, parseIds } from "./input";
import { invalidLeadId, parseLeadId } from "./lead-ids";

/**
 * Submissions held back as suspected spam (server/leads/submission.ts): releasing one
 * clears the mark and queues the agency's e-mail it never got (the server's mail worker
 * sends it); purging deletes the old ones nobody released.
 */

export const quarantineKinds = ["leads", "appointments", "subscribers"] as const;
export type QuarantineKind = (typeof quarantineKinds)[number];

/** One held row as the admin named it. */
type Held = { label: string; table: SubmissionTable; id: number };

const tablesOf: Record<QuarantineKind, SubmissionTable[]> = {
  leads: ["website_design_leads", "web_app_leads"],
  appointments: ["appointment_requests"],
  subscribers: ["newsletter_subscribers"],
};

const nouns: Record<QuarantineKind, string> = {
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
async function releasedCalendar(db: Db, id: number, config: AdminContext["config"], at: string) {
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

async function exists(db: Db, { table, id }: Held): Promise<boolean> {
  return (await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function releaseHeld(
  { db, config, out }: AdminContext,
  kind: QuarantineKind,
  texts: readonly string[],
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const held = parseHeld(kind, texts);
  if (typeof held === "string") return fail(out, held);
  // Unknown ids change nothing at all, as with `appointments read`.
  const unknown: string[] = [];
  for (const item of held) if (!(await exists(db, item))) unknown.push(item.label);
  if (unknown.length > 0)
    return fail(out, `unknown ${nouns[kind]} id${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);

  for (const item of held) {
    const notified = notifiedTables[item.table];
    const released = await db.transaction().execute(async (trx) => {
      if (!(await clearSuspicion(trx, item.table, item.id))) return false;
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
    if (!released) printLine(out, `${item.label} was not held as suspected spam: nothing to do.`);
    else if (notified) printLine(out, `Released ${item.label}: the agency's e-mail about it is queued.`);
    else printLine(out, `Released ${item.label}.`);
  }
  return exitCodes.ok;
}

export async function purgeHeld(
  { db, out }: AdminContext,
  kind: QuarantineKind,
  options: { suspected?: boolean; olderThan: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  // Purging is for held-back spam only; genuine submissions are never bulk-deleted here.
  if (!options.suspected) return usageError(out, "purge deletes suspected spam only: add --suspected");
  const age = parseAge(options.olderThan);
  if (!age.ok) return fail(out, age.message);
  const before = new Date(now().getTime() - age.value).toISOString();
  let deleted = 0;
  for (const table of tablesOf[kind]) deleted += await purgeSuspected(db, table, before);
  printLine(
    out,
    `Deleted ${plural(deleted, `suspected ${nouns[kind]}`)} received before ${formatLocalDateTime(before)}.`,
  );
  return exitCodes.ok;
}
