import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { totpCode as code } from "#tests/support/authenticator-code.ts";
import pino from "pino";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { inviteStaff } from "#server/auth/accounts.ts";
import { authMessages } from "#server/auth/messages.ts";
import { TOTP_KEY_FILE } from "#server/auth/totp-secrets.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { addPasswordAccount, type PasswordAccount } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { testTotpKey } from "#tests/support/totp-key.ts";

/**
 * The authenticator apps' secrets at rest (docs/decisions/054-totp-secrets-at-rest.md):
 * sealed on enrolment and by the pass at start-up, opened to check a code, refused (and
 * the operator told) when no configured key opens them, and never in a backup with the key.
 */

/** A base32 secret as the apps get it: what must never be found in a stored row. */
const BASE32_SECRET = /\b[A-Z2-7]{32}\b/;

const apps: TestApp[] = [];
afterAll(async () => {
  // The later ones first: the first one's cleanup drops the database they share.
  for (const site of apps.reverse()) await site.cleanup();
});

/** Every line a logger wrote, for what the operator reads. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

/** Another app on the same database (and on SQLite, the same data folder, where the key is). */
async function sameDatabase(first: TestApp, env: Record<string, string> = {}, logger?: pino.Logger) {
  const shared: Record<string, string> =
    first.database.engine === "postgres"
      ? { DATABASE_URL: first.database.location }
      : { DATA_DIR: first.config.dataDir, DATABASE_FILE: first.database.location };
  const site = await createTestApp(
    { ...shared, ...env },
    { outbox: { autoStart: false }, ...(logger ? { logger } : {}) },
  );
  apps.push(site);
  return site;
}

async function newApp(env: Record<string, string> = {}) {
  const site = await createTestApp(env, { outbox: { autoStart: false } });
  apps.push(site);
  return site;
}

/** Every stored text of the tables that hold secrets, as one string to search. */
async function storedSecrets(site: TestApp): Promise<string> {
  const users = await site.db.selectFrom("staff_users").select(["totp_secret"]).execute();
  const flows = await site.db.selectFrom("staff_auth_flows").selectAll().execute();
  return JSON.stringify({ users, flows });
}

let nextIp = 1;
/** Signs in with the password and a code; the second factor's answer. */
async function signIn(site: TestApp, account: PasswordAccount, offsetSteps = 0) {
  const agent = request.agent(site.app);
  const origin = new URL(site.config.settings.siteUrl).origin;
  const ip = `192.0.2.${nextIp++}`;
  const post = (url: string, body: object) =>
    agent.post(url).set("Origin", origin).set("X-Forwarded-For", ip).send(body);
  expect(
    (await post("/admin/api/sign-in/password", { email: account.email, password: account.password })).status,
  ).toBe(200);
  return post("/admin/api/sign-in/second-factor", { code: await code(account.secret, offsetSteps) });
}

