import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/platform/config.ts";
import { newTotpSecret } from "./totp";
import { createTotpSecrets, loadTotpSecrets, TOTP_KEY_FILE, totpKeyId } from "./totp-secrets";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), "totp-key-"));
  folders.push(dir);
  return dir;
}

describe("sealed authenticator secrets", () => {
  const key = randomBytes(32);
  const secrets = createTotpSecrets(key);

  it("open to what was sealed, each sealing different, naming the key by an id that is not the key", () => {
    const secret = newTotpSecret();
    const first = secrets.seal(secret);
    const second = secrets.seal(secret);
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`^v1\\.${secrets.keyId}\\.[\\w-]{16}\\.[\\w-]+$`));
    expect(first).not.toContain(secret);
    expect(secrets.open(first)).toEqual({ kind: "sealed", secret, current: true });
    expect(totpKeyId(key)).toBe(secrets.keyId);
    expect(secrets.keyId).not.toContain(key.toString("base64url").slice(0, 8));
  });

  it("refuse an altered value, and say which key one of another key needs", () => {
    const sealed = secrets.seal(newTotpSecret());
    const [version, id, iv, data = ""] = sealed.split(".");
    const flipped = `${data.slice(0, 5)}${data[5] === "A" ? "B" : "A"}${data.slice(6)}`;
    expect(secrets.open([version, id, iv, flipped].join("."))).toEqual({ kind: "damaged" });
    expect(secrets.open(`${sealed}.extra`)).toEqual({ kind: "damaged" });
    const other = createTotpSecrets(randomBytes(32));
    expect(other.open(sealed)).toEqual({ kind: "unknown-key", keyId: secrets.keyId });
  });

  it("of a previous key open with it, as not current; a plain base32 secret is read as stored before sealing", () => {
    const secret = newTotpSecret();
    const sealed = secrets.seal(secret);
    const rotated = createTotpSecrets(randomBytes(32), [key]);
    expect(rotated.open(sealed)).toEqual({ kind: "sealed", secret, current: false });
    expect(rotated.open(secret)).toEqual({ kind: "plain", secret });
  });
});

describe("the key", () => {
  it("is made on first start beside SQLite, for its owner only, and the same one read after", () => {
    const dataDir = folder();
    const config = { totp: { key: undefined, previousKeys: [] }, dataDir, databaseUrl: undefined };
    const first = loadTotpSecrets(config);
    expect(statSync(path.join(dataDir, TOTP_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadTotpSecrets(config).keyId).toBe(first.keyId);
  });

  it("stops the start with one line when the file is damaged, and is never made anew over it", () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, TOTP_KEY_FILE), "short\n");
    const config = { totp: { key: undefined, previousKeys: [] }, dataDir, databaseUrl: undefined };
    expect(() => loadTotpSecrets(config)).toThrow(ConfigError);
    expect(() => loadTotpSecrets(config)).toThrow(/holds no usable key \(32 bytes in base64\)\. Restore it/);
    expect(readFileSync(path.join(dataDir, TOTP_KEY_FILE), "utf8")).toBe("short\n");
  });

  it("is required from the environment on PostgreSQL, where instances share no folder", () => {
    const config = {
      totp: { key: undefined, previousKeys: [] },
      dataDir: folder(),
      databaseUrl: "postgres://a@b/c",
    };
    expect(() => loadTotpSecrets(config)).toThrow(ConfigError);
    expect(() => loadTotpSecrets(config)).toThrow(
      /^TOTP_KEY is not set: on PostgreSQL every instance needs the same key/,
    );
  });

  it("from the environment is 32 bytes in base64 or base64url, and a wrong one is named without its value", () => {
    const key = randomBytes(32);
    const base = { NODE_ENV: "test", DATA_DIR: folder() };
    expect(loadConfig({ ...base, TOTP_KEY: key.toString("base64") }).totp.key).toEqual(key);
    expect(loadConfig({ ...base, TOTP_KEY: key.toString("base64url") }).totp.key).toEqual(key);
    expect(loadConfig({ ...base, TOTP_KEY: "" }).totp).toEqual({ key: undefined, previousKeys: [] });
    const previous = [randomBytes(32), randomBytes(32)];
    expect(
      loadConfig({ ...base, TOTP_PREVIOUS_KEYS: previous.map((k) => k.toString("base64")).join(",") }).totp
        .previousKeys,
    ).toEqual(previous);
    const wrong = "not-a-key-but-a-secret-all-the-same";
    let message = "";
    try {
      loadConfig({ ...base, TOTP_KEY: wrong, TOTP_PREVIOUS_KEYS: `${key.toString("base64")},${wrong}` });
    } catch (error) {
      message = error instanceof Error ? error.message : "";
    }
    expect(message).toBe(
      "Invalid configuration:\n" +
        "TOTP_KEY: TOTP_KEY must be 32 random bytes in base64 (e.g. openssl rand -base64 32)\n" +
        "TOTP_PREVIOUS_KEYS: each of TOTP_PREVIOUS_KEYS (comma-separated) must be 32 random bytes in base64 (e.g. openssl rand -base64 32)",
    );
    expect(message).not.toContain(wrong);
  });
});
