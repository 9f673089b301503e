import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Every account's stored authenticator secret, for the pass that seals them at start-up. */
export function listStoredTotpSecrets(
  db: Kysely<Database>,
): Promise<Array<{ id: number; totp_secret: string }>> {
  return db
    .selectFrom("staff_users")
    .select(["id", "totp_secret"])
    .where("totp_secret", "is not", null)
    .orderBy("id")
    .execute() as Promise<Array<{ id: number; totp_secret: string }>>;
}

/**
 * Replaces an account's stored secret by the same secret stored anew (sealed, or sealed
 * under today's key). Conditional on the old value, so a secret replaced meanwhile (a new
 * authenticator, a reset) is never overwritten; true when it was replaced.
 */
export async function restoreTotpSecret(
  db: Kysely<Database>,
  userId: number,
  stored: string,
  restored: string,
): Promise<boolean> {
  const result = await db
    .updateTable("staff_users")
    .set({ totp_secret: restored })
    .where("id", "=", userId)
    .where("totp_secret", "=", stored)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
