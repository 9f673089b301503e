import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { totpCode } from "#tests/support/authenticator-code.ts";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { replaceRecoveryCodes } from "#server/auth/recovery-codes.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { STEP_UP_MS } from "#server/workspace/step-up.ts";
import { hashToken } from "#server/auth/tokens.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { SoftwareAuthenticator } from "#tests/support/software-authenticator.ts";
import { addPasswordAccount, type PasswordAccount } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Changes to how an account signs in need a proof from the last 5 minutes, each is
 * e-mailed to the account holder, as is a sign-in from a new browser; staff change their
 * own password and authenticator (docs/decisions/032-step-up-notices-and-sessions.md).
 */
let site: TestApp;
let sink: SmtpSink;
let origin: string;
let nextIp = 1;

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0";
const stepUpRefusal = { error: "Confirm it’s you to make this change.", stepUp: true };

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await createTestApp(
    {
      TRUST_PROXY_HOPS: "1",
      SMTP_URL: sink.url,
      MAIL_TO: "leads@agency.test",
      MAIL_FROM: "Agency website <noreply@agency.test>",
    },
    { outbox: { autoStart: false } },
  );
  origin = new URL(site.config.settings.siteUrl).origin;
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});
afterEach(() => {
  sink.messages.length = 0;
});

/** A browser: keeps its cookies, sends the site's Origin and its CSRF token once it has one. */
function browser(ip = `203.0.113.${nextIp++}`, userAgent = FIREFOX_ANDROID) {
  const agent = request.agent(site.app);
  let csrfToken = "";
  const client = {
    ip,
    agent,
    setCsrfToken: (token: string) => void (csrfToken = token),
    get: (path: string) => agent.get(path).set("X-Forwarded-For", ip).set("User-Agent", userAgent),
    post: (path: string, body: object = {}) =>
      agent
        .post(path)
        .set("Origin", origin)
        .set("X-Forwarded-For", ip)
        .set("User-Agent", userAgent)
        .set("X-CSRF-Token", csrfToken)
        .send(body),
    delete: (path: string) =>
      agent
        .delete(path)
        .set("Origin", origin)
        .set("X-Forwarded-For", ip)
        .set("User-Agent", userAgent)
        .set("X-CSRF-Token", csrfToken),
  };
  return client;
}
type Browser = ReturnType<typeof browser>;

const addAccount = (email: string) => addPasswordAccount(site.db, email);

/**
 * Signs in through the real steps with the code of the step before now, so the current
 * and next steps' codes are left for proofs later in the test. The account's last used
 * step is forgotten first, so one test can sign in several browsers within 30 seconds.
 * Returns the session cookie, as a thief would copy it.
 */
async function signIn(client: Browser, account: PasswordAccount, secret = account.secret): Promise<string> {
  await site.db
    .updateTable("staff_users")
    .set({ totp_last_step: null })
    .where("id", "=", account.id)
    .execute();
  const first = await client.post("/admin/api/sign-in/password", {
    email: account.email,
    password: account.password,
  });
  expect(first.status).toBe(200);
  const second = await client.post("/admin/api/sign-in/second-factor", { code: await totpCode(secret, -1) });
  expect(second.status).toBe(200);
  const session = await client.get("/admin/api/session");
  client.setCsrfToken(session.body.csrfToken as string);
  const cookies = second.headers["set-cookie"] as unknown as string[];
  return cookies.find((line) => line.startsWith("staff_session="))?.split(";")[0] ?? "";
}

/** Moves the browser's session's last proof back in time: the proof is then this old. */
async function ageProof(client: Browser, ageMs: number): Promise<void> {
  const { body } = await client.get("/admin/api/session");
  await site.db
    .updateTable("staff_sessions")
    .set({ proved_at: new Date(Date.now() - ageMs).toISOString() })
    .where("csrf_token", "=", body.csrfToken as string)
    .execute();
}

/** Sends the queued e-mails to the SMTP sink and returns those to one address. */
async function mailTo(email: string) {
  await site.outbox.drain();
  return sink.messages.filter((mail) => mail.to.includes(email));
}

