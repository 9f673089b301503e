import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { ConfigError, decodeTotpKey, type AppConfig } from "#server/platform/config.ts";
import type { Database } from "#server/db/schema.ts";
import { listStoredTotpSecrets, restoreTotpSecret } from "#server/db/staff-totp-secrets.ts";
import type { Logger } from "#server/platform/logger.ts";

/**
 * The authenticator apps' secrets at rest, sealed with AES-256-GCM under a key kept
 * outside the database (docs/decisions/054-totp-secrets-at-rest.md). A sealed value is
 * `v1.<key id>.<iv>.<ciphertext and tag>`, base64url: the key id says which key opens
 * it, so a new key can take over while the old one still reads what it sealed.
 */

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds a sealed value to what it is: one sealed for another purpose with the same key does not open here.
const ASSOCIATED_DATA = Buffer.from("staff totp secret v1");

/**
 * Where the key is kept when TOTP_KEY is not set, on SQLite: this file in DATA_DIR,
 * beside the database and never inside it, so a copy of the database alone reveals nothing.
 */
export const TOTP_KEY_FILE = "totp-key";

/** A plain base32 secret, as stored before sealing (and as the apps are given it). */
const PLAIN_SECRET = /^[A-Z2-7]+=*$/;

/** What a stored value turned out to be. */
export type OpenedSecret =
  | { kind: "sealed"; secret: string; current: boolean }
  | { kind: "plain"; secret: string }
  | { kind: "unknown-key"; keyId: string }
  | { kind: "damaged" };

export type TotpSecrets = {
  /** The id of the key new secrets are sealed with: a fingerprint, never the key. */
  readonly keyId: string;
  /** Where the current key came from, for the operator's messages. */
  readonly keySource: string;
  seal(secret: string): string;
  open(stored: string): OpenedSecret;
};

/** A key's id: 8 characters of an HMAC under it, which say nothing about it. */
export function totpKeyId(key: Buffer): string {
  return createHmac("sha256", key).update("totp key id").digest().subarray(0, 6).toString("base64url");
}

export function createTotpSecrets(
  current: Buffer,
  previous: readonly Buffer[] = [],
  keySource = "TOTP_KEY",
): TotpSecrets {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) keys.set(totpKeyId(key), key);
  const keyId = totpKeyId(current);

  return {
    keyId,
    keySource,
    seal(secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, iv).setAAD(ASSOCIATED_DATA);
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, keyId, iv.toString("base64url"), sealed.toString("base64url")].join(".");
    },
    open(stored) {
      if (PLAIN_SECRET.test(stored)) return { kind: "plain", secret: stored };
      const [version, id = "", iv = "", sealed = "", ...rest] = stored.split(".");
      if (version !== VERSION || rest.length > 0) return { kind: "damaged" };
      const key = keys.get(id);
      if (!key) return { kind: "unknown-key", keyId: id };
      const bytes = Buffer.from(sealed, "base64url");
      const ivBytes = Buffer.from(iv, "base64url");
      if (ivBytes.length !== IV_BYTES || bytes.length <= TAG_BYTES) return { kind: "damaged" };
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes).setAAD(ASSOCIATED_DATA);
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const secret = Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return { kind: "sealed", secret: secret.toString("utf8"), current: id === keyId };
      } catch {
        // The tag does not match: altered, or sealed by another key that happens to share the id.
        return { kind: "damaged" };
      }
    },
  };
}

/**
 * The keys the site seals with: TOTP_KEY (and TOTP_PREVIOUS_KEYS to read what older keys
 * sealed) when set; else, on SQLite, the key in DATA_DIR made on first start. PostgreSQL
 * instances share no folder, and the database must not hold its own key: there TOTP_KEY
 * is required.
 */