describe("an authenticator secret", () => {
  it("is sealed while it is set up and once enrolled: the database never holds it in base32", async () => {
    const site = await newApp({ TRUST_PROXY_HOPS: "1" });
    const email = "sealed@agency.test";
    await inviteStaff(
      site.db,
      { email, role: "sales", siteUrl: site.config.settings.siteUrl },
      { actor: "cli:test", ip: "cli" },
    );
    const outbox = await site.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "staff-invitation")
      .execute();
    const token = (JSON.parse(outbox[0]?.payload ?? "{}") as { token: string }).token;
    const agent = request.agent(site.app);
    const origin = new URL(site.config.settings.siteUrl).origin;
    const post = (url: string, body: object) => agent.post(url).set("Origin", origin).send(body);

    const enrolment = await post("/admin/api/invitations/password", {
      token,
      password: "violet harbour lantern 47",
    });
    expect(enrolment.status).toBe(200);
    const secret = enrolment.body.secret as string;
    expect(secret).toMatch(BASE32_SECRET);
    let stored = await storedSecrets(site);
    expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(BASE32_SECRET);

    expect((await post("/admin/api/invitations/confirm", { token, code: await code(secret) })).status).toBe(
      200,
    );
    const row = await site.db
      .selectFrom("staff_users")
      .select("totp_secret")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\.[\w-]{8}\.[\w-]{16}\.[\w-]+$/);
    expect(site.totpSecrets.open(row.totp_secret ?? "")).toEqual({ kind: "sealed", secret, current: true });
    stored = await storedSecrets(site);
    expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(BASE32_SECRET);

    // It still checks codes: a sign-in with the next step's code.
    const account = { id: 0, email, password: "violet harbour lantern 47", secret };
    expect((await signIn(site, account, 1)).status).toBe(200);
  });

  it("stored in plain text before sealing is sealed by the next start, and codes still sign in", async () => {
    const first = await newApp({ TRUST_PROXY_HOPS: "1" });
    // As an older version stored them: the plain base32 secret.
    const accounts = [
      await addPasswordAccount(first.db, "older-one@agency.test"),
      await addPasswordAccount(first.db, "older-two@agency.test"),
    ];
    expect(await storedSecrets(first)).toMatch(BASE32_SECRET);

    const { logger, lines } = capturedLogger();
    const restarted = await sameDatabase(first, { TRUST_PROXY_HOPS: "1" }, logger);
    const stored = await storedSecrets(restarted);
    expect(stored).not.toMatch(BASE32_SECRET);
    for (const account of accounts) expect(stored).not.toContain(account.secret);
    expect(lines.map((line) => JSON.parse(line) as { msg: string; sealed?: number })).toContainEqual(
      expect.objectContaining({
        msg: "sealed the stored authenticator secrets with the current key",
        sealed: 2,
      }),
    );
    for (const account of accounts) expect((await signIn(restarted, account)).status).toBe(200);
  });

  it("stored in plain text after start is sealed on its first use", async () => {
    const site = await newApp({ TRUST_PROXY_HOPS: "1" });
    const account = await addPasswordAccount(site.db, "late@agency.test");
    expect(await storedSecrets(site)).toContain(account.secret);
    expect((await signIn(site, account)).status).toBe(200);
    expect(await storedSecrets(site)).not.toMatch(BASE32_SECRET);
  });

  it("under another key is refused, closed, with one line telling the operator what to do, and nothing secret logged", async () => {
    const first = await newApp({ TRUST_PROXY_HOPS: "1" });
    const account = await addPasswordAccount(first.db, "other-key@agency.test");
    expect((await signIn(first, account)).status).toBe(200);
    const sealedRow = () =>
      first.db
        .selectFrom("staff_users")
        .select("totp_secret")
        .where("id", "=", account.id)
        .executeTakeFirstOrThrow();
    const sealed = await sealedRow();

    const wrongKey = randomBytes(32).toString("base64");
    const { logger, lines } = capturedLogger();
    // The site still starts: its visitors and leads do not depend on this key.
    const wrong = await sameDatabase(first, { TRUST_PROXY_HOPS: "1", TOTP_KEY: wrongKey }, logger);
    expect((await request(wrong.app).get("/healthz")).status).toBe(200);
    const startLine = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.level === 50);
    expect(startLine?.msg).toMatch(
      /^1 staff accounts' authenticator secret was sealed with key [\w-]{8}, but the key in use \(TOTP_KEY\) is [\w-]{8} and no TOTP_PREVIOUS_KEYS entry is [\w-]{8}: sign-in with a code is refused for them\. Configure the key they were sealed with/,
    );

    const refused = await signIn(wrong, account, 1);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: authMessages.codesUnavailable });
    // Nothing was changed: the right key still opens it.
    expect(await sealedRow()).toEqual(sealed);
    const log = lines.join("\n");
    expect(log).toMatch(/sign-in with a code is refused/);
    expect(log).not.toContain(account.secret);
    expect(log).not.toContain(wrongKey);
    expect(log).not.toContain(testTotpKey);
    if (first.database.engine === "sqlite") {
      expect(log).not.toContain(readFileSync(path.join(first.dataDir, TOTP_KEY_FILE), "utf8").trim());
    }

    // With the old key named as a previous one, it opens again, and is sealed under the new key.
    const oldKey =
      first.database.engine === "postgres"
        ? testTotpKey
        : readFileSync(path.join(first.dataDir, TOTP_KEY_FILE), "utf8").trim();
    const rotated = await sameDatabase(first, {
      TRUST_PROXY_HOPS: "1",
      TOTP_KEY: wrongKey,
      TOTP_PREVIOUS_KEYS: oldKey,
    });
    const row = await rotated.db
      .selectFrom("staff_users")
      .select("totp_secret")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(rotated.totpSecrets.open(row.totp_secret ?? "")).toEqual({
      kind: "sealed",
      secret: account.secret,
      current: true,
    });
    expect((await signIn(rotated, account, 1)).status).toBe(200);
  });
});

describe("the key", () => {
  it("is never in the database, nor in a backup of it", async () => {
    const site = await newApp({ TRUST_PROXY_HOPS: "1" });
    const account = await addPasswordAccount(site.db, "backup@agency.test");
    expect((await signIn(site, account)).status).toBe(200);
    const key =
      site.database.engine === "postgres"
        ? testTotpKey
        : readFileSync(path.join(site.dataDir, TOTP_KEY_FILE), "utf8").trim();
    const raw = Buffer.from(key, key.includes("+") || key.includes("/") ? "base64" : "base64url");
    const secrets = await site.db.selectFrom("instance_secrets").select(["name", "value"]).execute();
    expect(JSON.stringify(secrets)).not.toContain(key);
    if (site.database.engine === "sqlite") {
      // The key beside the database, for its owner only.
      expect(statSync(path.join(site.dataDir, TOTP_KEY_FILE)).mode & 0o777).toBe(0o600);
      const out = path.join(site.dataDir, "backups", "copy.sqlite");
      expect((await runCliOn(site, "backup", "--out", out)).code).toBe(0);
      const copy = readFileSync(out);
      expect(copy.includes(key)).toBe(false);
      expect(copy.includes(raw)).toBe(false);
      expect(copy.toString("latin1")).not.toContain(account.secret);
    }
  });
});
