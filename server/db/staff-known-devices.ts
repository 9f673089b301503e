import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The staff_known_devices table: the browsers each account has signed in from, by device token hash. */

export async function deleteDevicesUnusedSince(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("staff_known_devices").where("last_seen_at", "<=", before.toISOString()).execute();
}

/** Marks the account's device as seen now: whether there was one to mark. */
export async function touchKnownDevice(
  db: Kysely<Database>,
  userId: number,
  deviceHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("staff_known_devices")
    .set({ last_seen_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("device_hash", "=", deviceHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertKnownDevice(
  db: Kysely<Database>,
  userId: number,
  deviceHash: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto("staff_known_devices")
    .values({
      user_id: userId,
      device_hash: deviceHash,
      first_seen_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
}
