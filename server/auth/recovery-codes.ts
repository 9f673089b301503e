import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { markRecoveryCodeUsed, replaceRecoveryCodeHashes } from "#server/db/staff-recovery-codes.ts";
import { hashToken } from "./tokens";

/**
 * One-time codes for when the phone with the authenticator app is lost: ten, shown once,
 * each good once. Each is 25 symbols of a 31-symbol alphabet, about 124 random bits: too
 * many to guess from its hash, so a fast hash (SHA-256) is enough, as for tokens (ASVS
 * 6.5.2 asks for 112 bits or a salted slow hash; docs/decisions/031-sign-in-limits-and-secrets-at-rest.md).
 */
const COUNT = 10;
// No 0/O, 1/I/L: codes get copied from paper.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUP = 5;
const GROUPS = 5;
/** Codes made before the longer ones (two groups, about 50 bits) still work until a new set replaces them. */
const EARLIER_LENGTH = GROUP * 2;

/** Random bits in one code. */
export const RECOVERY_CODE_BITS = GROUP * GROUPS * Math.log2(ALPHABET.length);

function newCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/** Case, spaces and dashes do not matter: "abcde fghij-…" is "ABCDEFGHIJ…". */
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
  await replaceRecoveryCodeHashes(
    db,
    userId,
    codes.map((code) => hashCode(code)),
  );
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
  const length = normaliseRecoveryCode(code).length;
  if (length !== GROUP * GROUPS && length !== EARLIER_LENGTH) return false;
  return markRecoveryCodeUsed(db, userId, hashCode(code), now);
}
