import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hashToken } from "../workspace/tokens";

/**
 * One-time codes for when the phone with the authenticator app is lost: ten, shown once,
 * stored as SHA-256 (each holds 50 random bits, too many to guess from a hash), each good once.
 */
const COUNT = 10;
// No 0/O, 1/I/L: codes get copied from paper.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUP = 5;

function newCode(): string {
  let code = "";
  for (let i = 0; i < GROUP * 2; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}

/** Case, spaces and dashes do not matter: "abcde fghij" is "ABCDE-FGHIJ". */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

/** Stored as a token is: SHA-256 of the normalised code. */
function hashCode(code: string): string {
  return hashToken(normaliseRecoveryCode(code));
}

/** A new set for the account; the old set stops working. Returns the codes to show once. */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newCode);
  await db.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("staff_recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code) })))
    .execute();
  return codes;
}

/**
 * Uses up a code if it is one of the account's unused ones. The update is conditional, so
 * two requests racing with one code cannot both succeed.
 */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  if (normaliseRecoveryCode(code).length !== GROUP * 2) return false;
  const result = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
