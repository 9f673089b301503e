import type { Db } from "../../db/database";
import { listSubscribers as listSubscriberRows } from "../../db/newsletter";
import type { SubscriberRow, SubscriberStatus } from "../../db/schema";
import {
  exitCodes,
  fail,
  plural,
  printJson,
  printLine,
  type AdminContext,
  type ExitCode,
} from "../../cli/context";
import { formatLocalDateTime, formatTable, withSuspicion, type Column } from "../../cli/format";
import type { SpamFilter } from "../../db/suspected";

export const subscriberStatuses = [
  "pending",
  "confirmed",
  "unsubscribed",
] as const satisfies readonly SubscriberStatus[];

/** A newsletter subscriber without the confirm and unsubscribe tokens: they act on the person's behalf. */
export type SubscriberRecord = {
  id: number;
  email: string;
  status: SubscriberStatus;
  consentText: string;
  consentedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** The bot trap the sign-up tripped, until the subscriber confirms; else null. */
  suspectedSpam: string | null;
  createdAt: string;
};

export const subscriberColumns = [
  "id",
  "email",
  "status",
  "consentText",
  "consentedAt",
  "confirmedAt",
  "unsubscribedAt",
  "suspectedSpam",
  "createdAt",
] as const satisfies readonly (keyof SubscriberRecord)[];

function toSubscriberRecord(row: SubscriberRow): SubscriberRecord {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    consentText: row.consent_text,
    consentedAt: row.consented_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    suspectedSpam: row.suspected_spam,
    createdAt: row.created_at,
  };
}

export async function loadSubscriberRecords(
  db: Db,
  filter: { status?: SubscriberStatus; spam?: SpamFilter } = {},
): Promise<SubscriberRecord[]> {
  return (await listSubscriberRows(db, filter)).map(toSubscriberRecord);
}

const listColumns: Column<SubscriberRecord>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "STATUS", value: (r) => r.status },
  { header: "EMAIL", value: (r) => r.email },
  { header: "SIGNED UP", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "CONFIRMED", value: (r) => formatLocalDateTime(r.confirmedAt) },
  { header: "UNSUBSCRIBED", value: (r) => formatLocalDateTime(r.unsubscribedAt) },
];

function parseStatus(text: string | undefined): SubscriberStatus | undefined | false {
  if (text === undefined) return undefined;
  return (subscriberStatuses as readonly string[]).includes(text) ? (text as SubscriberStatus) : false;
}

export async function listSubscribers(
  { db, out }: AdminContext,
  options: { status?: string; suspected?: boolean; json?: boolean },
): Promise<ExitCode> {
  const status = parseStatus(options.status);
  if (status === false) {
    return fail(out, `invalid status "${options.status}": expected ${subscriberStatuses.join(", ")}`);
  }
  const records = await loadSubscriberRecords(db, { status, spam: options.suspected ? "only" : "exclude" });
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    const which = [status, options.suspected ? "suspected" : ""].filter(Boolean).join(" ");
    printLine(out, which ? `No ${which} subscribers.` : "No subscribers.");
    return exitCodes.ok;
  }
  printLine(out, formatTable(withSuspicion(listColumns, options.suspected), records));
  printLine(out);
  printLine(out, plural(records.length, options.suspected ? "suspected subscriber" : "subscriber"));
  return exitCodes.ok;
}