/** Every change a proof guards, each sent as the account page sends it. */
const guarded = (client: Browser) => ({
  passkeyOptions: () => client.post("/admin/api/passkeys/options"),
  passkeyAdd: () => client.post("/admin/api/passkeys", { name: "Laptop", response: { id: "x" } }),
  passkeyRemove: () => client.delete("/admin/api/passkeys/some-passkey"),
  recoveryCodes: () => client.post("/admin/api/recovery-codes"),
  password: () =>
    client.post("/admin/api/account/password", {
      currentPassword: "a long enough password",
      newPassword: "another long enough password",
    }),
  authenticatorOptions: () => client.post("/admin/api/account/authenticator/options"),
});

describe("a change to how an account signs in", () => {
  it("is refused without a proof from the last 5 minutes, and allowed after one", async () => {
    const account = await addAccount("proof@agency.test");
    const client = browser();
    await signIn(client, account);
    await ageProof(client, STEP_UP_MS + 1000);

    for (const [name, send] of Object.entries(guarded(client))) {
      const response = await send();
      expect(response.status, name).toBe(403);
      expect(response.body, name).toEqual(stepUpRefusal);
    }
    expect(await site.db.selectFrom("staff_recovery_codes").selectAll().execute()).toEqual([]);
    // A passkey's missing name is said before the proof is asked for: nothing to confirm yet.
    const unnamed = await client.post("/admin/api/passkeys/options", { name: " " });
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.body.fieldErrors as object)).toEqual(["name"]);
    expect((await client.post("/admin/api/passkeys/options", { name: "Laptop" })).body).toEqual(
      stepUpRefusal,
    );

    const wrong = await client.post("/admin/api/step-up", {
      password: "not the password at all",
      code: await totpCode(account.secret),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("That password and code do not match your account.");
    const noCode = await client.post("/admin/api/step-up", { password: account.password, code: "000000" });
    expect(noCode.status).toBe(400);
    expect((await guarded(client).recoveryCodes()).status).toBe(403);

    // The code is kept to be replayed below: a code made again could fall in the next
    // 30-second step, which is a new code, not a replay.
    const provingCode = await totpCode(account.secret);
    const proof = await client.post("/admin/api/step-up", { password: account.password, code: provingCode });
    expect(proof.status).toBe(204);
    const codes = await guarded(client).recoveryCodes();
    expect(codes.status).toBe(200);
    expect(codes.body.recoveryCodes).toHaveLength(10);
    expect((await guarded(client).passkeyOptions()).status).toBe(200);
    expect((await guarded(client).authenticatorOptions()).status).toBe(200);
    expect((await guarded(client).passkeyRemove()).status).toBe(404);

    // The same code cannot prove twice.
    await ageProof(client, STEP_UP_MS + 1000);
    const replay = await client.post("/admin/api/step-up", { password: account.password, code: provingCode });
    expect(replay.status).toBe(400);
    // A recovery code proves once.
    const [recoveryCode = ""] = codes.body.recoveryCodes as string[];
    expect(
      (await client.post("/admin/api/step-up", { password: account.password, recoveryCode })).status,
    ).toBe(204);
    await ageProof(client, STEP_UP_MS + 1000);
    expect(
      (await client.post("/admin/api/step-up", { password: account.password, recoveryCode })).status,
    ).toBe(400);

    const steps = (await listAudit(site.db, { limit: 50 })).filter(
      (entry) => entry.actor === account.email && entry.action === "session.step-up",
    );
    expect(steps).toHaveLength(2);
  });

  it("counts sign-in itself as the proof, which lasts 5 minutes and no longer", async () => {
    const account = await addAccount("expiry@agency.test");
    const client = browser();
    await signIn(client, account);
    expect((await guarded(client).authenticatorOptions()).status).toBe(200);
    await ageProof(client, STEP_UP_MS - 30_000);
    expect((await guarded(client).authenticatorOptions()).status).toBe(200);
    await ageProof(client, STEP_UP_MS + 1000);
    expect((await guarded(client).authenticatorOptions()).body).toEqual(stepUpRefusal);
  });

  it("cannot be made with a stolen session's cookie and CSRF token alone", async () => {
    const account = await addAccount("victim@agency.test");
    const victim = browser();
    const cookie = await signIn(victim, account);
    await mailTo(account.email);
    sink.messages.length = 0;
    const before = await replaceRecoveryCodes(site.db, account.id);
    await ageProof(victim, 20 * 60_000);

    // The thief has the cookie and the token, from another address and browser.
    const { body } = await victim.get("/admin/api/session");
    expect(cookie).toContain("staff_session=");
    const thief = (method: "post" | "delete", path: string, payload: object = {}) =>
      (method === "post" ? request(site.app).post(path) : request(site.app).delete(path))
        .set("Cookie", cookie)
        .set("Origin", origin)
        .set("X-CSRF-Token", body.csrfToken as string)
        .set("X-Forwarded-For", "192.0.2.66")
        .send(payload);

    const authenticator = new SoftwareAuthenticator(origin);
    const options = await thief("post", "/admin/api/passkeys/options");
    expect(options.body).toEqual(stepUpRefusal);
    const registration = authenticator.register({
      rp: { id: new URL(origin).hostname, name: "x" },
      user: { id: "dXNlcg", name: "x", displayName: "x" },
      challenge: "Y2hhbGxlbmdl",
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    });
    expect(
      (await thief("post", "/admin/api/passkeys", { name: "Mine", response: registration })).body,
    ).toEqual(stepUpRefusal);
    expect((await thief("post", "/admin/api/recovery-codes")).body).toEqual(stepUpRefusal);
    expect(
      (await site.db.selectFrom("staff_passkeys").selectAll().where("user_id", "=", account.id).execute())
        .length,
    ).toBe(0);
    const stored = await site.db
      .selectFrom("staff_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", account.id)
      .execute();
    expect(stored).toHaveLength(before.length);

    // Guessing the password at the proof is limited like sign-in.
    const guesses = [];
    for (let guess = 0; guess < 6; guess++) {
      guesses.push(
        (await thief("post", "/admin/api/step-up", { password: `guess number ${guess}`, code: "123456" }))
          .status,
      );
    }
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(await mailTo(account.email)).toEqual([]);
  });

  it("takes one of the account's own passkeys as the proof, not another account's", async () => {
    const account = await addAccount("passkey-proof@agency.test");
    const client = browser();
    await signIn(client, account);
    const authenticator = new SoftwareAuthenticator(origin);
    const options = await client.post("/admin/api/passkeys/options");
    const added = await client.post("/admin/api/passkeys", {
      name: "Phone",
      response: authenticator.register(options.body as PublicKeyCredentialCreationOptionsJSON),
    });
    expect(added.status).toBe(201);
    await ageProof(client, STEP_UP_MS + 1000);

    const other = await addAccount("other-passkey@agency.test");
    const otherClient = browser();
    await signIn(otherClient, other);
    const otherAuthenticator = new SoftwareAuthenticator(origin);
    const otherOptions = await otherClient.post("/admin/api/passkeys/options");
    await otherClient.post("/admin/api/passkeys", {
      name: "Other",
      response: otherAuthenticator.register(otherOptions.body as PublicKeyCredentialCreationOptionsJSON),
    });

    const stranger = await client.post("/admin/api/step-up/passkey/options");
    const wrongOne = await client.post("/admin/api/step-up/passkey", {
      response: otherAuthenticator.authenticate(stranger.body as PublicKeyCredentialRequestOptionsJSON),
    });
    expect(wrongOne.status).toBe(400);
    expect(wrongOne.body.error).toBe("That passkey is not one of yours.");
    expect((await guarded(client).recoveryCodes()).status).toBe(403);

    const stepUp = await client.post("/admin/api/step-up/passkey/options");
    expect(stepUp.status).toBe(200);
    const proved = await client.post("/admin/api/step-up/passkey", {
      response: authenticator.authenticate(stepUp.body as PublicKeyCredentialRequestOptionsJSON),
    });
    expect(proved.status).toBe(204);
    expect((await guarded(client).recoveryCodes()).status).toBe(200);
  });
});

