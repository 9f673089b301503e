import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Staff passwords, hashed with scrypt (memory-hard: guessing costs memory as well as time).
 * The parameters travel in the stored string, so they can be raised later and older hashes
 * still verify: `scrypt$N$r$p$salt$hash`, salt and hash base64url.
 */

// 32 MiB a hash (N=2^15, r=8), about a tenth of a second on one core. Node runs hashes on
// its four libuv threads, so at most 4 × 32 MiB at once, outside the JavaScript heap.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

/** Whether the password is the one hashed; false for a malformed hash, never a throw. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return false;
  const [, N = "", r = "", p = "", salt = "", hash = ""] = match;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Made once, on first use: a sign-in for an address with no password checks against it.
let dummyHash: Promise<string> | undefined;

/**
 * Spends the time a real check takes, for an address with no account (or no password), so
 * the answer's timing does not say whether the account exists. Always false.
 */
export async function dummyVerifyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** What is wrong with a new password, or undefined when it will do. */
export function passwordProblem(password: unknown, email: string): string | undefined {
  if (typeof password !== "string" || password.length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return "Use something other than your e-mail address.";
  }
  return undefined;
}
