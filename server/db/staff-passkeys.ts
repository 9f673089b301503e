import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The staff_passkeys table: each account's WebAuthn credentials, by credential id. */

export type StaffPasskeyRow = {
  credentialId: string;
  userId: number;
  publicKey: string;
  counter: number;
  transports: string | null;
  name: string;
  createdAt: string;
};

/** The account's passkeys as its holder sees them, oldest first. */
export async function selectAccountPasskeys(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("staff_passkeys")
    .select(["credential_id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/** What a new passkey's authenticator must be told it already holds. */
export async function selectAccountCredentials(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("staff_passkeys")
    .select(["credential_id", "transports"])
    .where("user_id", "=", userId)
    .execute();
}

/** Stores a passkey; false when a passkey with its credential id exists already. */
export async function insertPasskey(db: Kysely<Database>, row: StaffPasskeyRow): Promise<boolean> {
  const inserted = await db
    .insertInto("staff_passkeys")
    .values({
      credential_id: row.credentialId,
      user_id: row.userId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: row.transports,
      name: row.name,
      created_at: row.createdAt,
    })
    .onConflict((conflict) => conflict.column("credential_id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function selectPasskey(db: Kysely<Database>, credentialId: string) {
  return db
    .selectFrom("staff_passkeys")
    .selectAll()
    .where("credential_id", "=", credentialId)
    .executeTakeFirst();
}

/** Records a sign-in with the passkey: its authenticator's new counter, and when. */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  credentialId: string,
  counter: number,
  at: Date,
): Promise<void> {
  await db
    .updateTable("staff_passkeys")
    .set({ counter, last_used_at: at.toISOString() })
    .where("credential_id", "=", credentialId)
    .execute();
}

/** Deletes one of the account's passkeys; returns its name, or undefined when it had none by that id. */
export async function deleteAccountPasskey(
  db: Kysely<Database>,
  userId: number,
  credentialId: string,
): Promise<string | undefined> {
  const removed = await db
    .deleteFrom("staff_passkeys")
    .where("user_id", "=", userId)
    .where("credential_id", "=", credentialId)
    .returning("name")
    .executeTakeFirst();
  return removed?.name;
}
