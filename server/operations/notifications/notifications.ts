import { findOutboxMessages, listOutboxMessages, requeueDeadOutboxMessages } from "#server/db/outbox.ts";
import type { OutboxRow, OutboxStatus } from "#server/db/schema.ts";
import { parseIds } from "#server/operations/input.ts";
import type { Db } from "#server/db/database.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import type { NotificationItem } from "#shared/inbox.ts";
import { notificationKindLabel } from "#shared/notification-kinds.ts";

/** The statuses worth a look: waiting (or retrying) and given up. Sent rows are history. */
export const notificationStatuses = ["pending", "dead"] as const satisfies readonly OutboxStatus[];
type NotificationStatus = (typeof notificationStatuses)[number];

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

/** An outbox row without its payload: the payload of a newsletter e-mail holds the subscriber's tokens. */
function toNotificationItem(row: OutboxRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    what: notificationKindLabel(row.kind),
    status: row.status,
    about: describeSubject(row.payload),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

function parseStatus(text: string | undefined): NotificationStatus[] | false {
  if (text === undefined) return [...notificationStatuses];
  return (notificationStatuses as readonly string[]).includes(text) ? [text as NotificationStatus] : false;
}

/** Pending and dead notifications (or those of one status), newest first, without payloads. */
export async function loadNotifications(
  db: Db,
  statusText: string | undefined,
): Promise<Outcome<{ statuses: NotificationStatus[]; records: NotificationItem[] }>> {
  const statuses = parseStatus(statusText);
  if (!statuses) return failed("invalid", `invalid status "${statusText}": expected pending or dead`);
  const records = (await listOutboxMessages(db, statuses)).map(toNotificationItem);
  return succeeded({ statuses, records });
}

/**
 * Puts dead notifications back in the queue (`ids`, or every dead one when undefined),
 * audited ("notification.retry") in the same transaction. Nothing already sent is
 * queued again, and an unknown or sent id changes nothing at all. Answers the ids
 * requeued and those left as they were because they were still pending; the caller
 * wakes the mail worker.
 */
export async function requeueNotifications(
  { db, actor, now: clock }: Pick<OperationContext, "db" | "actor" | "now">,
  idTexts: readonly string[] | undefined,
): Promise<Outcome<{ requeued: number[]; pending: number[] }>> {
  const now = clock();
  let ids: number[] | undefined;
  let pending: number[] = [];
  if (idTexts) {
    const parsed = parseIds(idTexts, "notification");
    if (!parsed.ok) return failed("invalid", parsed.message);
    const rows = new Map((await findOutboxMessages(db, parsed.value)).map((row) => [row.id, row]));
    for (const id of parsed.value) {
      const row = rows.get(id);
      if (!row) return failed("not-found", `unknown notification id ${id}`);
      if (row.status === "sent")
        return failed("conflict", `notification ${id} was already sent; it is not sent again`);
    }
    ids = parsed.value.filter((id) => rows.get(id)?.status === "dead");
    pending = parsed.value.filter((id) => rows.get(id)?.status === "pending");
  }
  const requeued = await db.transaction().execute(async (trx) => {
    const done = await requeueDeadOutboxMessages(trx, ids, now);
    for (const id of done) {
      await recordAudit(trx, { ...actor, action: "notification.retry", target: String(id) }, now);
    }
    return done;
  });
  return succeeded({ requeued, pending });
}
