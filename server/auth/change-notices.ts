import type { Kysely } from "kysely";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Database } from "#server/db/schema.ts";
import { selectActiveAdminEmails } from "#server/db/staff-accounts.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { STAFF_CHANGE_NOTICE, type StaffChangeNotice } from "#server/mail/staff-change-message.ts";
import { policyOf, type Actor, type PolicyName } from "./policy";

/** What a notice says, without whom it goes to and when. */
export type ChangeNoticeBody = Omit<StaffChangeNotice, "messageId" | "to" | "by" | "at">;

/**
 * Queues the e-mails the policy's row names for a change (docs/decisions/048-operation-policy.md):
 * one to every enabled admin, one to the account's holder, each address once (a holder who
 * is an admin gets the holder's). In the caller's transaction, after the change, so they go
 * out exactly when it is made and an admin disabled by it is no longer told.
 */
export async function queueChangeNotices(
  trx: Kysely<Database>,
  operation: PolicyName,
  input: { body: ChangeNoticeBody; holder?: string; actor: Actor; siteUrl: string },
  now: Date,
): Promise<number> {
  const notice = policyOf(operation).notice;
  const recipients = new Set<string>();
  if (notice.includes("holder") && input.holder) recipients.add(input.holder);
  if (notice.includes("admins"))
    for (const email of await selectActiveAdminEmails(trx)) recipients.add(email);
  for (const to of recipients) {
    const payload: StaffChangeNotice = {
      ...input.body,
      messageId: newMessageId(input.siteUrl),
      to,
      by: input.actor.actor,
      at: now.toISOString(),
    };
    await enqueueOutboxMessage(trx, { kind: STAFF_CHANGE_NOTICE, payload, now });
  }
  return recipients.size;
}
