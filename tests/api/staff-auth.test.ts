import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { createHash } from "node:crypto";
import { totpCode } from "#tests/support/authenticator-code.ts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteStaff } from "#server/auth/accounts.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { RECOVERY_CODE_BITS, replaceRecoveryCodes } from "#server/auth/recovery-codes.ts";
import { countSignInFailure, SIGN_IN_LIMITS, signInWait } from "#server/auth/sign-in-limits.ts";
import { renderOutboxMessage } from "#server/mail/outbox-messages.ts";
import { listAudit } from "#server/db/audit-log.ts";
import type { StaffRole } from "#server/auth/staff.ts";
import { runCliAnswering, runCliOn } from "#tests/support/cli.ts";
import { SoftwareAuthenticator } from "#tests/support/software-authenticator.ts";
import {
  addPasswordAccount,
  sessionFor,
  signInAs,
  type StaffClient,
} from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Staff sign-in through the real endpoints (docs/decisions/027-staff-authentication.md):
 * invitations, password with a TOTP code or a recovery code, passkeys from a software
 * authenticator, the limits on attempts, session fixation, the users API and the CLI.
 */
let site: TestApp;
let origin: string;
let nextIp = 1;

const messages = {
  badCredentials: "That e-mail address and password do not match an account.",
  wrongCode: "That code is not right. Try the newest code from your app.",
  tookTooLong: "Your sign-in took too long. Start again.",
  unknownPasskey: "That passkey is not registered here.",
  invitationGone: "This invitation link has expired or was already used. Ask an admin for a new one.",
};

beforeAll(async () => {
  // One proxy hop trusted, so each test can come from an address of its own (X-Forwarded-For).
  site = await createTestApp({ TRUST_PROXY_HOPS: "1" });
  origin = new URL(site.config.settings.siteUrl).origin;
});
afterAll(() => site.cleanup());

