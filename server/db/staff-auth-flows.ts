import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The staff_auth_flows table: sign-in steps in progress, by the hash of the browser's token. */

export type StaffAuthFlowRow = {
  tokenHash: string;
  kind: string;
  userId: number | null;
  challenge: string | null;
  data: string | null;
  createdAt: string;
  expiresAt: string;
};

export async function insertAuthFlow(db: Kysely<Database>, row: StaffAuthFlowRow): Promise<void> {
  await db
    .insertInto("staff_auth_flows")
    .values({
      token_hash: row.tokenHash,
      kind: row.kind,
      user_id: row.userId,
      challenge: row.challenge,
      data: row.data,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function selectAuthFlow(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom("staff_auth_flows").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function incrementAuthFlowAttempts(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db
    .updateTable("staff_auth_flows")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", tokenHash)
    .execute();
}

export async function deleteAuthFlow(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("staff_auth_flows").where("token_hash", "=", tokenHash).execute();
}

/** Every flow of the account (a reset starts its sign-in over). */
export async function deleteAccountAuthFlows(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("staff_auth_flows").where("user_id", "=", userId).execute();
}

export async function deleteAuthFlowsExpiredBy(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("staff_auth_flows")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
