import type { Db } from "#server/db/database.ts";
import { listSubscribers as listSubscriberRows } from "#server/db/newsletter.ts";
import { subscriberStatuses, type SubscriberRow, type SubscriberStatus } from "#server/db/schema.ts";
import type { SpamFilter } from "#server/db/suspected.ts";
import { pickCamelCased, type CamelCased } from "#server/operations/pick-camel-cased.ts";

export { subscriberStatuses };

/**
 * What a subscriber record holds, in order: every column but the confirm and unsubscribe
 * tokens (they act on the person's behalf). suspected_spam is the bot trap the sign-up
 * tripped, until the subscriber confirms; else null.
 */
const recordedColumns = [
  "id",
  "email",
  "status",
  "consent_text",
  "consented_at",
  "confirmed_at",
  "unsubscribed_at",
  "suspected_spam",
  "created_at",
] as const satisfies readonly (keyof SubscriberRow)[];

/** A newsletter subscriber as `--json` and the export show it. */
export type SubscriberRecord = CamelCased<SubscriberRow, (typeof recordedColumns)[number]>;

export async function loadSubscriberRecords(
  db: Db,
  filter: { status?: SubscriberStatus; spam?: SpamFilter } = {},
): Promise<SubscriberRecord[]> {
  return (await listSubscriberRows(db, filter)).map((row) => pickCamelCased(row, recordedColumns));
}
