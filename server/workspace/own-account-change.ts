import type { Request, RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import type { PolicyName } from "#server/auth/policy.ts";
import { queueAccountNotice } from "#server/auth/account-notices.ts";
import type { AccountChange } from "#server/mail/account-notice-message.ts";
import { recordAudit, type AuditEntry } from "#server/db/audit-log.ts";
import type { Database } from "#server/db/schema.ts";
import { actorOf, clientOf, requireStaff, signedIn } from "./guard";
import { requireFreshProof } from "./step-up";

/**
 * The steps of a change to how one signs in (password, authenticator, passkeys, recovery
 * codes): made by the holder alone, each after a fresh proof, each audited and e-mailed.
 */

/** A signed-in member of staff with the fresh proof the policy's row for this change asks for. */
export function ownAccountChange(now: () => Date, operation: PolicyName): [RequestHandler, RequestHandler] {
  return [requireStaff("account"), requireFreshProof(now, operation)];
}

/**
 * What every such change leaves in its transaction: the audit entry, and the e-mail to the
 * holder saying what changed and from where.
 */
export async function recordOwnChange(
  trx: Kysely<Database>,
  req: Request,
  res: Response,
  change: {
    audit: Pick<AuditEntry, "action" | "target" | "detail">;
    notice: { change: AccountChange; passkeyName?: string };
    siteUrl: string;
  },
  at: Date,
): Promise<void> {
  await recordAudit(trx, { ...actorOf(req, res), ...change.audit }, at);
  await queueAccountNotice(
    trx,
    { client: clientOf(req), email: signedIn(res).email, ...change.notice, siteUrl: change.siteUrl },
    at,
  );
}
