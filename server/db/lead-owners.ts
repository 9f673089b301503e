import type { Kysely } from "kysely";
import type { LeadTable } from "./lead-follow-up";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * Who answers each lead and appointment request (migration 0019): the owner column of
 * the three lead tables, and the accounts it names.
 */

/** A member of staff as an owner or reader is shown: their address, and whether the account is disabled. */
export type StaffName = { id: number; email: string; role: string; disabled: boolean };

/** Every account by id: few enough (a small agency's staff) to read at once for a list's owners. */
export async function selectStaffNames(db: Db): Promise<Map<number, StaffName>> {
  const rows = await db
    .selectFrom("staff_users")
    .select(["id", "email", "role", "disabled_at"])
    .orderBy("email")
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, email: row.email, role: row.role, disabled: row.disabled_at !== null },
    ]),
  );
}

/** The owner of each row among `ids` that exists, by id (null: nobody). */
export async function selectOwners(
  db: Db,
  table: LeadTable,
  ids: number[],
): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(["id", "owner_id"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.owner_id]));
}

/** One statement per table, so it is atomic beside the running server. */
export async function setOwner(
  db: Db,
  table: LeadTable,
  ids: number[],
  ownerId: number | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable(table)
    .set({ owner_id: ownerId })
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
