import type { Db } from "#server/db/database.ts";
import { listSubscribers as listSubscriberRows } from "#server/db/newsletter.ts";
import type { SubscriberRow, SubscriberStatus } from "#server/db/schema.ts";
import type { SpamFilter } from "#server/db/suspected.ts";

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
