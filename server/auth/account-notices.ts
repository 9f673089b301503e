import type { Kysely } from "kysely";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Database } from "#server/db/schema.ts";
import {
  STAFF_ACCOUNT_NOTICE,
  type AccountChange,
  type StaffAccountNotice,
} from "#server/mail/account-notice-message.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { describeBrowser } from "./browser-name";

/**
 * Queues the e-mail that tells a member of staff their sign-in methods changed, or that
 * their account was signed in to from a new browser (docs/decisions/032-step-up-notices-and-sessions.md).
 * In the caller's transaction, so the notice goes out exactly when the change is made.
 */
export async function queueAccountNotice(
  db: Kysely<Database>,
  input: {
    client: { ip?: string; userAgent?: string };
    email: string;
    change: AccountChange;
    passkeyName?: string;
    siteUrl: string;
  },
  now: Date,
): Promise<void> {
  const payload: StaffAccountNotice = {
    messageId: newMessageId(input.siteUrl),
    email: input.email,
    change: input.change,
    ...(input.passkeyName ? { passkeyName: input.passkeyName } : {}),
    at: now.toISOString(),
    browser: describeBrowser(input.client.userAgent),
    ip: input.client.ip ?? "unknown",
  };
  await enqueueOutboxMessage(db, { kind: STAFF_ACCOUNT_NOTICE, payload, now });
}
