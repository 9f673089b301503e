import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * An admin's changes to other accounts beyond 027's: another role, an invitation sent
 * again with a new link, an invitation withdrawn. The same operations from the Users
 * API and `site-admin users`, each audited.
 */
let site: TestApp;
let sink: SmtpSink;
let boss: StaffClient;

const messages = {
  ownRole: "You cannot change your own role. Another admin can.",
  noInvitation: "No invitation is waiting for that address. Invite them instead.",
  invitationGone: "This invitation link has expired or was already used. Ask an admin for a new one.",
  // Promoting someone to admin: the refusal says what the change is (decision 048).
  stepUp: "Making someone an admin needs your password and a code, or a passkey, from the last 5 minutes.",
};

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await createTestApp({ SMTP_URL: sink.url }, { outbox: { autoStart: false } });
  boss = await signInAs(site, "admin", "boss@agency.test");
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});

/** The newest audit entry for `target`. */
async function lastAuditOf(target: string) {
  return (await listAudit(site.db, { limit: 100 })).find((entry) => entry.target === target);
}

/** Sends the queued e-mails; the token of the newest invitation link to `email`. */
async function invitationToken(email: string): Promise<string> {
  await site.outbox.drain();
  const mail = sink.messages.filter((message) => message.to.includes(email)).at(-1);
  const link = /\/admin\/invitation#(\S+)/.exec(mail?.text ?? "");
  if (!link?.[1]) throw new Error(`no invitation link to ${email}`);
  return decodeURIComponent(link[1]);
}

/** Whether the invitation page would open for this token (410 once it is gone). */
async function opens(token: string): Promise<number> {
  const origin = new URL(site.config.settings.siteUrl).origin;
  const response = await request(site.app)
    .post("/admin/api/invitations/read")
    .set("Origin", origin)
    .send({ token });
  if (response.status === 410) expect(response.body.error).toBe(messages.invitationGone);
  return response.status;
}

async function pendingEmails(): Promise<string[]> {
  const response = await boss.get("/admin/api/users");
  return (response.body.invitations as { email: string }[]).map((invitation) => invitation.email);
}

describe("changing a role", () => {
  it("takes effect on the member's next request, ends no session, and is audited", async () => {
    const member = await signInAs(site, "sales", "member@agency.test");
    expect((await member.get("/admin/api/inbox")).status).toBe(200);
    expect((await member.get("/admin/api/content/projects")).status).toBe(403);

    const changed = await boss.post(`/admin/api/users/${member.userId}/role`, { role: "editor" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      changed: true,
      user: { email: "member@agency.test", role: "editor" },
    });

    // The same session, with the new role's rights and nothing else.
    expect((await member.get("/admin/api/session")).status).toBe(200);
    expect((await member.get("/admin/api/inbox")).status).toBe(403);
    expect((await member.get("/admin/api/content/projects")).status).toBe(200);
    expect(await lastAuditOf("member@agency.test")).toMatchObject({
      actor: "boss@agency.test",
      action: "staff.role-changed",
      detail: { from: "sales", to: "editor" },
    });

    const again = await boss.post(`/admin/api/users/${member.userId}/role`, { role: "editor" });
    expect(again.body).toMatchObject({ changed: false, user: { role: "editor" } });
    expect((await lastAuditOf("member@agency.test"))?.action).toBe("staff.role-changed");
  });

  it("refuses one's own role, an unknown role or account, and anyone but an admin", async () => {
    const own = await boss.post(`/admin/api/users/${boss.userId}/role`, { role: "sales" });
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ error: messages.ownRole, fieldErrors: { role: messages.ownRole } });

    const other = await signInAs(site, "sales", "other@agency.test");
    const badRole = await boss.post(`/admin/api/users/${other.userId}/role`, { role: "owner" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toBe("Choose a role: admin, editor, sales.");
    expect((await boss.post("/admin/api/users/999999/role", { role: "sales" })).status).toBe(404);

    const forbidden = await other.post(`/admin/api/users/${other.userId}/role`, { role: "admin" });
    expect(forbidden.status).toBe(403);
    const row = await site.db
      .selectFrom("staff_users")
      .select("role")
      .where("id", "=", other.userId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("sales");
  });

  it("needs a proof of who is at the keyboard from the last 5 minutes", async () => {
    const target = await signInAs(site, "sales", "promoted@agency.test");
    const deputy = await signInAs(site, "admin", "deputy@agency.test");
    await site.db
      .updateTable("staff_sessions")
      .set({ proved_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where("csrf_token", "=", deputy.csrfToken)
      .execute();
    const stale = await deputy.post(`/admin/api/users/${target.userId}/role`, { role: "admin" });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({ error: messages.stepUp, stepUp: true });
    expect((await boss.post(`/admin/api/users/${target.userId}/role`, { role: "admin" })).status).toBe(200);
  });

  it("never demotes the last active admin (from the CLI, which is nobody's own account)", async () => {
    // Only boss stays an active admin once the other two are demoted.
    for (const email of ["promoted@agency.test", "deputy@agency.test"]) {
      expect((await runCliOn(site, "users", "role", email, "sales")).code).toBe(0);
    }
    const refused = await runCliOn(site, "users", "role", "boss@agency.test", "editor");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "error: boss@agency.test is the last active admin. Make another account admin first, so someone can still manage accounts.\n",
    );
    // With a second admin, either may be demoted.
    expect((await runCliOn(site, "users", "role", "deputy@agency.test", "admin")).stdout).toBe(
      "deputy@agency.test now has the admin role, from their next click in the workspace.\n",
    );
    const demoted = await runCliOn(site, "users", "role", "boss@agency.test", "editor");
    expect(demoted.code).toBe(0);
    expect(await lastAuditOf("boss@agency.test")).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      ip: "cli",
      action: "staff.role-changed",
      detail: { from: "admin", to: "editor" },
    });
    expect((await runCliOn(site, "users", "role", "boss@agency.test", "admin")).code).toBe(0);
    expect((await runCliOn(site, "users", "role", "nobody@agency.test", "admin")).stderr).toBe(
      "error: There is no account for that address.\n",
    );
    expect((await runCliOn(site, "users", "role", "deputy@agency.test", "owner")).code).toBe(1);
  });
});

