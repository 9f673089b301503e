import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { instanceSecret } from "#server/db/instance-secrets.ts";
import type { SuspectedSpam } from "#server/db/schema.ts";

/**
 * The server side of the bot traps (shared/forms/bot-guard.ts). The start field carries
 * when the form was served, signed with a secret only the server knows, so a bot cannot
 * claim to have started long ago; a value that fails the check counts as missing.
 */

/** A form left open longer than this must be reloaded: long enough for a weekend away. */
export const FORM_TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * v2 adds a random part, so every served form has a start field of its own even when two
 * are served in the same millisecond (one lead per form, docs/decisions/067-one-lead-per-form.md);
 * v1 fields, from forms served before, are still read.
 */
const TOKEN_VERSION = "v2";
const LEGACY_VERSION = "v1";
/**
 * Where the secret is kept when FORM_SECRET is not set: the file of this name in DATA_DIR
 * on SQLite; on PostgreSQL the instance_secrets row of this name, since instances share
 * no folder but do share the database.
 */
export const FORM_SECRET_NAME = "form-secret";

/** A fresh secret for when FORM_SECRET is not set: 32 random bytes. */
export function newFormSecret(): string {
  return randomBytes(32).toString("base64url");
}

export type FormTokens = {
  /** A start field for a form served at `at`, by default now. */
  issue(at?: Date): string;
  /** When the form was served, or undefined if the value was not issued by this secret. */
  verify(token: unknown): number | undefined;
};

export function createFormTokens(secret: string, now: () => Date): FormTokens {
  const sign = (version: string, signed: string) =>
    createHmac("sha256", secret).update(`form-start:${version}:${signed}`).digest();

  return {
    issue(at = now()) {
      const signed = `${at.getTime().toString(36)}.${randomBytes(9).toString("base64url")}`;
      return `${TOKEN_VERSION}.${signed}.${sign(TOKEN_VERSION, signed).toString("base64url")}`;
    },
    verify(token) {
      if (typeof token !== "string" || token.length > 120) return undefined;
      const [version, issuedAt, ...others] = token.split(".");
      const legacy = version === LEGACY_VERSION && others.length === 1;
      if (!legacy && !(version === TOKEN_VERSION && others.length === 2)) return undefined;
      const nonce = legacy ? undefined : others[0];
      const signature = others.at(-1);
      if (!issuedAt || !signature || !/^[0-9a-z]{1,12}$/.test(issuedAt)) return undefined;
      if (nonce !== undefined && !/^[A-Za-z0-9_-]{12}$/.test(nonce)) return undefined;
      const expected = sign(version, nonce === undefined ? issuedAt : `${issuedAt}.${nonce}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return parseInt(issuedAt, 36);
    },
  };
}

/**
 * The secret every instance of the site signs with: FORM_SECRET when set; otherwise one
 * made on first start and kept where every instance finds it (FORM_SECRET_NAME).
 */
export async function resolveFormSecret(
  config: Pick<AppConfig, "forms" | "dataDir" | "databaseUrl">,
  db: Db,
): Promise<string> {
  if (config.forms.secret) return config.forms.secret;
  return config.databaseUrl
    ? instanceSecret(db, FORM_SECRET_NAME, newFormSecret)
    : loadFormSecret(undefined, config.dataDir);
}

/**
 * FORM_SECRET when set; otherwise the one kept in DATA_DIR, made on first start. Created
 * exclusively, so two processes starting together on one folder end up with the same one.
 */
export function loadFormSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, FORM_SECRET_NAME);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${newFormSecret()}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make a new one`);
  return secret;
}

/**
 * - `ok`: a person, as far as these traps can tell;
 * - `honeypot` / `too-fast`: probably a bot; stored, held back from the agency's inbox;
 * - `missing-start`: no valid start field (absent, forged, or older than a week); refused
 *   openly, since a person can reload the page and a form that forgot the field fails loudly.
 */
export type BotVerdict = "ok" | SuspectedSpam | "missing-start";

export function judgeSubmission(
  guard: { honeypot: unknown; startedAt: unknown },
  options: { tokens: FormTokens; now: number; minFillMs: number },
): BotVerdict {
  const startedAt = options.tokens.verify(guard.startedAt);
  if (startedAt === undefined || options.now - startedAt > FORM_TOKEN_MAX_AGE_MS) return "missing-start";
  const honeypotFilled =
    typeof guard.honeypot === "string" ? guard.honeypot.trim() !== "" : guard.honeypot != null;
  if (honeypotFilled) return "honeypot";
  // A start in the future (another instance's clock) counts as just now.
  return options.now - startedAt < options.minFillMs ? "too-fast" : "ok";
}

/**
 * What a stored submission keeps of its start field (docs/decisions/067-one-lead-per-form.md):
 * `formToken`, a hash naming the served form, and `submissionKey`, a hash of that form and
 * the answers, which is unique. Hashes, so the field itself is kept nowhere.
 */
export function submissionKeys(
  startField: string,
  answers: object,
): { formToken: string; submissionKey: string } {
  const hash = (text: string) => createHash("sha256").update(text).digest("base64url");
  const formToken = hash(`form:${startField}`);
  // The answers in a fixed order, so the same answers always hash alike.
  const sorted = Object.entries(answers).sort(([a], [b]) => a.localeCompare(b));
  return { formToken, submissionKey: hash(`answers:${formToken}:${JSON.stringify(sorted)}`) };
}
