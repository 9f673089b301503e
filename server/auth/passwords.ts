import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { replacePasswordHash } from "#server/db/staff-accounts.ts";

/**
 * Staff passwords, hashed with scrypt (memory-hard: guessing costs memory as well as time).
 * The parameters travel in the stored string, so they can be raised later and older hashes
 * still verify: `scrypt$N$r$p$salt$hash`, salt and hash base64url. A sign-in with a hash
 * of older parameters stores it anew in today's (upgradePasswordHash).
 */

type ScryptParams = { N: number; r: number; p: number };

// OWASP's N=2^15, r=8, p=3: as strong as its N=2^17, p=1, at 32 MiB a hash instead of 128.
// Node runs hashes on its four libuv threads, outside the JavaScript heap, so at most
// 4 × 32 MiB at once (docs/decisions/031-sign-in-limits-and-secrets-at-rest.md).
export const PASSWORD_PARAMS: Readonly<ScryptParams> = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// A stored string asking for more than this is not one of ours: never spend more on it.
const MAX_MEMORY = 256 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

function derive(password: string, salt: Buffer, params: ScryptParams) {
  // Node refuses more than 32 MiB unless maxmem says so; scrypt needs 128 × N × r bytes.
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function formatHash(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

/** The parameters, salt and hash of a stored string, or undefined when it is not one. */
function parseHash(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return undefined;
  const [, N = "", r = "", p = "", salt = "", hash = ""] = match;
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  if (128 * params.N * params.r > MAX_MEMORY || params.p > 16) return undefined;
  return { params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function hashPassword(
  password: string,
  params: ScryptParams = PASSWORD_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return formatHash(params, salt, await derive(password, salt, params));
}

/** Whether the password is the one hashed; false for a malformed hash, never a throw. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params).catch(() => undefined);
  return key !== undefined && key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash was made with other parameters than today's. */
export function hashIsOutdated(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.params.N !== PASSWORD_PARAMS.N ||
    parsed.params.r !== PASSWORD_PARAMS.r ||
    parsed.params.p !== PASSWORD_PARAMS.p
  );
}

/**
 * After a password was verified against a hash of older parameters, stores it anew in
 * today's. Conditional on the old hash, so a password changed meanwhile is not overwritten.
 */
export async function upgradePasswordHash(
  db: Kysely<Database>,
  user: { id: number; passwordHash: string },
  password: string,
): Promise<boolean> {
  if (!hashIsOutdated(user.passwordHash)) return false;
  return replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(password));
}

/**
 * A hash of nothing anyone can type, in today's parameters: checking against it costs what
 * a real check costs. Its "hash" is random bytes, so making it costs nothing at start-up.
 */
const DUMMY_HASH = formatHash(PASSWORD_PARAMS, randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));

/**
 * Spends the time a real check takes, for an address with no account (or no password), so
 * the answer's timing does not say whether the account exists. Always false.
 */
export async function dummyVerifyPassword(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The maintained list of common passwords (zxcvbn-ts's, all lower case), loaded on the
 * first password set rather than at start-up (docs/decisions/023-start-up-and-memory.md).
 * Only entries a password may be are kept in the set: shorter ones are refused anyway.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common")
    .then(
      ({ dictionary }) =>
        new Set(dictionary["passwords-common"].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH)),
    )
    .catch((error: unknown) => {
      // A failed load is tried again on the next password rather than remembered.
      commonPasswords = undefined;
      throw error;
    });
  return commonPasswords;
}

export const passwordMessages = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  emailAddress: "Use something other than your e-mail address.",
  common: "That password is one of the most common ones, which are guessed first. Choose another.",
} as const;

/**
 * What is wrong with a new password, or undefined when it will do: 12 to 200 characters,
 * not the account's address, not on the list of common passwords (whatever its case).
 * Every place a password is chosen (an invitation, a change of password) asks this.
 */
export async function passwordProblem(password: unknown, email: string): Promise<string | undefined> {
  if (typeof password !== "string" || password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  const folded = password.trim().toLowerCase();
  if (folded === email.trim().toLowerCase()) return passwordMessages.emailAddress;
  if ((await loadCommonPasswords()).has(folded)) return passwordMessages.common;
  return undefined;
}
