import { findOutboxMessages, listOutboxMessages, requeueDeadOutboxMessages } from "../db/outbox";
import type { OutboxRow, OutboxStatus } from "../db/schema";
import { defaultOutboxWorkerOptions } from "../mail/outbox-worker";
import {
  exitCodes,
  fail,
  plural,
  printJson,
  printLine,
  usageError,
  type AdminContext,
  type ExitCode,
} from "./context";
import { formatLocalDateTime, formatTable, type Column } from "./format";
import { parseIds } from "./input";

/** The statuses worth a look: waiting (or retrying) and given up. Sent rows are history. */
export const notificationStatuses = ["pending", "dead"] as const satisfies readonly OutboxStatus[];
type NotificationStatus = (typeof notificationStatuses)[number];

/** An outbox row without its payload: the payload of a newsletter e-mail holds the subscriber's tokens. */
export type NotificationRecord = {
  id: number;
  kind: string;
  status: OutboxStatus;
  /** Who the message is about: the visitor's name and address, or the subscriber's address. */
  about: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

function describeSubject(payload: string): string {
  try {
    const data: unknown = JSON.parse(payload);
    if (typeof data !== "object" || data === null) return "";
    const fields = data as Record<string, unknown>;
    if (typeof fields.visitorName === "string" && typeof fields.visitorEmail === "string") {
      return `${fields.visitorName} <${fields.visitorEmail}>`;
    }
    return typeof fields.email === "string" ? fields.email : "";
  } catch {
    return "";
  }
}

function toNotificationRecord(row: OutboxRow): NotificationRecord {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    about: describeSubject(row.payload),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

const ERROR_WIDTH = 60;

const listColumns: Column<NotificationRecord>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "STATUS", value: (r) => r.status },
  { header: "KIND", value: (r) => r.kind },
  { header: "ABOUT", value: (r) => r.about },
  { header: "CREATED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "TRIES", value: (r) => r.attempts },
  { header: "NEXT TRY", value: (r) => (r.status === "pending" ? formatLocalDateTime(r.nextAttemptAt) : "") },
  {
    header: "LAST ERROR",
    value: (r) =>
      r.lastError && r.lastError.length > ERROR_WIDTH
        ? `${r.lastError.slice(0, ERROR_WIDTH - 1)}…`
        : r.lastError,
  },
];

function parseStatus(text: string | undefined): NotificationStatus[] | false {
  if (text === undefined) return [...notificationStatuses];
  return (notificationStatuses as readonly string[]).includes(text) ? [text as NotificationStatus] : false;
}

export async function listNotifications(
  { db, out }: AdminContext,
  options: { status?: string; json?: boolean },
): Promise<ExitCode> {
  const statuses = parseStatus(options.status);
  if (!statuses) return fail(out, `invalid status "${options.status}": expected pending or dead`);
  const records = (await listOutboxMessages(db, statuses)).map(toNotificationRecord);
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    printLine(out, `No ${statuses.join(" or ")} notifications.`);
    return exitCodes.ok;
  }
  printLine(out, formatTable(listColumns, records));
  printLine(out);
  printLine(out, plural(records.length, "notification"));
  return exitCodes.ok;
}

/**
 * Puts dead notifications back in the queue; the running server's mail worker sends
 * them on its next poll. Nothing already sent is queued again, and an unknown or sent
 * id changes nothing at all.
 */
export async function retryNotifications(
  { db, out }: AdminContext,
  idTexts: readonly string[],
  options: { allDead?: boolean },
  now = new Date(),
): Promise<ExitCode> {
  if (options.allDead && idTexts.length > 0)
    return usageError(out, "give notification ids or --all-dead, not both");
  if (!options.allDead && idTexts.length === 0) return usageError(out, "give notification ids or --all-dead");

  let ids: number[] | undefined;
  if (!options.allDead) {
    const parsed = parseIds(idTexts, "notification");
    if (!parsed.ok) return fail(out, parsed.message);
    const rows = new Map((await findOutboxMessages(db, parsed.value)).map((row) => [row.id, row]));
    for (const id of parsed.value) {
      const row = rows.get(id);
      if (!row) return fail(out, `unknown notification id ${id}`);
      if (row.status === "sent")
        return fail(out, `notification ${id} was already sent; it is not sent again`);
    }
    ids = parsed.value.filter((id) => rows.get(id)?.status === "dead");
    const pending = parsed.value.filter((id) => rows.get(id)?.status === "pending");
    if (pending.length > 0) printLine(out, `Already queued, left as they are: ${pending.join(", ")}.`);
  }

  const requeued = await requeueDeadOutboxMessages(db, ids, now);
  if (requeued.length === 0) {
    printLine(out, "No dead notifications to retry.");
    return exitCodes.ok;
  }
  printLine(
    out,
    `Queued ${plural(requeued.length, "notification")} again (${requeued.join(", ")}); ` +
      `the running server sends them within ${defaultOutboxWorkerOptions.idlePollMs / 1000} seconds.`,
  );
  return exitCodes.ok;
}
