import type { Kysely } from "kysely";
import { recordAudit } from "#server/db/audit-log.ts";
import type { Database } from "#server/db/schema.ts";
import { enforcePolicy } from "./accounts";
import { answered, notFound, refuseInside, type Outcome } from "#shared/outcome.ts";
import type { Actor } from "./policy";
import { endAllSessions, endSessionById, publicSessionId } from "./sessions";

/**
 * A member of staff ending their own sessions. Ending another browser's, or every one,
 * needs a proof from the last 5 minutes (the policy, decision 048): else a copied cookie
 * could sign the real holder out and keep the account to itself. Ending this one is
 * signing out, which is never refused.
 */

export const ownSessionMessages = { ended: "That session has already ended." } as const;

type Holder = { userId: number; sessionId: string };

/** Ends one of the holder's sessions by its API id; `signedOut` when it was this one. */
export async function endOwnSession(
  db: Kysely<Database>,
  holder: Holder,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<{ signedOut: boolean }>> {
  return answered(() =>
    db.transaction().execute(async (trx) => {
      const ended = await endSessionById(trx, holder.userId, id);
      if (!ended) refuseInside(notFound(ownSessionMessages.ended));
      // Thrown inside the transaction, the refusal rolls the ending back.
      if (ended !== holder.sessionId) enforcePolicy("session.end-other", actor, now);
      await recordAudit(trx, { ...actor, action: "session.end", target: publicSessionId(ended) }, now);
      return { signedOut: ended === holder.sessionId };
    }),
  );
}

/** Ends every session of the holder's, this one too. Returns how many ended. */
export async function signOutEverywhere(
  db: Kysely<Database>,
  holder: Holder,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<number>> {
  return answered(() =>
    db.transaction().execute(async (trx) => {
      enforcePolicy("session.sign-out-everywhere", actor, now);
      const ended = await endAllSessions(trx, holder.userId);
      await recordAudit(
        trx,
        { ...actor, action: "session.sign-out-everywhere", detail: { sessions: ended } },
        now,
      );
      return ended;
    }),
  );
}
