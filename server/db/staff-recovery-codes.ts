import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The staff_recovery_codes table: each account's one-time codes, stored only as hashes. */

/** Replaces the account's codes with these hashes. */
export async function replaceRecoveryCodeHashes(
  db: Kysely<Database>,
  userId: number,
  codeHashes: string[],
): Promise<void> {
  await db.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("staff_recovery_codes")
    .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
    .execute();
}

/**
 * Marks an unused code of the account used: whether there was one. Conditional, so two
 * requests racing with one code cannot both succeed.
 */
export async function markRecoveryCodeUsed(
  db: Kysely<Database>,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
