import type { Kysely } from "kysely";

// What signing in needs beyond 0014 (docs/decisions/027-staff-authentication.md):
// - the TOTP time step last accepted, so a code seen once (over a shoulder, by a proxy)
//   cannot sign in again within its window;
// - when the account last signed in, for the users list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_users").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("staff_users").addColumn("last_sign_in_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_users").dropColumn("last_sign_in_at").execute();
  await db.schema.alterTable("staff_users").dropColumn("totp_last_step").execute();
}
