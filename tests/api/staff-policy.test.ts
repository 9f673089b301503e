import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { operationPolicies, STEP_UP_MS, type PolicyName } from "#server/auth/policy.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { STAFF_CHANGE_NOTICE } from "#server/mail/staff-change-message.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { sessionFor, signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The attack of decision 048: a session whose last proof is older than 5 minutes (a copied
 * cookie and CSRF token) tries each sensitive change through each door the workspace has,
 * the History restore included. Each is refused with the "Confirm it's you" answer and
 * nothing changes, no e-mail is queued; with a fresh proof each is made, audited, and
 * every active admin (or the account's holder) is told. The CLI needs no proof, but is
 * audited and keeps the last admin.
 */
let site: TestApp;
let sink: SmtpSink;
let boss: StaffClient;
let deputy: StaffClient;
/** How far the workspace's clock runs ahead of the real one: its proofs are judged by it. */
let skewMs = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  // No MAIL_FROM: the contact e-mail is the sender, so moving it needs a proof too.
  site = await createTestApp(
    { SMTP_URL: sink.url, MAIL_TO: "leads@agency.test" },
    { outbox: { autoStart: false }, workspace: { now: () => new Date(Date.now() + skewMs) } },
  );
  boss = await signInAs(site, "admin", "boss@agency.test");
  deputy = await signInAs(site, "admin", "deputy@agency.test");
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});
afterEach(() => {
  sink.messages.length = 0;
  skewMs = 0;
});

const refusalOf = (name: PolicyName) => ({
  error: (operationPolicies[name] as { stepUpMessage?: string }).stepUpMessage,
  stepUp: true,
});

async function setProof(client: StaffClient, at: Date): Promise<void> {
  await site.db
    .updateTable("staff_sessions")
    .set({ proved_at: at.toISOString() })
    .where("csrf_token", "=", client.csrfToken)
    .execute();
}
const stale = (client: StaffClient) => setProof(client, new Date(Date.now() - STEP_UP_MS - 60_000));
const fresh = (client: StaffClient) => setProof(client, new Date());

/** Everything these changes could touch, as stored. */
async function snapshot() {
  const db = site.db;
  return {
    users: await db.selectFrom("staff_users").selectAll().orderBy("id").execute(),
    invitations: await db
      .selectFrom("staff_invitations")
      .select(["token_hash", "email", "role", "expires_at", "used_at"])
      .orderBy("token_hash")
      .execute(),
    sessions: await db.selectFrom("staff_sessions").select("token_hash").orderBy("token_hash").execute(),
    settings: (await boss.get("/admin/api/settings")).body,
    revisions: await db.selectFrom("revisions").select("id").orderBy("id").execute(),
    outbox: await db.selectFrom("outbox").select("id").orderBy("id").execute(),
  };
}

async function settingsNow(client = boss): Promise<Record<string, string>> {
  return (await client.get("/admin/api/settings")).body.settings as Record<string, string>;
}
const saveSettings = async (client: StaffClient, change: Record<string, string>) =>
  client.post("/admin/api/settings", { settings: { ...(await settingsNow(client)), ...change } });