describe("a pending invitation", () => {
  it("is sent again with a new link, and the old link stops working", async () => {
    expect(
      (await boss.post("/admin/api/users/invite", { email: "late@agency.test", role: "editor" })).status,
    ).toBe(201);
    const first = await invitationToken("late@agency.test");
    expect(await opens(first)).toBe(200);

    const resent = await boss.post("/admin/api/users/invitations/resend", { email: "Late@Agency.test" });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ email: "late@agency.test", role: "editor" });
    const second = await invitationToken("late@agency.test");
    expect(second).not.toBe(first);
    expect(await opens(first)).toBe(410);
    expect(await opens(second)).toBe(200);
    expect(await pendingEmails()).toEqual(expect.arrayContaining(["late@agency.test"]));
    expect(await lastAuditOf("late@agency.test")).toMatchObject({
      actor: "boss@agency.test",
      action: "staff.invitation-resent",
      detail: { role: "editor" },
    });
  });

  it("is withdrawn: its link opens nothing and it is no longer listed", async () => {
    await boss.post("/admin/api/users/invite", { email: "never@agency.test", role: "sales" }).expect(201);
    const token = await invitationToken("never@agency.test");
    const revoked = await boss.post("/admin/api/users/invitations/revoke", { email: "never@agency.test" });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ email: "never@agency.test" });
    expect(await opens(token)).toBe(410);
    expect(await pendingEmails()).not.toContain("never@agency.test");
    expect(await lastAuditOf("never@agency.test")).toMatchObject({ action: "staff.invitation-revoked" });

    for (const change of ["revoke", "resend"]) {
      const none = await boss.post(`/admin/api/users/invitations/${change}`, { email: "never@agency.test" });
      expect(none.status).toBe(404);
      expect(none.body.error).toBe(messages.noInvitation);
    }
    const sales = await signInAs(site, "sales", "seller@agency.test");
    expect(
      (await sales.post("/admin/api/users/invitations/revoke", { email: "late@agency.test" })).status,
    ).toBe(403);
  });

  it("is resent and withdrawn from the CLI too", async () => {
    expect((await runCliOn(site, "users", "invite", "cli.person@agency.test", "--role", "sales")).code).toBe(
      0,
    );
    const first = await invitationToken("cli.person@agency.test");
    const resent = await runCliOn(site, "users", "invite", "cli.person@agency.test", "--resend");
    expect(resent.code).toBe(0);
    expect(resent.stdout).toContain("The earlier link for cli.person@agency.test no longer works.");
    expect(resent.stdout).toContain("Invitation for cli.person@agency.test (sales) queued");
    const second = await invitationToken("cli.person@agency.test");
    expect(await opens(first)).toBe(410);
    expect(await opens(second)).toBe(200);

    expect(
      (await runCliOn(site, "users", "invite", "cli.person@agency.test", "--resend", "--role", "admin")).code,
    ).toBe(2);
    expect((await runCliOn(site, "users", "invite", "someone@agency.test")).code).toBe(2);

    const revoked = await runCliOn(site, "users", "revoke", "cli.person@agency.test");
    expect(revoked).toMatchObject({
      code: 0,
      stdout: "The invitation for cli.person@agency.test is withdrawn: its link no longer works.\n",
    });
    expect(await opens(second)).toBe(410);
    const again = await runCliOn(site, "users", "revoke", "cli.person@agency.test");
    expect(again).toMatchObject({ code: 1, stderr: `error: ${messages.noInvitation}\n` });
    const actions = (await listAudit(site.db, { limit: 100 }))
      .filter((entry) => entry.target === "cli.person@agency.test")
      .map((entry) => entry.action);
    expect(actions).toEqual(["staff.invitation-revoked", "staff.invitation-resent", "user.invite"]);
  });
});