describe("account notices", () => {
  it("e-mails each change and a sign-in from a new browser, never one from a known browser, and no secret", async () => {
    const account = await addAccount("noticed@agency.test");
    const laptop = browser("203.0.113.200");
    await signIn(laptop, account);
    let mails = await mailTo(account.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `New sign-in to the ${site.config.settings.brandName} workspace`,
    ]);
    const [first] = mails;
    expect(first?.text).toContain("Firefox on Android from IP address 203.0.113.200");
    expect(first?.text).toMatch(/on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Cape Town time\)/);
    expect(first?.text).toContain("tell an admin at once: they can reset your account");
    sink.messages.length = 0;

    // The same browser again: no e-mail; another browser: one.
    await signIn(laptop, account);
    expect(await mailTo(account.email)).toEqual([]);
    const phone = browser(
      "203.0.113.201",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    );
    await signIn(phone, account);
    mails = await mailTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Chrome on Windows from IP address 203.0.113.201");
    sink.messages.length = 0;

    const authenticator = new SoftwareAuthenticator(origin);
    const options = await phone.post("/admin/api/passkeys/options");
    await phone.post("/admin/api/passkeys", {
      name: "Work laptop",
      response: authenticator.register(options.body as PublicKeyCredentialCreationOptionsJSON),
    });
    const passkeyId = (await phone.get("/admin/api/passkeys")).body.passkeys[0].id as string;
    expect((await phone.delete(`/admin/api/passkeys/${encodeURIComponent(passkeyId)}`)).status).toBe(204);
    const codes = await phone.post("/admin/api/recovery-codes");
    const newPassword = "a brand new long password";
    expect(
      (await phone.post("/admin/api/account/password", { currentPassword: account.password, newPassword }))
        .status,
    ).toBe(200);
    const enrolment = await phone.post("/admin/api/account/authenticator/options");
    const newSecret = enrolment.body.secret as string;
    expect(
      (await phone.post("/admin/api/account/authenticator", { code: await totpCode(newSecret) })).status,
    ).toBe(204);

    // Sent side by side, so they may arrive in any order.
    mails = await mailTo(account.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "A passkey was added to your account",
      "A passkey was removed from your account",
      "New recovery codes were made for your account",
      "Your authenticator app was replaced",
      "Your password was changed",
    ]);
    expect(mails.find((mail) => mail.subject.includes("added"))?.text).toContain(
      `A passkey “Work laptop” was added to your ${site.config.settings.brandName} staff workspace account`,
    );
    for (const mail of mails) {
      expect(mail.text).toContain("from IP address 203.0.113.201");
      expect(mail.raw).not.toContain(newPassword);
      expect(mail.raw).not.toContain(newSecret);
      for (const code of codes.body.recoveryCodes as string[]) expect(mail.raw).not.toContain(code);
    }
  });
});