async function newestSettingsRevision(): Promise<number> {
  const row = await site.db
    .selectFrom("revisions")
    .select("id")
    .where("target", "=", "settings")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function userId(email: string): Promise<number> {
  const row = await site.db
    .selectFrom("staff_users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sends what is queued to the SMTP sink; the change notices, by recipient. */
async function changeNotices() {
  await site.outbox.drain();
  // Each change notice, and no other e-mail, links to the audit log.
  return sink.messages.filter((mail) => mail.text?.includes("/admin/audit"));
}
const recipients = (mails: { to: string[] }[]) => mails.flatMap((mail) => mail.to).sort();

async function auditOf(action: string, target?: string) {
  return (await listAudit(site.db, { limit: 200, action })).filter(
    (entry) => target === undefined || entry.target === target,
  );
}

describe("a session whose proof is older than 5 minutes", () => {
  it("is refused every sensitive change, through every door, and nothing changes or is told", async () => {
    // What the attacker finds: a sales member, a disabled editor, an admin's invitation
    // waiting, another browser of boss's, and settings revisions with other addresses.
    await fresh(boss);
    const sales = await signInAs(site, "sales", "sales@agency.test");
    await signInAs(site, "editor", "editor@agency.test");
    expect((await runCliOn(site, "users", "disable", "editor@agency.test")).code).toBe(0);
    expect(
      (await boss.post("/admin/api/users/invite", { email: "waiting@agency.test", role: "admin" })).status,
    ).toBe(201);
    await sessionFor(site, boss.userId, boss.email);
    expect((await saveSettings(boss, { agencyInbox: "old-inbox@elsewhere.test" })).status).toBe(200);
    const oldInbox = await newestSettingsRevision();
    expect((await saveSettings(boss, { agencyInbox: "leads@agency.test" })).status).toBe(200);
    expect((await saveSettings(boss, { email: "old-sender@elsewhere.test" })).status).toBe(200);
    const oldSender = await newestSettingsRevision();
    expect((await saveSettings(boss, { email: "hello@agency.test" })).status).toBe(200);
    const sessions = (await boss.get("/admin/api/sessions")).body.sessions as {
      id: string;
      current: boolean;
    }[];
    const otherId = sessions.find((session) => !session.current)?.id ?? "";
    expect(otherId).not.toBe("");
    await site.outbox.drain();
    sink.messages.length = 0;

    await stale(boss);
    const before = await snapshot();
    const attempts: [string, PolicyName, () => Promise<{ status: number; body: unknown }>][] = [
      [
        "invite as admin",
        "user.invite-admin",
        () => boss.post("/admin/api/users/invite", { email: "mallory@evil.test", role: "admin" }),
      ],
      [
        "re-invite as admin",
        "user.invitation-resend-admin",
        () => boss.post("/admin/api/users/invitations/resend", { email: "waiting@agency.test" }),
      ],
      [
        "role",
        "user.role-admin",
        () => boss.post(`/admin/api/users/${sales.userId}/role`, { role: "admin" }),
      ],
      [
        "role down",
        "user.role",
        () => boss.post(`/admin/api/users/${sales.userId}/role`, { role: "editor" }),
      ],
      ["disable", "user.disable", () => boss.post(`/admin/api/users/${deputy.userId}/disable`)],
      [
        "enable",
        "user.enable",
        async () => boss.post(`/admin/api/users/${await userId("editor@agency.test")}/enable`),
      ],
      ["reset", "user.reset", () => boss.post(`/admin/api/users/${deputy.userId}/reset`)],
      ["end a session", "session.end-other", () => boss.delete(`/admin/api/sessions/${otherId}`)],
      [
        "sign out everywhere",
        "session.sign-out-everywhere",
        () => boss.post("/admin/api/sign-out-everywhere"),
      ],
      [
        "save a new inbox",
        "settings.mail-route",
        () => saveSettings(boss, { agencyInbox: "thief@evil.test" }),
      ],
      ["save a new sender", "settings.mail-route", () => saveSettings(boss, { email: "thief@evil.test" })],
      [
        "restore an old inbox",
        "settings.mail-route",
        () => boss.post("/admin/api/revisions/restore", { target: "settings", revision: oldInbox }),
      ],
      [
        "restore an old sender",
        "settings.mail-route",
        () => boss.post("/admin/api/revisions/restore", { target: "settings", revision: oldSender }),
      ],
    ];
    for (const [name, policy, attempt] of attempts) {
      const answer = await attempt();
      expect(answer.status, name).toBe(403);
      expect(answer.body, name).toEqual(refusalOf(policy));
    }
    expect(await snapshot()).toEqual(before);
    expect(await changeNotices()).toEqual([]);
    expect(await auditOf("user.disable", deputy.email)).toEqual([]);

    // A save that leaves the mail route alone needs no proof.
    expect((await saveSettings(boss, { region: "Western Cape" })).status).toBe(200);
  });
});

describe("the workspace's clock", () => {
  it("judges a History restore's proof as it judges a save's", async () => {
    await fresh(boss);
    expect((await saveSettings(boss, { agencyInbox: "clock@agency.test" })).status).toBe(200);
    const moved = await newestSettingsRevision();
    expect((await saveSettings(boss, { agencyInbox: "leads@agency.test" })).status).toBe(200);
    await site.outbox.drain();
    sink.messages.length = 0;
    skewMs = STEP_UP_MS + 60_000;
    const before = await snapshot();
    const restore = () => boss.post("/admin/api/revisions/restore", { target: "settings", revision: moved });
    expect((await restore()).body).toEqual(refusalOf("settings.mail-route"));
    expect(await snapshot()).toEqual(before);
    skewMs = 0;
    expect((await restore()).status).toBe(200);
    expect((await settingsNow()).agencyInbox).toBe("clock@agency.test");
    expect((await saveSettings(boss, { agencyInbox: "leads@agency.test" })).status).toBe(200);
    await site.outbox.drain();
  });
});

describe("with a proof from the last 5 minutes", () => {
  it("invites an admin, audited, and every active admin is told by e-mail", async () => {
    await fresh(boss);
    const answer = await boss.post("/admin/api/users/invite", {
      email: "new.admin@agency.test",
      role: "admin",
    });
    expect(answer.status).toBe(201);
    expect(await auditOf("user.invite", "new.admin@agency.test")).toHaveLength(1);
    const mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test"]);
    for (const mail of mails) {
      expect(mail.subject).toContain("An admin was invited");
      expect(mail.text).toContain("new.admin@agency.test was invited");
      expect(mail.text).toContain(`${site.config.settings.siteUrl}/admin/users`);
      // Nothing that signs in travels with a notice.
      expect(mail.text).not.toMatch(/invitation#|site-admin/);
    }
    const queued = await site.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", STAFF_CHANGE_NOTICE)
      .execute();
    for (const row of queued) expect(row.payload).not.toMatch(/token/i);
  });

  it("sends an admin's invitation again, audited, and every active admin is told", async () => {
    await fresh(boss);
    const answer = await boss.post("/admin/api/users/invitations/resend", { email: "new.admin@agency.test" });
    expect(answer.status).toBe(200);
    expect(await auditOf("staff.invitation-resent", "new.admin@agency.test")).toHaveLength(1);
    const mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test"]);
  });

  it("changes a role, tells its holder, and the admins when it makes an admin", async () => {
    await fresh(boss);
    const member = await signInAs(site, "sales", "promoted@agency.test");
    expect((await boss.post(`/admin/api/users/${member.userId}/role`, { role: "editor" })).status).toBe(200);
    expect(recipients(await changeNotices())).toEqual(["promoted@agency.test"]);
    sink.messages.length = 0;
    expect((await boss.post(`/admin/api/users/${member.userId}/role`, { role: "admin" })).status).toBe(200);
    const mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test", "promoted@agency.test"]);
    expect(mails.find((mail) => mail.to.includes("promoted@agency.test"))?.subject).toContain("Your role");
    expect(await auditOf("staff.role-changed", "promoted@agency.test")).toHaveLength(2);
  });

  it("disables, enables and resets an account, audited, and the admins are told of the disable and reset", async () => {
    await fresh(boss);
    const member = await signInAs(site, "editor", "member@agency.test");
    expect((await boss.post(`/admin/api/users/${member.userId}/disable`)).status).toBe(200);
    let mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test", "promoted@agency.test"]);
    expect(mails.every((mail) => mail.subject?.includes("An account was disabled"))).toBe(true);
    sink.messages.length = 0;
    expect((await boss.post(`/admin/api/users/${member.userId}/enable`)).status).toBe(200);
    expect(await changeNotices()).toEqual([]);
    expect((await boss.post(`/admin/api/users/${member.userId}/reset`)).status).toBe(200);
    mails = await changeNotices();
    expect(mails.filter((mail) => mail.subject?.includes("An account was reset")).length).toBe(3);
    for (const action of ["user.disable", "user.enable", "user.reset"]) {
      expect(await auditOf(action, "member@agency.test"), action).toHaveLength(1);
    }
  });

  it("moves the inbox by a save or a restore, audited, and every active admin is told", async () => {
    await fresh(boss);
    expect((await saveSettings(boss, { agencyInbox: "new-leads@agency.test" })).status).toBe(200);
    let mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test", "promoted@agency.test"]);
    expect(mails.every((mail) => mail.subject?.endsWith("website’s e-mails go changed"))).toBe(true);
    expect(mails.every((mail) => mail.text?.includes("Agency inbox: new-leads@agency.test"))).toBe(true);
    const moved = await newestSettingsRevision();
    expect((await saveSettings(boss, { agencyInbox: "leads@agency.test" })).status).toBe(200);
    await site.outbox.drain();
    sink.messages.length = 0;
    const restored = await boss.post("/admin/api/revisions/restore", { target: "settings", revision: moved });
    expect(restored.status).toBe(200);
    expect((await settingsNow()).agencyInbox).toBe("new-leads@agency.test");
    mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test", "promoted@agency.test"]);
    expect((await auditOf("settings.update")).length).toBeGreaterThanOrEqual(3);
  });

  it("moves the sender (the contact e-mail, MAIL_FROM unset) and every active admin is told", async () => {
    await fresh(boss);
    expect((await saveSettings(boss, { email: "sender@agency.test" })).status).toBe(200);
    const mails = await changeNotices();
    expect(recipients(mails)).toEqual(["boss@agency.test", "deputy@agency.test", "promoted@agency.test"]);
    expect(mails.every((mail) => mail.text?.includes("sender@agency.test"))).toBe(true);
  });

  it("ends another browser's session, then every session, each audited", async () => {
    const me = await signInAs(site, "sales", "sessions@agency.test");
    await sessionFor(site, me.userId, me.email);
    const list = (await me.get("/admin/api/sessions")).body.sessions as { id: string; current: boolean }[];
    const other = list.find((session) => !session.current)?.id ?? "";
    expect((await me.delete(`/admin/api/sessions/${other}`)).body).toEqual({ signedOut: false });
    expect(await auditOf("session.end")).not.toHaveLength(0);
    expect((await me.post("/admin/api/sign-out-everywhere")).status).toBe(204);
    expect(
      await site.db
        .selectFrom("staff_sessions")
        .select("token_hash")
        .where("user_id", "=", me.userId)
        .execute(),
    ).toEqual([]);
  });
});

describe("the CLI, the server's own door", () => {
  it("needs no proof, is audited, tells the admins, and never disables the last active admin", async () => {
    expect((await runCliOn(site, "settings", "set", "agency-inbox", "cli-inbox@agency.test")).code).toBe(0);
    expect((await settingsNow()).agencyInbox).toBe("cli-inbox@agency.test");
    const settingsAudit = (await auditOf("settings.update")).at(0);
    expect(settingsAudit?.actor).toMatch(/^cli:/);
    expect((await changeNotices()).length).toBeGreaterThan(0);
    sink.messages.length = 0;

    // Leave boss the only active admin, then try to disable them.
    for (const email of ["deputy@agency.test", "promoted@agency.test"]) {
      expect((await runCliOn(site, "users", "disable", email)).code, email).toBe(0);
    }
    expect((await auditOf("user.disable", "deputy@agency.test")).at(0)?.actor).toMatch(/^cli:/);
    const refused = await runCliOn(site, "users", "disable", "boss@agency.test");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "boss@agency.test is the last active admin. Make another account admin first, so someone can still manage accounts.",
    );
    const row = await site.db
      .selectFrom("staff_users")
      .select("disabled_at")
      .where("email", "=", "boss@agency.test")
      .executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
  });
});
