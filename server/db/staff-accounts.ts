import type { Kysely } from "kysely";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

/** The staff_users table, with what an account list shows of its passkeys. */

/** An account as lists and changes show it: its columns and how many passkeys it has. */
export type StaffAccountRow = {
  id: number;
  email: string;
  role: string;
  password_hash: string | null;
  disabled_at: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  passkeys: number;
};

/** The account's own columns: selected, and grouped by to count its passkeys. */
const accountColumns = [
  "staff_users.id",
  "staff_users.email",
  "staff_users.role",
  "staff_users.password_hash",
  "staff_users.disabled_at",
  "staff_users.created_at",
  "staff_users.last_sign_in_at",
] as const;

/** Every account, by address. */
export async function selectStaffAccounts(db: Kysely<Database>): Promise<StaffAccountRow[]> {
  const rows = await db
    .selectFrom("staff_users")
    .leftJoin("staff_passkeys", "staff_passkeys.user_id", "staff_users.id")
    .select((eb) => [...accountColumns, eb.fn.count<number>("staff_passkeys.credential_id").as("passkeys")])
    .groupBy(accountColumns)
    .orderBy("staff_users.email")
    .execute();
  return rows.map((row) => ({ ...row, passkeys: Number(row.passkeys) }));
}

/** One account by id or (already normalised) address. */
export async function selectStaffAccount(
  db: Kysely<Database>,
  by: { id: number } | { email: string },
): Promise<StaffAccountRow | undefined> {
  let query = db
    .selectFrom("staff_users")
    .select((eb) => [
      "id",
      "email",
      "role",
      "password_hash",
      "disabled_at",
      "created_at",
      "last_sign_in_at",
      eb
        .selectFrom("staff_passkeys")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("staff_passkeys.user_id", "=", "staff_users.id")
        .as("passkeys"),
    ]);
  query = "id" in by ? query.where("id", "=", by.id) : query.where("email", "=", by.email);
  const row = await query.executeTakeFirst();
  return row ? { ...row, passkeys: Number(row.passkeys ?? 0) } : undefined;
}

/** The id and state of the account with this address, if there is one. */
export async function selectAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("staff_users")
    .select(["id", "disabled_at"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** Disables an enabled account (`at`), or enables it (null). */
export async function setAccountDisabledAt(db: Kysely<Database>, id: number, at: Date | null): Promise<void> {
  let query = db
    .updateTable("staff_users")
    .set({ disabled_at: at?.toISOString() ?? null })
    .where("id", "=", id);
  // A second disable keeps the first one's time.
  if (at) query = query.where("disabled_at", "is", null);
  await query.execute();
}

/** Clears everything the account signs in with: password, authenticator, passkeys, recovery codes, flows. */
export async function clearAccountSignInMethods(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable("staff_users")
    .set({ password_hash: null, totp_secret: null, totp_last_step: null })
    .where("id", "=", id)
    .execute();
  await db.deleteFrom("staff_passkeys").where("user_id", "=", id).execute();
  await db.deleteFrom("staff_recovery_codes").where("user_id", "=", id).execute();
  await db.deleteFrom("staff_auth_flows").where("user_id", "=", id).execute();
}

/** What accepting an invitation sets on the account. */
export type AccountCredentials = {
  passwordHash: string;
  totpSecret: string;
  totpStep: number;
  signedInAt: string;
};

function credentialColumns(credentials: AccountCredentials) {
  return {
    password_hash: credentials.passwordHash,
    totp_secret: credentials.totpSecret,
    totp_last_step: credentials.totpStep,
    last_sign_in_at: credentials.signedInAt,
  };
}

export async function setAccountCredentials(
  db: Kysely<Database>,
  id: number,
  credentials: AccountCredentials,
): Promise<void> {
  await db.updateTable("staff_users").set(credentialColumns(credentials)).where("id", "=", id).execute();
}

/** Creates an account with its first credentials; returns its id. */
export async function insertStaffAccount(
  db: Kysely<Database>,
  account: { email: string; role: string; createdAt: string },
  credentials: AccountCredentials,
): Promise<number> {
  const created = await db
    .insertInto("staff_users")
    .values({
      email: account.email,
      role: account.role,
      created_at: account.createdAt,
      ...credentialColumns(credentials),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return created.id;
}

/** Replaces the account's password hash if it is still `previous`: whether it was. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  id: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable("staff_users")
    .set({ password_hash: next })
    .where("id", "=", id)
    .where("password_hash", "=", previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets an account's role. */
export async function setAccountRole(db: Kysely<Database>, id: number, role: string): Promise<void> {
  await db.updateTable("staff_users").set({ role }).where("id", "=", id).execute();
}

/**
 * The ids of the enabled admin accounts, locked until the transaction ends on PostgreSQL:
 * two admins demoting each other at once then take turns, and the second sees the first's
 * change, so the last admin cannot be demoted by a race. (SQLite runs one writer at a time.)
 */
export async function lockActiveAdminIds(db: Kysely<Database>): Promise<number[]> {
  let query = db
    .selectFrom("staff_users")
    .select("id")
    .where("role", "=", "admin")
    .where("disabled_at", "is", null);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

/** The addresses of every enabled admin, who hear of the workspace's sensitive changes (decision 048). */
export async function selectActiveAdminEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("staff_users")
    .select("email")
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .orderBy("email")
    .execute();
  return rows.map((row) => row.email);
}

/** What signing in and proving oneself again check: the password hash, the authenticator and its last step. */
export async function selectAccountSecrets(db: Kysely<Database>, by: { id: number } | { email: string }) {
  const query = db
    .selectFrom("staff_users")
    .select(["id", "email", "password_hash", "totp_secret", "totp_last_step", "disabled_at"]);
  return (
    "id" in by ? query.where("id", "=", by.id) : query.where("email", "=", by.email)
  ).executeTakeFirst();
}

/**
 * Records an authenticator code's time step as used, if it is later than the last one:
 * whether it was. Conditional, so two requests racing with one code cannot both pass.
 */
export async function claimTotpStep(db: Kysely<Database>, id: number, step: number): Promise<boolean> {
  const updated = await db
    .updateTable("staff_users")
    .set({ totp_last_step: step })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Notes when the account last signed in. */
export async function setLastSignInAt(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db
    .updateTable("staff_users")
    .set({ last_sign_in_at: at.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Sets the account's password hash. */
export async function setPasswordHash(db: Kysely<Database>, id: number, passwordHash: string): Promise<void> {
  await db.updateTable("staff_users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
}

/** Replaces the account's (sealed) authenticator secret, with the step its first code used. */
export async function setTotpSecret(
  db: Kysely<Database>,
  id: number,
  sealedSecret: string,
  step: number,
): Promise<void> {
  await db
    .updateTable("staff_users")
    .set({ totp_secret: sealedSecret, totp_last_step: step })
    .where("id", "=", id)
    .execute();
}