/** A browser: keeps its cookies, sends the site's Origin, from an address no other test uses. */
function browser(ip = `198.51.100.${nextIp++}`) {
  const agent = request.agent(site.app);
  return {
    ip,
    agent,
    get: (path: string) => agent.get(path).set("X-Forwarded-For", ip),
    post: (path: string, body: object = {}, csrfToken?: string) => {
      const test = agent.post(path).set("Origin", origin).set("X-Forwarded-For", ip);
      return (csrfToken ? test.set("X-CSRF-Token", csrfToken) : test).send(body);
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** The token in the newest invitation e-mail queued for an address. */
async function invitationToken(email: string): Promise<string> {
  const row = await site.db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", "staff-invitation")
    .orderBy("id", "desc")
    .execute()
    .then((rows) =>
      rows.find((candidate) => (JSON.parse(candidate.payload) as { email: string }).email === email),
    );
  if (!row) throw new Error(`no invitation queued for ${email}`);
  return (JSON.parse(row.payload) as { token: string }).token;
}

/** An account that can sign in with a password and TOTP, made directly. */
const addAccount = (email: string, role?: StaffRole) => addPasswordAccount(site.db, email, role);

// Tests of a dozen password checks: each costs OWASP's scrypt, slower on a busy machine.
const MANY_HASHES_MS = 60_000;

const slowedDown = (when: string) =>
  `Too many failed sign-in attempts from your network. Try again in ${when}.`;

function cookieValue(response: request.Response, name: string): string | undefined {
  const header = response.headers["set-cookie"] as unknown as string[] | undefined;
  const cookie = header?.find((line) => line.startsWith(`${name}=`));
  return cookie?.slice(name.length + 1).split(";")[0];
}

async function signInWithPassword(client: Browser, email: string, password: string) {
  return client.post("/admin/api/sign-in/password", { email, password });
}

describe("an invitation", () => {
  it("sets up a password and an authenticator, shows recovery codes once and signs in; the link then works no more", async () => {
    const invited = await runCliOn(site, "users", "invite", "New.Person@Agency.test", "--role", "editor");
    expect(invited.code).toBe(0);
    expect(invited.stdout).toContain("new.person@agency.test (editor)");
    const token = await invitationToken("new.person@agency.test");
    const outbox = await site.db
      .selectFrom("outbox")
      .select(["kind", "payload"])
      .where("kind", "=", "staff-invitation")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const mail = renderOutboxMessage(outbox.kind, outbox.payload, site.config);
    expect(mail.to).toBe("new.person@agency.test");
    expect(mail.text).toContain(`${site.config.settings.siteUrl}/admin/invitation#${token}`);
    const stored = await site.db.selectFrom("staff_invitations").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    const client = browser();

    const about = await client.post("/admin/api/invitations/read", { token });
    expect(about.status).toBe(200);
    expect(about.body).toMatchObject({ email: "new.person@agency.test", role: "editor" });
    expect(Date.parse(about.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const tooShort = await client.post("/admin/api/invitations/password", {
      token,
      password: "short",
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.fieldErrors.password).toBe("Use at least 12 characters.");
    const ownAddress = await client.post("/admin/api/invitations/password", {
      token,
      password: "new.person@agency.test",
    });
    expect(ownAddress.status).toBe(400);

    const enrolment = await client.post("/admin/api/invitations/password", {
      token,
      password: "correct horse battery staple",
    });
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.body.otpauthUrl).toContain(`secret=${enrolment.body.secret}`);
    expect(cookieValue(enrolment, "staff_flow")).toBeTruthy();

    const wrong = await client.post("/admin/api/invitations/confirm", {
      token,
      code: "000000",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(messages.wrongCode);

    const confirmed = await client.post("/admin/api/invitations/confirm", {
      token,
      code: await totpCode(enrolment.body.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.next).toBe("/admin");
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const storedCodes = await site.db.selectFrom("staff_recovery_codes").select("code_hash").execute();
    expect(storedCodes.map((row) => row.code_hash)).not.toContain(confirmed.body.recoveryCodes[0]);

    const session = await client.get("/admin/api/session");
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ email: "new.person@agency.test", role: "editor" });

    // The link is used: every step of it answers 410 now, for anyone.
    const replay = browser();
    expect((await replay.post("/admin/api/invitations/read", { token })).status).toBe(410);
    const again = await replay.post("/admin/api/invitations/password", {
      token,
      password: "another long password",
    });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe(messages.invitationGone);
    expect(
      (
        await client.post("/admin/api/invitations/confirm", {
          token,
          code: "123456",
        })
      ).status,
    ).toBe(410);

    // And the password with a code from the app signs in (the next step's: this one was used).
    const next = browser();
    expect(
      (await signInWithPassword(next, "new.person@agency.test", "correct horse battery staple")).status,
    ).toBe(200);
    const code = await totpCode(enrolment.body.secret, 1);
    expect((await next.post("/admin/api/sign-in/second-factor", { code })).status).toBe(200);
  });

  it("answers 410 once it has expired", async () => {
    await inviteStaff(
      site.db,
      { email: "late@agency.test", role: "sales", siteUrl: site.config.settings.siteUrl },
      { actor: "cli:test", ip: "cli" },
      new Date(Date.now() - 25 * 3600_000),
    );
    const token = await invitationToken("late@agency.test");
    const client = browser();
    const about = await client.post("/admin/api/invitations/read", { token });
    expect(about.status).toBe(410);
    expect(about.body.error).toBe(messages.invitationGone);
    expect(
      (
        await client.post("/admin/api/invitations/password", {
          token,
          password: "long enough password",
        })
      ).status,
    ).toBe(410);
  });
});

describe("signing in with a password", () => {
  it("takes the password, then a code from the app, and starts a session on a new token", async () => {
    const account = await addAccount("pat@agency.test");
    const client = browser();
    const first = await signInWithPassword(client, "PAT@agency.test ", account.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ step: "second-factor" });
    const flowCookie = (first.headers["set-cookie"] as unknown as string[]).find((line) =>
      line.startsWith("staff_flow="),
    );
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/Path=\/admin/);
    // Nothing is signed in before the second factor.
    expect((await client.get("/admin/api/session")).status).toBe(401);

    const second = await client.post("/admin/api/sign-in/second-factor", {
      code: await totpCode(account.secret),
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ next: "/admin" });
    expect(cookieValue(second, "staff_session")).toBeTruthy();
    expect((await client.get("/admin/api/session")).body.email).toBe("pat@agency.test");
    const entries = await listAudit(site.db, {
      limit: 5,
      action: "session.sign-in",
      actor: "pat@agency.test",
    });
    expect(entries[0]?.ip).toBe(client.ip);
  });

  it("gives a wrong password and an unknown address the same answer", async () => {
    const account = await addAccount("robin@agency.test");
    const wrong = await signInWithPassword(browser(), account.email, "not the password at all");
    const unknown = await signInWithPassword(browser(), "nobody@agency.test", "not the password at all");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: messages.badCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses a code already used in its window", async () => {
    const account = await addAccount("sam@agency.test");
    const code = await totpCode(account.secret);
    const first = browser();
    await signInWithPassword(first, account.email, account.password);
    expect((await first.post("/admin/api/sign-in/second-factor", { code })).status).toBe(200);
    const second = browser();
    await signInWithPassword(second, account.email, account.password);
    const replay = await second.post("/admin/api/sign-in/second-factor", { code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(messages.wrongCode);
  });

  it("takes a recovery code once, whatever its case and dashes", async () => {
    const account = await addAccount("lee@agency.test");
    const codes = await replaceRecoveryCodes(site.db, account.id);
    const code = codes[3] ?? "";
    const first = browser();
    await signInWithPassword(first, account.email, account.password);
    const used = await first.post("/admin/api/sign-in/second-factor", {
      recoveryCode: code.replace("-", "").toLowerCase(),
    });
    expect(used.status).toBe(200);
    const second = browser();
    await signInWithPassword(second, account.email, account.password);
    const replay = await second.post("/admin/api/sign-in/second-factor", { recoveryCode: code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(messages.wrongCode);
  });

  it("ends the sign-in after five wrong codes, which slow down that address from that IP only", async () => {
    const account = await addAccount("fumbles@agency.test");
    const client = browser();
    expect((await signInWithPassword(client, account.email, account.password)).status).toBe(200);
    for (let i = 1; i < SIGN_IN_LIMITS.pair; i++) {
      const wrong = await client.post("/admin/api/sign-in/second-factor", { code: "000000" });
      expect(wrong.body.error).toBe(messages.wrongCode);
    }
    const last = await client.post("/admin/api/sign-in/second-factor", { code: "000000" });
    expect(last.status).toBe(401);
    expect(last.body.error).toBe(messages.tookTooLong);
    const right = await client.post("/admin/api/sign-in/second-factor", {
      code: await totpCode(account.secret),
    });
    expect(right.body.error).toBe(messages.tookTooLong);
    expect((await signInWithPassword(browser(client.ip), account.email, account.password)).status).toBe(429);
    expect((await signInWithPassword(browser(), account.email, account.password)).status).toBe(200);
  });

  it("needs a live flow for the second factor", async () => {
    const response = await browser().post("/admin/api/sign-in/second-factor", { code: "123456" });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(messages.tookTooLong);
  });

  it("refuses a disabled account with the same answer as a wrong password", async () => {
    const account = await addAccount("gone@agency.test");
    expect((await runCliOn(site, "users", "disable", account.email)).code).toBe(0);
    const response = await signInWithPassword(browser(), account.email, account.password);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(messages.badCredentials);
  });
});

describe("the limits on attempts", () => {
  /** Moves an IP's waits into the past, as if their time had passed. */
  async function endWaits(ip: string) {
    await site.db
      .updateTable("rate_limit_hits")
      .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
      .where("key", "like", `sign-in:wait:%${ip}%`)
      .execute();
  }

  it(
    "slow down the IP that failed for an address, never the account: the right password from another IP signs in",
    async () => {
      const account = await addAccount("target@agency.test");
      const attacker = "203.0.113.5";
      for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
        const wrong = await signInWithPassword(browser(attacker), account.email, "wrong password guess");
        expect(wrong.status).toBe(401);
        expect(wrong.body.error).toBe(messages.badCredentials);
      }
      const slowed = await signInWithPassword(browser(attacker), account.email, account.password);
      expect(slowed.status).toBe(429);
      expect(slowed.headers["retry-after"]).toBe("30");
      expect(slowed.body.error).toBe(slowedDown("30 seconds"));

      // The person whose address it is, elsewhere, signs in all the way.
      const owner = browser();
      expect((await signInWithPassword(owner, account.email, account.password)).status).toBe(200);
      const code = await owner.post("/admin/api/sign-in/second-factor", {
        code: await totpCode(account.secret),
      });
      expect(code.status).toBe(200);

      // An address without an account is slowed the same way, so the limit tells nothing.
      for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
        await signInWithPassword(browser(attacker), "made-up@agency.test", "wrong password guess");
      }
      const madeUp = await signInWithPassword(browser(attacker), "made-up@agency.test", "wrong");
      expect(madeUp.status).toBe(429);
      expect(madeUp.headers["retry-after"]).toBe("30");
      expect(madeUp.body).toEqual(slowed.body);
    },
    MANY_HASHES_MS,
  );

  it(
    "make an attacker's IP wait twice as long after each further failure",
    async () => {
      const account = await addAccount("patient@agency.test");
      const attacker = "203.0.113.6";
      for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
        await signInWithPassword(browser(attacker), account.email, "wrong password guess");
      }
      const waits: string[] = [];
      for (let round = 0; round < 3; round++) {
        const refused = await signInWithPassword(browser(attacker), account.email, "wrong password guess");
        expect(refused.status).toBe(429);
        waits.push(String(refused.headers["retry-after"]));
        await endWaits(attacker);
        expect(
          (await signInWithPassword(browser(attacker), account.email, "wrong password guess")).status,
        ).toBe(401);
      }
      const longer = await signInWithPassword(browser(attacker), account.email, "wrong password guess");
      waits.push(String(longer.headers["retry-after"]));
      expect(waits).toEqual(["30", "60", "120", "240"]);
      expect(longer.body.error).toBe(slowedDown("4 minutes"));
    },
    MANY_HASHES_MS,
  );

  it("grow to a cap of 15 minutes, and a day's count starts again", async () => {
    const attempt = { email: "clock@agency.test", ip: "203.0.113.7" };
    let at = new Date("2030-01-01T09:00:00Z");
    const waits: (number | undefined)[] = [];
    for (let failure = 1; failure <= SIGN_IN_LIMITS.pair + 7; failure++) {
      const wait = await signInWait(site.db, attempt, at);
      expect(wait).toBeUndefined();
      const started = await countSignInFailure(site.db, attempt, at);
      waits.push(started);
      at = new Date(at.getTime() + (started ?? 0) * 1000 + 1000);
    }
    expect(waits).toEqual([undefined, undefined, undefined, undefined, 30, 60, 120, 240, 480, 900, 900, 900]);
    // Inside the wait, it is refused with the seconds left.
    expect(await signInWait(site.db, attempt, new Date(at.getTime() - 1000 - 300_000))).toMatchObject({
      retryAfterSeconds: 300,
    });
    const nextDay = new Date(at.getTime() + 24 * 3600_000);
    expect(await countSignInFailure(site.db, attempt, nextDay)).toBeUndefined();
  });

  it("slow down an address on the internet after repeated failures, whichever accounts it tries", async () => {
    const account = await addAccount("office@agency.test");
    const ip = "203.0.113.77";
    // All but the last counted as the sign-in route counts them, without a hash's time each.
    for (let i = 1; i < SIGN_IN_LIMITS.ip; i++) {
      expect(await countSignInFailure(site.db, { email: `guess${i}@agency.test`, ip })).toBeUndefined();
    }
    const last = await signInWithPassword(browser(ip), "guess0@agency.test", "wrong password guess");
    expect(last.status).toBe(401);
    const slowed = await signInWithPassword(browser(ip), account.email, account.password);
    expect(slowed.status).toBe(429);
    expect(slowed.headers["retry-after"]).toBe("30");
    // Someone elsewhere still signs in.
    expect((await signInWithPassword(browser(), account.email, account.password)).status).toBe(200);
  });

  it(
    "never stop a passkey, even from the IP that is slowed for its address",
    async () => {
      const account = await addAccount("passkey-owner@agency.test");
      const staff = await sessionFor(site, account.id, account.email);
      const authenticator = new SoftwareAuthenticator(origin);
      const options = await staff.post("/admin/api/passkeys/options");
      const added = await request(site.app)
        .post("/admin/api/passkeys")
        .set("Cookie", `${staff.cookie}; staff_flow=${cookieValue(options, "staff_flow")}`)
        .set("Origin", origin)
        .set("X-CSRF-Token", staff.csrfToken)
        .send({
          response: authenticator.register(options.body as PublicKeyCredentialCreationOptionsJSON),
          name: "Phone",
        });
      expect(added.status).toBe(201);

      const ip = "203.0.113.8";
      // Its address slowed from this IP, then the IP itself.
      for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
        expect((await signInWithPassword(browser(ip), account.email, "wrong password guess")).status).toBe(
          401,
        );
      }
      for (let i = SIGN_IN_LIMITS.pair; i < SIGN_IN_LIMITS.ip; i++) {
        await countSignInFailure(site.db, { email: `other${i}@agency.test`, ip });
      }
      expect(await signInWait(site.db, { ip })).toMatchObject({ retryAfterSeconds: 30 });
      expect((await signInWithPassword(browser(ip), account.email, account.password)).status).toBe(429);
      const client = browser(ip);
      const signInOptions = await client.post("/admin/api/sign-in/passkey/options");
      const signedIn = await client.post("/admin/api/sign-in/passkey", {
        response: authenticator.authenticate(signInOptions.body as PublicKeyCredentialRequestOptionsJSON),
      });
      expect(signedIn.status).toBe(200);
      expect((await client.get("/admin/api/session")).body.email).toBe(account.email);
    },
    MANY_HASHES_MS,
  );

  it(
    "are recorded in the audit log: who, from where, what failed; a wait's refusals once; never the password",
    async () => {
      const account = await addAccount("audited@agency.test");
      const attacker = "203.0.113.9";
      const guesses = Array.from({ length: SIGN_IN_LIMITS.pair }, (_, i) => `secret guess number ${i}`);
      for (const guess of guesses) await signInWithPassword(browser(attacker), account.email, guess);
      await signInWithPassword(browser(attacker), account.email, account.password);
      await signInWithPassword(browser(attacker), account.email, account.password);
      const wrongCode = browser();
      await signInWithPassword(wrongCode, account.email, account.password);
      await wrongCode.post("/admin/api/sign-in/second-factor", { code: "000000" });
      await wrongCode.post("/admin/api/sign-in/second-factor", {
        recoveryCode: "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE",
      });

      const entries = await listAudit(site.db, { limit: 50, action: "sign-in.", actor: account.email });
      const summary = entries.reverse().map((entry) => [entry.action, entry.ip, entry.detail]);
      expect(summary).toEqual([
        ...guesses.slice(1).map(() => ["sign-in.failed", attacker, { reason: "wrong-password" }]),
        ["sign-in.failed", attacker, { reason: "wrong-password", retryAfterSeconds: 30 }],
        ["sign-in.slowed", attacker, { retryAfterSeconds: 30, step: "password" }],
        ["sign-in.failed", wrongCode.ip, { reason: "wrong-code" }],
        ["sign-in.failed", wrongCode.ip, { reason: "wrong-recovery-code" }],
      ]);
      const stored = JSON.stringify(await site.db.selectFrom("audit_log").selectAll().execute());
      for (const secret of [...guesses, account.password, "AAAAA-BBBBB"])
        expect(stored).not.toContain(secret);

      // A made-up address is recorded as typed, so an admin sees what was tried.
      await signInWithPassword(browser(attacker), "  Nobody@Agency.test", "wrong password guess");
      const [madeUp] = await listAudit(site.db, { limit: 1, action: "sign-in." });
      expect(madeUp).toMatchObject({ actor: "nobody@agency.test", ip: attacker, action: "sign-in.failed" });
    },
    MANY_HASHES_MS,
  );
});

describe("secrets at rest", () => {
  it("re-hashes a password of older parameters in today's on its next sign-in", async () => {
    const account = await addAccount("older@agency.test");
    const older = await hashPassword(account.password, { N: 2 ** 15, r: 8, p: 1 });
    await site.db
      .updateTable("staff_users")
      .set({ password_hash: older })
      .where("id", "=", account.id)
      .execute();
    const storedHash = () =>
      site.db
        .selectFrom("staff_users")
        .select("password_hash")
        .where("id", "=", account.id)
        .executeTakeFirstOrThrow()
        .then((row) => row.password_hash ?? "");

    expect((await signInWithPassword(browser(), account.email, "not the password at all")).status).toBe(401);
    expect(await storedHash()).toBe(older);
    expect((await signInWithPassword(browser(), account.email, account.password)).status).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(upgraded).not.toBe(older);
    expect((await signInWithPassword(browser(), account.email, account.password)).status).toBe(200);
    expect(await storedHash()).toBe(upgraded);
  });

  it("makes recovery codes of five groups of five, over 112 random bits, stored only as SHA-256", async () => {
    expect(RECOVERY_CODE_BITS).toBeGreaterThanOrEqual(112);
    const account = await addAccount("codes@agency.test");
    const codes = await replaceRecoveryCodes(site.db, account.id);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^([2-9A-HJKMNP-Z]{5}-){4}[2-9A-HJKMNP-Z]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await site.db
      .selectFrom("staff_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", account.id)
      .execute();
    expect(stored.map((row) => row.code_hash).sort()).toEqual(
      codes.map((code) => createHash("sha256").update(code.replaceAll("-", "")).digest("hex")).sort(),
    );

    // Typed as people type: lower case, spaces for dashes.
    const client = browser();
    await signInWithPassword(client, account.email, account.password);
    const typed = (codes[0] ?? "").toLowerCase().replaceAll("-", " ");
    expect((await client.post("/admin/api/sign-in/second-factor", { recoveryCode: typed })).status).toBe(200);
  });

  it("still takes a code of the earlier, shorter kind until a new set replaces it", async () => {
    const account = await addAccount("earlier-codes@agency.test");
    await site.db
      .insertInto("staff_recovery_codes")
      .values({ user_id: account.id, code_hash: createHash("sha256").update("ABCDEFGHJK").digest("hex") })
      .execute();
    const client = browser();
    await signInWithPassword(client, account.email, account.password);
    expect(
      (await client.post("/admin/api/sign-in/second-factor", { recoveryCode: "abcde-fghjk" })).status,
    ).toBe(200);
  });

  it("refuses a common password at an invitation, whatever its case", async () => {
    await inviteStaff(
      site.db,
      { email: "common@agency.test", role: "sales", siteUrl: site.config.settings.siteUrl },
      { actor: "cli:test", ip: "cli" },
    );
    const token = await invitationToken("common@agency.test");
    const client = browser();
    for (const password of ["password1234", "QWERTYUIOP12"]) {
      const refused = await client.post("/admin/api/invitations/password", { token, password });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors.password).toBe(
        "That password is one of the most common ones, which are guessed first. Choose another.",
      );
    }
    const taken = await client.post("/admin/api/invitations/password", {
      token,
      password: "a phrase nobody else uses",
    });
    expect(taken.status).toBe(200);
  });

  it("refuses a dressed-up common password, a repeat and the site’s own name, each with its sentence", async () => {
    const email = "measured@agency.test";
    await inviteStaff(
      site.db,
      { email, role: "sales", siteUrl: site.config.settings.siteUrl },
      { actor: "cli:test", ip: "cli" },
    );
    const token = await invitationToken(email);
    const client = browser();
    // The stored brand is the shipped default, Kloof Digital (shared/site-settings.ts).
    const refusals = {
      "Password123!":
        "That password is one of the most common ones, which are guessed first. Choose another.",
      iloveyou1234: "That password is one of the most common ones, which are guessed first. Choose another.",
      aaaaaaaaaaaa:
        "That password is a repeat or a run of characters, like aaaa, 1234 or qwerty, which are guessed first. Choose another.",
      kloofdigital2026:
        "That password is built on this site’s own name or web address, which are guessed first. Choose another.",
      "Measured2026!":
        "That password is built on your e-mail address, which is guessed first. Choose another.",
    };
    for (const [password, sentence] of Object.entries(refusals)) {
      const refused = await client.post("/admin/api/invitations/password", { token, password });
      expect(refused.status, password).toBe(400);
      expect(refused.body.fieldErrors, password).toEqual({ password: sentence });
    }
    const taken = await client.post("/admin/api/invitations/password", {
      token,
      password: "violet harbour lantern 47",
    });
    expect(taken.status).toBe(200);
  });
});

describe("passkeys", () => {
  it("are added by a signed-in member of staff and then sign in on their own", async () => {
    const staff = await signInAs(site, "sales", "keys@agency.test");
    const authenticator = new SoftwareAuthenticator(origin);

    // A name sent with the options is checked before any prompt: given, and at most 60 characters.
    for (const name of ["", "   ", "x".repeat(61)]) {
      const refused = await staff.post("/admin/api/passkeys/options", { name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body).toEqual({
        error: "Give the passkey a name of at most 60 characters, such as the device it is on.",
        fieldErrors: {
          name: "Give the passkey a name of at most 60 characters, such as the device it is on.",
        },
      });
      expect(refused.headers["set-cookie"] ?? [], "no ceremony started").toEqual([]);
    }

    const optionsResponse = await staff.post("/admin/api/passkeys/options", { name: "Work laptop" });
    expect(optionsResponse.status).toBe(200);
    const options = optionsResponse.body as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp.id).toBe(new URL(origin).hostname);
    const flow = cookieValue(optionsResponse, "staff_flow");
    const addPasskey = (body: object, flowToken = flow) =>
      request(site.app)
        .post("/admin/api/passkeys")
        .set("Cookie", `${staff.cookie}; staff_flow=${flowToken}`)
        .set("Origin", origin)
        .set("X-CSRF-Token", staff.csrfToken)
        .send(body);
    const registration = authenticator.register(options);
    expect((await addPasskey({ response: registration, name: "" })).status).toBe(400);
    const added = await addPasskey({ response: registration, name: "Work laptop" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: registration.id, name: "Work laptop", lastUsedAt: null });

    // Options for another one leave out the one it has.
    const more = await staff.post("/admin/api/passkeys/options");
    expect(
      (more.body as PublicKeyCredentialCreationOptionsJSON).excludeCredentials?.map((c) => c.id),
    ).toEqual([registration.id]);

    const client = browser();
    const signInOptions = await client.post("/admin/api/sign-in/passkey/options");
    expect(signInOptions.status).toBe(200);
    const requestOptions = signInOptions.body as PublicKeyCredentialRequestOptionsJSON;
    expect(requestOptions.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.authenticate(requestOptions);
    const signedIn = await client.post("/admin/api/sign-in/passkey", { response: assertion });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ next: "/admin" });
    expect((await client.get("/admin/api/session")).body.email).toBe("keys@agency.test");

    // The same assertion again meets no challenge it answers.
    const replayer = browser();
    await replayer.post("/admin/api/sign-in/passkey/options");
    const replay = await replayer.post("/admin/api/sign-in/passkey", { response: assertion });
    expect(replay.status).toBe(401);

    const listed = await staff.get("/admin/api/passkeys");
    expect(listed.body.passkeys).toHaveLength(1);
    expect(listed.body.passkeys[0].lastUsedAt).not.toBeNull();
    expect((await staff.delete(`/admin/api/passkeys/${registration.id}`)).status).toBe(204);
    expect((await staff.get("/admin/api/passkeys")).body.passkeys).toEqual([]);
  });

  it("refuses a passkey the site does not know", async () => {
    const stranger = new SoftwareAuthenticator(origin);
    stranger.register({
      rp: { id: new URL(origin).hostname, name: "x" },
      user: { id: "dXNlcg", name: "x", displayName: "x" },
      challenge: "Y2hhbGxlbmdl",
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    });
    const client = browser();
    const options = await client.post("/admin/api/sign-in/passkey/options");
    const response = await client.post("/admin/api/sign-in/passkey", {
      response: stranger.authenticate(options.body as PublicKeyCredentialRequestOptionsJSON),
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(messages.unknownPasskey);
  });
});

describe("session fixation", () => {
  it("replaces a session cookie the browser brought with a new token, and ends the one brought", async () => {
    const attacker = await signInAs(site, "sales", "planter@agency.test");
    const planted = attacker.cookie.slice("staff_session=".length);
    const account = await addAccount("victim@agency.test");
    const client = browser();
    const first = await client.agent
      .post("/admin/api/sign-in/password")
      .set("Origin", origin)
      .set("X-Forwarded-For", client.ip)
      .set("Cookie", `staff_session=${planted}`)
      .send({ email: account.email, password: account.password });
    const flow = cookieValue(first, "staff_flow");
    const second = await request(site.app)
      .post("/admin/api/sign-in/second-factor")
      .set("Origin", origin)
      .set("X-Forwarded-For", client.ip)
      .set("Cookie", `staff_session=${planted}; staff_flow=${flow}`)
      .send({ code: await totpCode(account.secret) });
    expect(second.status).toBe(200);
    const fresh = cookieValue(second, "staff_session");
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(planted);
    const withPlanted = await request(site.app)
      .get("/admin/api/session")
      .set("Cookie", `staff_session=${planted}`);
    expect(withPlanted.status).toBe(401);
    const withFresh = await request(site.app)
      .get("/admin/api/session")
      .set("Cookie", `staff_session=${fresh}`);
    expect(withFresh.body.email).toBe("victim@agency.test");
  });
});

describe("the users API", () => {
  let admin: StaffClient;
  beforeAll(async () => {
    admin = await signInAs(site, "admin", "boss@agency.test");
  });

  it("is for admins only", async () => {
    for (const role of ["editor", "sales"] as const) {
      const staff = await signInAs(site, role, `not-admin-${role}@agency.test`);
      const listed = await staff.get("/admin/api/users");
      expect(listed.status).toBe(403);
      expect(listed.body.error).toBe("Your role does not give you access to this.");
      expect(
        (await staff.post("/admin/api/users/invite", { email: "x@agency.test", role: "admin" })).status,
      ).toBe(403);
      expect((await staff.get("/admin/api/audit")).status).toBe(403);
    }
    expect((await request(site.app).get("/admin/api/users")).status).toBe(401);
  });

  it("invites, lists, disables, enables and resets accounts, never the admin's own", async () => {
    const invalid = await admin.post("/admin/api/users/invite", { email: "not an address", role: "boss" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors.email).toBeTruthy();
    const invited = await admin.post("/admin/api/users/invite", {
      email: "Fresh@agency.test",
      role: "sales",
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "fresh@agency.test", role: "sales" });
    expect(await invitationToken("fresh@agency.test")).toBeTruthy();

    const listed = await admin.get("/admin/api/users");
    expect(listed.status).toBe(200);
    expect(listed.body.invitations).toContainEqual(invited.body);
    expect(listed.body.users).toContainEqual(
      expect.objectContaining({ email: "boss@agency.test", role: "admin" }),
    );

    const selfDisable = await admin.post(`/admin/api/users/${admin.userId}/disable`);
    expect(selfDisable.status).toBe(400);
    expect(selfDisable.body.error).toBe("You cannot disable your own account.");
    expect((await admin.post(`/admin/api/users/${admin.userId}/reset`)).status).toBe(400);

    const other = await addAccount("colleague@agency.test", "editor");
    const otherSession = await sessionFor(site, other.id, other.email);
    const disabled = await admin.post(`/admin/api/users/${other.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ email: "colleague@agency.test", status: "disabled" });
    expect((await otherSession.get("/admin/api/session")).status).toBe(401);
    const enabled = await admin.post(`/admin/api/users/${other.id}/enable`);
    expect(enabled.body.status).toBe("active");
    const reset = await admin.post(`/admin/api/users/${other.id}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ status: "invited", passkeys: 0 });
    expect(await invitationToken("colleague@agency.test")).toBeTruthy();
    expect((await admin.post("/admin/api/users/99999/disable")).status).toBe(404);

    const audit = await admin.get("/admin/api/audit?limit=2");
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "user.reset",
      "user.enable",
    ]);
    expect(audit.body.entries[0]).toMatchObject({
      actor: "boss@agency.test",
      target: "colleague@agency.test",
    });
    const older = await admin.get(`/admin/api/audit?limit=2&before=${audit.body.nextBefore}`);
    expect(older.body.entries[0].action).toBe("user.disable");
  });
});

describe("site-admin users and audit", () => {
  it("invites, lists, disables, enables and resets, each recorded as the CLI", async () => {
    expect((await runCliOn(site, "users", "invite", "cli@agency.test", "--role", "sales")).code).toBe(0);
    const twice = await runCliOn(site, "users", "invite", "boss@agency.test", "--role", "admin");
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("There is already an account for that address.");
    const badRole = await runCliOn(site, "users", "invite", "x@agency.test", "--role", "owner");
    expect(badRole.code).toBe(2);

    const account = await addAccount("cli-user@agency.test", "editor");
    const list = await runCliOn(site, "users", "list", "--json");
    const listed = JSON.parse(list.stdout) as {
      users: { email: string; status: string }[];
      invitations: { email: string }[];
    };
    expect(listed.users).toContainEqual(expect.objectContaining({ email: account.email, status: "active" }));
    expect(listed.invitations.map((invitation) => invitation.email)).toContain("cli@agency.test");
    expect((await runCliOn(site, "users", "list")).stdout).toMatch(/EMAIL\s+ROLE\s+STATUS/);

    expect((await runCliOn(site, "users", "disable", account.email)).code).toBe(0);
    expect((await runCliOn(site, "users", "enable", account.email)).code).toBe(0);
    const reset = await runCliOn(site, "users", "reset", account.email);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("signed out everywhere");
    const row = await site.db
      .selectFrom("staff_users")
      .select(["password_hash", "totp_secret"])
      .where("id", "=", account.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, totp_secret: null });
    expect((await runCliOn(site, "users", "disable", "nobody@agency.test")).code).toBe(1);

    const audit = await runCliOn(site, "audit", "list", "--limit", "4", "--json");
    const entries = JSON.parse(audit.stdout) as {
      actor: string;
      ip: string;
      action: string;
      target: string;
    }[];
    expect(entries.map((entry) => entry.action)).toEqual([
      "user.reset",
      "user.enable",
      "user.disable",
      "user.invite",
    ]);
    expect(entries.every((entry) => entry.actor.startsWith("cli:") && entry.ip === "cli")).toBe(true);
    // The human output is in sentences (decision 074); --json above keeps the codes.
    const human = (await runCliOn(site, "audit", "list")).stdout;
    expect(human).toMatch(/WHEN\s+FROM\s+WHAT/);
    expect(human).toContain("Someone at the command line reset how cli-user@agency.test signs in");
    expect(human).not.toContain("user.reset");
  });

  it("records a state-changing command that succeeded, and not a read-only one or one that changed nothing", async () => {
    const before = (await listAudit(site.db, { limit: 1 }))[0]?.id ?? 0;
    expect((await runCliOn(site, "leads", "list")).code).toBe(0);
    const declined = await runCliAnswering(site, false, "privacy", "erase", "--email", "someone@example.com");
    expect(declined.code).toBe(0);
    expect(await listAudit(site.db, { limit: 10 })).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ id: expect.any(Number), action: "privacy.erase" }),
      ]),
    );
    expect((await listAudit(site.db, { limit: 1 }))[0]?.id ?? 0).toBe(before);

    const erased = await runCliOn(site, "privacy", "erase", "--email", "someone@example.com", "--yes");
    expect(erased.code).toBe(0);
    const [entry] = await listAudit(site.db, { limit: 1 });
    expect(entry).toMatchObject({ action: "privacy.erase", ip: "cli", target: null });
    expect(entry?.actor).toMatch(/^cli:/);
    expect(JSON.stringify(entry)).not.toContain("someone@example.com");

    // A failed command is not recorded either.
    expect((await runCliOn(site, "projects", "publish", "no-such-project")).code).toBe(1);
    expect((await listAudit(site.db, { limit: 1 }))[0]?.id).toBe(entry?.id);
  });
});
