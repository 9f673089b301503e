import type { Kysely } from "kysely";
import type { Database, Timestamp } from "./schema";

type Db = Kysely<Database>;

/**
 * The limits on acknowledgments, which go to an address nobody verified: one per address
 * per 24 hours across the forms, and a cap per client per 24 hours, counted by a keyed
 * hash of its IP address, never the address itself (server/operations/leads/client-address-key.ts). Kept in the
 * database so every instance counts together; each check is one atomic upsert, run in
 * the transaction that stores the lead and queues the e-mail
 * (docs/decisions/020-lead-follow-up.md).
 */

const DAY_MS = 24 * 60 * 60_000;

export type AcknowledgmentVerdict = "allowed" | "repeat-address" | "ip-cap";

export type AcknowledgmentClaim = {
  /** Compared lower-cased: one mailbox, one acknowledgment. */
  email: string;
  /**
   * The client's IP address as its keyed hash; undefined when the caller has no address
   * (a script): only the address limit applies.
   */
  clientKey: string | undefined;
  perIpPerDay: number;
  now: Date;
};

/**
 * Takes one acknowledgment from both allowances, or from neither: the client's count first
 * (one upsert that only counts while under the cap or in a new window), then the
 * address (one upsert that only matches when its last acknowledgment is a day old); an
 * address refused gives its client count back. On PostgreSQL each upsert locks its row, so
 * two instances claiming for one address at once cannot both succeed.
 */
export async function claimAcknowledgment(
  db: Db,
  claim: AcknowledgmentClaim,
): Promise<AcknowledgmentVerdict> {
  const now = claim.now.toISOString();
  const dayAgo = new Date(claim.now.getTime() - DAY_MS).toISOString();
  const client = claim.clientKey;
  if (client !== undefined) {
    const counted = await db
      .insertInto("acknowledgment_counts")
      .values({ client_key: client, count: 1, window_started_at: now })
      .onConflict((conflict) =>
        conflict
          .column("client_key")
          .doUpdateSet((eb) => {
            const windowOver = eb("acknowledgment_counts.window_started_at", "<=", dayAgo);
            return {
              count: eb
                .case()
                .when(windowOver)
                .then(1)
                .else(eb("acknowledgment_counts.count", "+", 1))
                .end(),
              window_started_at: eb
                .case()
                .when(windowOver)
                .then(now)
                .else(eb.ref("acknowledgment_counts.window_started_at"))
                .end(),
            };
          })
          .where((eb) =>
            eb.or([
              eb("acknowledgment_counts.window_started_at", "<=", dayAgo),
              eb("acknowledgment_counts.count", "<", claim.perIpPerDay),
            ]),
          ),
      )
      .returning("count")
      .executeTakeFirst();
    if (!counted) return "ip-cap";
  }
  const address = await db
    .insertInto("acknowledged_addresses")
    .values({ email: claim.email.toLowerCase(), acknowledged_at: now })
    .onConflict((conflict) =>
      conflict
        .column("email")
        .doUpdateSet({ acknowledged_at: now })
        .where("acknowledged_addresses.acknowledged_at", "<=", dayAgo),
    )
    .returning("email")
    .executeTakeFirst();
  if (address) return "allowed";
  if (client !== undefined) {
    await db
      .updateTable("acknowledgment_counts")
      .set((eb) => ({ count: eb("count", "-", 1) }))
      .where("client_key", "=", client)
      .execute();
  }
  return "repeat-address";
}

/** Forgets what no longer limits anything: addresses and IP windows older than a day. */
export async function deleteExpiredAcknowledgmentLimits(db: Db, now: Date): Promise<number> {
  const dayAgo: Timestamp = new Date(now.getTime() - DAY_MS).toISOString();
  const addresses = await db
    .deleteFrom("acknowledged_addresses")
    .where("acknowledged_at", "<=", dayAgo)
    .executeTakeFirst();
  const counts = await db
    .deleteFrom("acknowledgment_counts")
    .where("window_started_at", "<=", dayAgo)
    .executeTakeFirst();
  return Number(addresses.numDeletedRows) + Number(counts.numDeletedRows);
}
