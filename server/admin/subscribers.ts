import type { Db } from "../db/database";
import { listSubscribers as listSubscriberRows } from "../db/newsletter";
import type { SubscriberRow, SubscriberStatus } from "../db/schema";
import { exitCodes, fail, plural, printJson, printLine, type AdminContext, type ExitCode } from "./context";
import { formatLocalDateTime, formatTable, type Column } from "./format";

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
    createdAt: row.created_at,
  };
}

export async function loadSubscriberRecords(
  db: Db,
  filter: { status?: SubscriberStatus } = {},
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
  options: { status?: string; json?: boolean },
): Promise<ExitCode> {
  const status = parseStatus(options.status);
  if (status === false) {
    return fail(out, `invalid status "${options.status}": expected ${subscriberStatuses.join(", ")}`);
  }
  const records = await loadSubscriberRecords(db, { status });
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    printLine(out, status ? `No ${status} subscribers.` : "No subscribers.");
    return exitCodes.ok;
  }
  printLine(out, formatTable(listColumns, records));
  printLine(out);
  printLine(out, plural(records.length, "subscriber"));
  return exitCodes.ok;
}