export function loadTotpSecrets(config: Pick<AppConfig, "totp" | "dataDir" | "databaseUrl">): TotpSecrets {
  const previous = config.totp.previousKeys;
  if (config.totp.key) return createTotpSecrets(config.totp.key, previous, "TOTP_KEY");
  if (config.databaseUrl) {
    throw new ConfigError(
      "TOTP_KEY is not set: on PostgreSQL every instance needs the same key, from the environment, to read the " +
        "authenticator apps' secrets. Set it on every instance, e.g. TOTP_KEY=$(openssl rand -base64 32), and keep a copy apart from the database's backups.",
    );
  }
  const file = path.join(config.dataDir, TOTP_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // Exclusive, so two processes starting together on one folder end with the same key.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  }
  const key = decodeTotpKey(readFileSync(file, "utf8"));
  if (!key) {
    throw new ConfigError(
      `${file} holds no usable key (32 bytes in base64). Restore it from where it was kept; deleting it makes a ` +
        "new key, and every authenticator app set up under the old one must then be set up again (site-admin users reset).",
    );
  }
  return createTotpSecrets(key, previous, file);
}

/** What the operator reads when a stored secret cannot be opened: what is wrong and what to do. */
export function unreadableSecretMessage(
  secrets: TotpSecrets,
  problem: { keyId?: string; count?: number },
): string {
  const accounts = problem.count === undefined ? "A staff account's" : `${problem.count} staff accounts'`;
  if (problem.keyId) {
    return (
      `${accounts} authenticator secret was sealed with key ${problem.keyId}, but the key in use (${secrets.keySource}) is ` +
      `${secrets.keyId} and no TOTP_PREVIOUS_KEYS entry is ${problem.keyId}: sign-in with a code is refused for them. ` +
      "Configure the key they were sealed with (TOTP_KEY, or TOTP_PREVIOUS_KEYS while moving to a new one), or reset those accounts."
    );
  }
  return (
    `${accounts} authenticator secret does not open with key ${secrets.keyId} (${secrets.keySource}): it was altered or ` +
    "damaged. Sign-in with a code is refused for it; reset the account (site-admin users reset EMAIL)."
  );
}

/** What the start-up pass did; `unreadable` counts by the key id each was sealed with ("" for damaged). */
export type SealingPass = { sealed: number; resealed: number; unreadable: Map<string, number> };

/**
 * Seals every secret still stored in plain text (from before sealing) and seals anew those
 * sealed with a previous key, once, at start-up. Each update is conditional on the value
 * read, so instances starting together do the work once between them.
 */
export async function sealStoredTotpSecrets(
  db: Kysely<Database>,
  secrets: TotpSecrets,
): Promise<SealingPass> {
  const pass: SealingPass = { sealed: 0, resealed: 0, unreadable: new Map() };
  for (const row of await listStoredTotpSecrets(db)) {
    const opened = secrets.open(row.totp_secret);
    if (opened.kind === "unknown-key" || opened.kind === "damaged") {
      const keyId = opened.kind === "unknown-key" ? opened.keyId : "";
      pass.unreadable.set(keyId, (pass.unreadable.get(keyId) ?? 0) + 1);
    } else if (opened.kind === "plain" || !opened.current) {
      if (await restoreTotpSecret(db, row.id, row.totp_secret, secrets.seal(opened.secret))) {
        pass[opened.kind === "plain" ? "sealed" : "resealed"] += 1;
      }
    }
  }
  return pass;
}

/**
 * An account's secret in plain text, to check a code with; undefined when it cannot be
 * opened, after telling the operator why (a code is then refused: closed, not open). A
 * secret still in plain text, or under a previous key, is sealed anew on the way.
 */
export async function openTotpSecret(
  db: Kysely<Database>,
  secrets: TotpSecrets,
  logger: Logger,
  user: { id: number; totp_secret: string },
): Promise<string | undefined> {
  const opened = secrets.open(user.totp_secret);
  if (opened.kind === "unknown-key" || opened.kind === "damaged") {
    const keyId = opened.kind === "unknown-key" ? opened.keyId : undefined;
    logger.error({ userId: user.id, keyId }, unreadableSecretMessage(secrets, { keyId }));
    return undefined;
  }
  if (opened.kind === "plain" || !opened.current) {
    await restoreTotpSecret(db, user.id, user.totp_secret, secrets.seal(opened.secret));
  }
  return opened.secret;
}

/**
 * A secret kept in a flow while an authenticator is set up, sealed like a stored one;
 * undefined when it does not open (a flow begun under another key is started again).
 */
export function openFlowSecret(secrets: TotpSecrets, kept: unknown): string | undefined {
  if (typeof kept !== "string") return undefined;
  const opened = secrets.open(kept);
  return opened.kind === "sealed" || opened.kind === "plain" ? opened.secret : undefined;
}

/**
 * The keys, loaded, and the stored secrets sealed with today's: what start-up does. A
 * secret no configured key opens does not stop the site (its visitors and leads do not
 * depend on it): the operator is told, once here and at each refused code.
 */
export async function startTotpSecrets(
  config: Pick<AppConfig, "totp" | "dataDir" | "databaseUrl">,
  db: Kysely<Database>,
  logger: Logger,
): Promise<TotpSecrets> {
  const secrets = loadTotpSecrets(config);
  const pass = await sealStoredTotpSecrets(db, secrets);
  if (pass.sealed > 0 || pass.resealed > 0) {
    logger.info(
      { sealed: pass.sealed, resealed: pass.resealed, keyId: secrets.keyId },
      "sealed the stored authenticator secrets with the current key",
    );
  }
  for (const [keyId, count] of pass.unreadable) {
    logger.error(
      { keyId: keyId || undefined, count },
      unreadableSecretMessage(secrets, { keyId: keyId || undefined, count }),
    );
  }
  return secrets;
}