describe("changing one's own password", () => {
  it("needs the current password and a good new one, and ends every other session of the account", async () => {
    const account = await addAccount("changer@agency.test");
    const here = browser();
    const elsewhere = browser();
    await signIn(here, account);
    await signIn(elsewhere, account);

    const wrongCurrent = await here.post("/admin/api/account/password", {
      currentPassword: "not my password at all",
      newPassword: "a perfectly good new password",
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.fieldErrors).toEqual({ currentPassword: "That is not your current password." });
    const tooShort = await here.post("/admin/api/account/password", {
      currentPassword: account.password,
      newPassword: "short",
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.fieldErrors).toEqual({ newPassword: "Use at least 12 characters." });
    const ownAddress = await here.post("/admin/api/account/password", {
      currentPassword: account.password,
      newPassword: account.email,
    });
    expect(ownAddress.body.fieldErrors).toEqual({
      newPassword: "Use something other than your e-mail address.",
    });
    for (const [newPassword, sentence] of [
      [
        "Password123!",
        "That password is one of the most common ones, which are guessed first. Choose another.",
      ],
      [
        "kloofdigital2026",
        "That password is built on this site’s own name or web address, which are guessed first. Choose another.",
      ],
    ]) {
      const weak = await here.post("/admin/api/account/password", {
        currentPassword: account.password,
        newPassword,
      });
      expect(weak.status, newPassword).toBe(400);
      expect(weak.body.fieldErrors, newPassword).toEqual({ newPassword: sentence });
    }
    expect((await elsewhere.get("/admin/api/session")).status).toBe(200);

    const changed = await here.post("/admin/api/account/password", {
      currentPassword: account.password,
      newPassword: "a perfectly good new password",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ otherSessionsEnded: 1 });
    expect((await here.get("/admin/api/session")).status).toBe(200);
    expect((await elsewhere.get("/admin/api/session")).status).toBe(401);

    const old = await browser().post("/admin/api/sign-in/password", {
      email: account.email,
      password: account.password,
    });
    expect(old.status).toBe(401);
    const fresh = await browser().post("/admin/api/sign-in/password", {
      email: account.email,
      password: "a perfectly good new password",
    });
    expect(fresh.status).toBe(200);
  });
});

describe("replacing the authenticator app", () => {
  it("shows a new secret and QR code, takes effect once a code from it is confirmed, and the old app's codes stop working", async () => {
    const account = await addAccount("new-phone@agency.test");
    const client = browser();
    await signIn(client, account);
    const enrolment = await client.post("/admin/api/account/authenticator/options");
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.body.otpauthUrl).toContain("new-phone%40agency.test");
    const newSecret = enrolment.body.secret as string;
    expect(newSecret).not.toBe(account.secret);

    // Without a flow begun after a proof there is nothing to confirm.
    const stranger = browser();
    await signIn(stranger, await addAccount("no-flow@agency.test"));
    const noFlow = await stranger.post("/admin/api/account/authenticator", { code: "123456" });
    expect(noFlow.status).toBe(400);
    expect(noFlow.body.error).toBe("Setting up the new authenticator took too long. Start again.");

    // Scanning may take longer than the proof lasts: the flow begun with it still ends it.
    await ageProof(client, STEP_UP_MS + 1000);
    const wrong = await client.post("/admin/api/account/authenticator", {
      code: await totpCode(account.secret),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("That code is not right. Try the newest code from your app.");
    const stored = await site.db
      .selectFrom("staff_users")
      .select("totp_secret")
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    // Unchanged: still the old app's secret, sealed (decision 054).
    expect(site.totpSecrets.open(stored.totp_secret ?? "")).toMatchObject({
      kind: "sealed",
      secret: account.secret,
    });

    expect(
      (await client.post("/admin/api/account/authenticator", { code: await totpCode(newSecret, -1) })).status,
    ).toBe(204);
    const signingIn = browser();
    await signingIn.post("/admin/api/sign-in/password", { email: account.email, password: account.password });
    const oldCode = await signingIn.post("/admin/api/sign-in/second-factor", {
      code: await totpCode(account.secret, 1),
    });
    expect(oldCode.status).toBe(401);
    const newCode = await signingIn.post("/admin/api/sign-in/second-factor", {
      code: await totpCode(newSecret, 1),
    });
    expect(newCode.status).toBe(200);
  });
});

describe("one's own sessions", () => {
  it("lists them with browser, address and times, and ends any one; ending this one signs out", async () => {
    const account = await addAccount("sessions@agency.test");
    const here = browser("203.0.113.150");
    const other = browser(
      "203.0.113.151",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
    );
    await signIn(here, account);
    await signIn(other, account);

    const listed = await here.get("/admin/api/sessions");
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: "Firefox on Android", ip: "203.0.113.150", current: true }),
        expect.objectContaining({ browser: "Safari on macOS", ip: "203.0.113.151", current: false }),
      ]),
    );
    for (const session of sessions) {
      expect(Date.parse(session.createdAt as string)).not.toBeNaN();
      expect(Date.parse(session.lastUsedAt as string)).not.toBeNaN();
    }
    // The API's id is neither the token nor its stored hash.
    const stored = await site.db
      .selectFrom("staff_sessions")
      .select("token_hash")
      .where("user_id", "=", account.id)
      .execute();
    for (const row of stored) {
      expect(sessions.map((session) => session.id)).not.toContain(row.token_hash);
      expect(sessions.map((session) => session.id)).not.toContain(hashToken(row.token_hash));
    }

    const otherId = sessions.find((session) => !session.current)?.id as string;
    const ended = await here.delete(`/admin/api/sessions/${otherId}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ signedOut: false });
    expect((await other.get("/admin/api/session")).status).toBe(401);
    expect((await here.delete(`/admin/api/sessions/${otherId}`)).status).toBe(404);

    // Someone else's session is not one's own to end.
    const stranger = await addAccount("stranger@agency.test");
    const strangerClient = browser();
    await signIn(strangerClient, stranger);
    const strangerId = (
      (await strangerClient.get("/admin/api/sessions")).body.sessions as Array<{ id: string }>
    )[0]?.id;
    expect((await here.delete(`/admin/api/sessions/${strangerId}`)).status).toBe(404);
    expect((await strangerClient.get("/admin/api/session")).status).toBe(200);

    const ownId = sessions.find((session) => session.current)?.id as string;
    const signedOut = await here.delete(`/admin/api/sessions/${ownId}`);
    expect(signedOut.body).toEqual({ signedOut: true });
    expect(signedOut.headers["set-cookie"]?.[0]).toMatch(/^staff_session=; Max-Age=0; Path=\/admin;/);
    expect((await here.get("/admin/api/session")).status).toBe(401);
  });
});
