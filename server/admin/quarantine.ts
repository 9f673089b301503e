import type { Db } from "../db/database";
import { findAppointmentRequest, findWebAppLead, findWebsiteDesignLead } from "../db/leads";
import { enqueueOutboxMessage } from "../db/outbox";
import { clearSuspicion, purgeSuspected, type SubmissionTable } from "../db/suspected";
import {
  agencyNotification,
  appointmentNotice,
  webAppLeadNotice,
  websiteDesignLeadNotice,
  type LeadNotice,
} from "../leads/lead-records";
import type { AgencyNotificationKind } from "../mail/messages";
import { exitCodes, fail, plural, printLine, usageError, type AdminContext, type ExitCode } from "./context";
import { formatLocalDateTime } from "./format";
import { parseAge, parseIds } from "./input";
import { invalidLeadId, parseLeadId } from "./leads";

/**
 * Submissions held back as suspected spam (server/leads/submission.ts): releasing one
 * clears the mark and queues the agency's e-mail it never got (the server's mail worker
 * sends it); purging deletes the old ones nobody released.
 */

export const quarantineKinds = ["leads", "appointments", "subscribers"] as const;
export type QuarantineKind = (typeof quarantineKinds)[number];

/** One held row: where it lives, how the admin names it, and the e-mail its release queues. */
type Held = {
  label: string;
  table: SubmissionTable;
  id: number;
  /** Loads the released row's notification; absent for subscribers (their confirmation went already). */
  notify?: { kind: AgencyNotificationKind; load: (db: Db) => Promise<{ notice: LeadNotice; at: string }> };
};

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

/** Loads a row that must exist: the release runs in the transaction that just found it. */
const loaded = async <Row extends { created_at: string }>(
  row: Promise<Row | undefined>,
  describe: (row: Row) => LeadNotice,
) => {
  const found = await row;
  if (!found) throw new Error("the released row vanished");
  return { notice: describe(found), at: found.created_at };
};

function heldLead(text: string): Held | string {
  const parsed = parseLeadId(text);
  if (!parsed) return invalidLeadId(text);
  const { id } = parsed;
  return parsed.type === "website-design"
    ? {
        label: text,
        table: "website_design_leads",
        id,
        notify: {
          kind: "website-design-lead",
          load: (db) => loaded(findWebsiteDesignLead(db, id), websiteDesignLeadNotice),
        },
      }
    : {
        label: text,
        table: "web_app_leads",
        id,
        notify: { kind: "web-app-lead", load: (db) => loaded(findWebAppLead(db, id), webAppLeadNotice) },
      };
}

function parseHeld(kind: QuarantineKind, texts: readonly string[]): Held[] | string {
  if (kind === "leads") {
    const held = texts.map(heldLead);
    const invalid = held.find((item): item is string => typeof item === "string");
    return invalid ?? (held as Held[]);
  }
  const ids = parseIds(texts, nouns[kind].split(" ")[0] ?? kind);
  if (!ids.ok) return ids.message;
  return ids.value.map((id) =>
    kind === "appointments"
      ? {
          label: String(id),
          table: "appointment_requests" as const,
          id,
          notify: {
            kind: "appointment-request" as const,
            load: (db: Db) => loaded(findAppointmentRequest(db, id), appointmentNotice),
          },
        }
      : { label: String(id), table: "newsletter_subscribers" as const, id },
  );
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
    const released = await db.transaction().execute(async (trx) => {
      if (!(await clearSuspicion(trx, item.table, item.id))) return false;
      if (item.notify) {
        const { notice, at } = await item.notify.load(trx);
        const payload = agencyNotification(notice, at, config.settings.siteUrl);
        await enqueueOutboxMessage(trx, { kind: item.notify.kind, payload, now: now() });
      }
      return true;
    });
    if (!released) printLine(out, `${item.label} was not held as suspected spam: nothing to do.`);
    else if (item.notify) printLine(out, `Released ${item.label}: the agency's e-mail about it is queued.`);
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
