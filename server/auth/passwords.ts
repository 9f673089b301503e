import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { ZxcvbnResult } from "@zxcvbn-ts/core";
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

type PasswordEstimator = {
  check(password: string, userInputs?: Array<string | number>): ZxcvbnResult;
};

let estimator: Promise<PasswordEstimator> | undefined;

/**
 * zxcvbn-ts's estimator over its maintained list of 49,233 common passwords and its
 * keyboard layouts, built on the first password chosen rather than at start-up
 * (docs/decisions/023-start-up-and-memory.md, 053-common-and-own-words-in-passwords.md).
 */
function loadEstimator(): Promise<PasswordEstimator> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")])
    .then(
      ([{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }]) =>
        new ZxcvbnFactory({
          dictionary: { passwords: dictionary["passwords-common"] },
          graphs: adjacencyGraphs,
          // Near misses are its matchers' work (l33t, case, repeats); distance matching costs time for little.
          useLevenshteinDistance: false,
        }),
    )
    .catch((error: unknown) => {
      // A failed load is tried again on the next password rather than remembered.
      estimator = undefined;
      throw error;
    });
  return estimator;
}

/**
 * Below this many guesses (zxcvbn's own line between "somewhat" and "safely" unguessable)
 * a password is refused: a common one, one dressed up (`Password123!`), a repeat, a
 * keyboard row or the site’s own name with a year.
 */
const MIN_GUESSES_LOG10 = 8;

export const passwordMessages = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  emailAddress: "Use something other than your e-mail address.",
  common: "That password is one of the most common ones, which are guessed first. Choose another.",
  siteWords:
    "That password is built on this site’s own name or web address, which are guessed first. Choose another.",
  ownName: "That password is built on your e-mail address, which is guessed first. Choose another.",
  repeats:
    "That password is a repeat or a run of characters, like aaaa, 1234 or qwerty, which are guessed first. Choose another.",
  guessable: "That password would be quick to guess. Try a few unrelated words together.",
} as const;

/**
 * The site's own words a password must not be built on: its brand name (stored settings),
 * the domains of its contact e-mail and URL, as written and run together.
 */
export function siteWordsOf(site: { brandName: string; email: string; siteUrl: string }): string[] {
  const words = new Set<string>();
  const add = (word: string) => {
    const folded = word.trim().toLowerCase();
    if (folded.length >= 3) words.add(folded);
  };
  add(site.brandName);
  add(site.brandName.replace(/[^\p{L}\p{N}]+/gu, ""));
  for (const part of site.brandName.split(/[^\p{L}\p{N}]+/u)) add(part);
  const hosts = [site.email.split("@")[1] ?? ""];
  try {
    hosts.push(new URL(site.siteUrl).hostname);
  } catch {
    // A malformed URL has no domain to add; configuration validation reports it.
  }
  for (const host of hosts) {
    const name = host.toLowerCase().replace(/^www\./, "");
    // localhost and addresses name no one's site.
    if (!name.includes(".") || /^[\d.:]+$/.test(name)) continue;
    add(name);
    add(name.split(".")[0] ?? "");
  }
  return [...words];
}

/** The person's own words: the part of the e-mail address before the @, as written, run together and split. */
function ownWordsOf(email: string): string[] {
  const local = email.trim().toLowerCase().split("@")[0] ?? "";
  const words = [local, local.replace(/[^\p{L}\p{N}]+/gu, ""), ...local.split(/[^\p{L}\p{N}]+/u)];
  return [...new Set(words)].filter((word) => word.length >= 3);
}

/**
 * What is wrong with a new password, or undefined when it will do: 12 to 200 characters,
 * not the account's address, and not quick to guess: not built on a common password, the
 * site's own words (`siteWords`, from siteWordsOf) or the person's address, nor a repeat
 * or run of characters. Every place a password is chosen (an invitation, a change of
 * password) asks this.
 */
export async function passwordProblem(
  password: unknown,
  email: string,
  siteWords: readonly string[] = [],
): Promise<string | undefined> {
  if (typeof password !== "string" || password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return passwordMessages.emailAddress;
  const own = ownWordsOf(email);
  const result = (await loadEstimator()).check(password, [...siteWords, ...own]);
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return undefined;
  return reasonOf(result.sequence, new Set(own));
}

/** The one sentence that names what made a password quick to guess: the first kind of part found, in this order. */
function reasonOf(sequence: ZxcvbnResult["sequence"], own: ReadonlySet<string>): string {
  const matches = sequence.filter((match) => match.pattern !== "bruteforce" && match.pattern !== "separator");
  for (const match of matches) {
    if (match.pattern === "dictionary" && match.dictionaryName === "userInputs") {
      return own.has(match.matchedWord) ? passwordMessages.ownName : passwordMessages.siteWords;
    }
  }
  if (matches.some((match) => match.pattern === "dictionary")) return passwordMessages.common;
  if (matches.some((match) => ["repeat", "sequence", "spatial"].includes(match.pattern))) {
    return passwordMessages.repeats;
  }
  return passwordMessages.guessable;
}
