import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The staff_invitations table: one-time links to set up an account, stored by token hash. */

export type StaffInvitationRow = {
  tokenHash: string;
  email: string;
  role: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
};

/** Voids the address's links not yet used; answers how many there were. */
export async function deleteUnusedInvitations(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom("staff_invitations")
    .where("email", "=", email)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The address's newest link not yet used, expired or not. */
export async function selectUnusedInvitation(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("staff_invitations")
    .select(["email", "role", "expires_at"])
    .where("email", "=", email)
    .where("used_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function insertInvitation(db: Kysely<Database>, row: StaffInvitationRow): Promise<void> {
  await db
    .insertInto("staff_invitations")
    .values({
      token_hash: row.tokenHash,
      email: row.email,
      role: row.role,
      invited_by: row.invitedBy,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Invitations neither used nor expired at `now`, oldest first. */
export async function selectPendingInvitations(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom("staff_invitations")
    .select(["email", "role", "expires_at"])
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at")
    .execute();
}

/** The invitation a token hash names, if neither used nor expired at `now`. */
export async function selectLiveInvitation(db: Kysely<Database>, tokenHash: string, now: Date) {
  return db
    .selectFrom("staff_invitations")
    .select(["token_hash", "email", "role", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/**
 * Marks a live invitation used and returns its address and role; undefined when it was
 * used or expired meanwhile. Conditional, so a link works once even when two requests race.
 */
export async function markInvitationUsed(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ email: string; role: string } | undefined> {
  return db
    .updateTable("staff_invitations")
    .set({ used_at: now.toISOString() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning(["email", "role"])
    .executeTakeFirst();
}
