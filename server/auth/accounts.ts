import type { Kysely } from "kysely";
import { z } from "zod";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Database } from "#server/db/schema.ts";
import {
  clearAccountSignInMethods,
  insertStaffAccount,
  lockActiveAdminIds,
  selectAccountByEmail,
  selectStaffAccount,
  selectStaffAccounts,
  setAccountCredentials,
  setAccountDisabledAt,
  setAccountRole,
  type StaffAccountRow,
} from "#server/db/staff-accounts.ts";
import {
  deleteUnusedInvitations,
  insertInvitation,
  markInvitationUsed,
  selectLiveInvitation,
  selectPendingInvitations,
  selectUnusedInvitation,
} from "#server/db/staff-invitations.ts";
import { STAFF_INVITATION, type StaffInvitationMessage } from "#server/mail/invitation-message.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { recordAudit, type AuditEntry } from "#server/db/audit-log.ts";
import { queueChangeNotices, type ChangeNoticeBody } from "./change-notices";
import { checkPolicy, type Actor, type PolicyName } from "./policy";
import { endAllSessions } from "./sessions";
import { isStaffRole, staffRoles, type StaffRole } from "./staff";
import { hashToken, newToken } from "./tokens";
import { answered, refuseInside, refusedByPolicy, type Outcome, type Refusal } from "#shared/outcome.ts";
import type { StaffUserStatus, StaffUserSummary } from "#shared/staff-user-summary.ts";

/**
 * Staff accounts: invitations, and an admin's disable, enable and reset. The CLI's
 * `site-admin users …` and the workspace's users API both call these; each records its
 * audit entry in the transaction that makes the change.
 */

export const INVITATION_MS = 24 * 60 * 60 * 1000;

/** Who is making a change: a staff address and IP, or "cli:<user>" and "cli", and its door. */
export type { Actor };

export type PendingInvitation = { email: string; role: StaffRole; expiresAt: string };

/**
 * An account operation's refusal, naming the field a form shows it beside. Thrown inside
 * the operation so its transaction rolls back; the operation answers it as its Outcome.
 */
function refuseAccount(message: string, reason: Refusal["reason"], field?: "email" | "role"): never {
  return refuseInside({ ok: false, reason, message, fieldErrors: field ? { [field]: message } : {} });
}

export const accountMessages = {
  invalidEmail: "Enter an e-mail address.",
  invalidRole: `Choose a role: ${staffRoles.join(", ")}.`,
  exists: "There is already an account for that address. Reset it to send a new invitation.",
  notFound: "There is no account for that address.",
  disabled: "That account is disabled. Enable it first.",
  ownAccountDisable: "You cannot disable your own account.",
  ownAccountReset: "You cannot reset your own account.",
  ownRole: "You cannot change your own role. Another admin can.",
  lastAdmin: (email: string) =>
    `${email} is the last active admin. Make another account admin first, so someone can still manage accounts.`,
  noInvitation: "No invitation is waiting for that address. Invite them instead.",
} as const;

const emailSchema = z.email();

/** The operation's policy (decision 048), inside `answered`: its refusal is the operation's Outcome. */
export function enforcePolicy(name: PolicyName, actor: Actor, now: Date): void {
  const refusal = checkPolicy(name, actor, now);
  if (refusal) refuseInside(refusedByPolicy(refusal));
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function validEmail(email: unknown): string {
  const address = typeof email === "string" ? normaliseEmail(email) : "";
  if (address.length > 254 || !emailSchema.safeParse(address).success) {
    refuseAccount(accountMessages.invalidEmail, "invalid", "email");
  }
  return address;
}

function validRole(role: unknown): StaffRole {
  if (!isStaffRole(role)) refuseAccount(accountMessages.invalidRole, "invalid", "role");
  return role;
}

/**
 * Voids the address's earlier links and queues an e-mail with a new one, in the caller's
 * transaction. Only the token's hash is stored with the invitation.
 */
async function queueInvitation(
  trx: Kysely<Database>,
  input: { email: string; role: StaffRole; invitedBy: string; siteUrl: string; reset: boolean },
  now: Date,
): Promise<PendingInvitation> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_MS).toISOString();
  await deleteUnusedInvitations(trx, input.email);
  await insertInvitation(trx, {
    tokenHash: hashToken(token),
    email: input.email,
    role: input.role,
    invitedBy: input.invitedBy,
    createdAt: now.toISOString(),
    expiresAt,
  });
  const payload: StaffInvitationMessage = {
    messageId: newMessageId(input.siteUrl),
    email: input.email,
    role: input.role,
    token,
    expiresAt,
    ...(input.reset ? { reset: true } : {}),
  };
  await enqueueOutboxMessage(trx, { kind: STAFF_INVITATION, payload, now });
  return { email: input.email, role: input.role, expiresAt };
}

/**
 * Invites someone to the workspace: a one-time link by e-mail, valid 24 hours. Inviting an
 * address again replaces its earlier link. Refused for an address with an account.
 */
export async function inviteStaff(
  db: Kysely<Database>,
  input: { email: unknown; role: unknown; siteUrl: string },
  actor: Actor,
  now = new Date(),
): Promise<Outcome<PendingInvitation>> {
  return answered(async () => {
    const email = validEmail(input.email);
    const role = validRole(input.role);
    const operation = role === "admin" ? "user.invite-admin" : "user.invite";
    return db.transaction().execute(async (trx) => {
      enforcePolicy(operation, actor, now);
      if (await selectAccountByEmail(trx, email)) refuseAccount(accountMessages.exists, "conflict", "email");
      const invitation = await queueInvitation(
        trx,
        { email, role, invitedBy: actor.actor, siteUrl: input.siteUrl, reset: false },
        now,
      );
      await recordAccountChange(
        trx,
        {
          operation,
          actor,
          audit: { action: "user.invite", target: email, detail: { role } },
          notice: { change: "admin-invited", account: email },
          siteUrl: input.siteUrl,
        },
        now,
      );
      return invitation;
    });
  });
}

/**
 * What every change to an account leaves in its transaction: the audit entry, then the
 * e-mails the policy's row for the operation names (to the admins, the holder or both).
 */
async function recordAccountChange(
  trx: Kysely<Database>,
  change: {
    operation: PolicyName;
    actor: Actor;
    audit: Pick<AuditEntry, "action" | "target" | "detail">;
    notice: ChangeNoticeBody;
    holder?: string;
    siteUrl: string;
  },
  now: Date,
): Promise<void> {
  const { operation, actor, notice, holder, siteUrl } = change;
  await recordAudit(trx, { ...actor, ...change.audit }, now);
  await queueChangeNotices(
    trx,
    operation,
    { body: notice, actor, siteUrl, ...(holder ? { holder } : {}) },
    now,
  );
}

/** Every account, and the invitations still waiting to be used. */
export async function listStaff(
  db: Kysely<Database>,
  now = new Date(),
): Promise<{ users: StaffUserSummary[]; invitations: PendingInvitation[] }> {
  const rows = await selectStaffAccounts(db);
  const invitations = await selectPendingInvitations(db, now);
  return {
    users: rows.map(summarise),
    invitations: invitations.flatMap((row) =>
      isStaffRole(row.role) ? [{ email: row.email, role: row.role, expiresAt: row.expires_at }] : [],
    ),
  };
}

function summarise(row: StaffAccountRow): StaffUserSummary {
  const status: StaffUserStatus =
    row.disabled_at !== null
      ? "disabled"
      : row.password_hash === null && row.passkeys === 0
        ? "invited"
        : "active";
  return {
    id: row.id,
    email: row.email,
    // Roles are checked on the way in; an unknown one would be a hand edit, shown as the least.
    role: isStaffRole(row.role) ? row.role : "sales",
    status,
    passkeys: row.passkeys,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

async function findUser(
  trx: Kysely<Database>,
  by: { id: number } | { email: string },
): Promise<StaffUserSummary> {
  const row = await selectStaffAccount(trx, "id" in by ? by : { email: normaliseEmail(by.email) });
  if (!row) refuseAccount(accountMessages.notFound, "not-found");
  return summarise(row);
}

/** An account by its id (the API) or address (the CLI). */
export type AccountRef = { id: number } | { email: string };

/** Refused when the account is the last enabled admin, so someone can always manage accounts. */
async function keepLastAdmin(trx: Kysely<Database>, user: StaffUserSummary): Promise<void> {
  if (user.role !== "admin" || user.status === "disabled") return;
  const admins = await lockActiveAdminIds(trx);
  if (admins.every((id) => id === user.id)) {
    refuseAccount(accountMessages.lastAdmin(user.email), "conflict", "role");
  }
}

/**
 * Stops an account signing in and ends its sessions. Nobody can disable their own, and
 * the last enabled admin stays enabled, from the workspace and the CLI alike.
 */
export async function disableStaff(
  db: Kysely<Database>,
  ref: AccountRef,
  { siteUrl }: { siteUrl: string },
  actor: Actor & { userId?: number },
  now = new Date(),
): Promise<Outcome<StaffUserSummary>> {
  return answered(async () => {
    return db.transaction().execute(async (trx) => {
      enforcePolicy("user.disable", actor, now);
      const user = await findUser(trx, ref);
      if (user.id === actor.userId) refuseAccount(accountMessages.ownAccountDisable, "invalid");
      await keepLastAdmin(trx, user);
      await setAccountDisabledAt(trx, user.id, now);
      const sessions = await endAllSessions(trx, user.id);
      await recordAccountChange(
        trx,
        {
          operation: "user.disable",
          actor,
          audit: { action: "user.disable", target: user.email, detail: { sessions } },
          notice: { change: "account-disabled", account: user.email },
          siteUrl,
        },
        now,
      );
      return findUser(trx, { id: user.id });
    });
  });
}

export async function enableStaff(
  db: Kysely<Database>,
  ref: AccountRef,
  { siteUrl }: { siteUrl: string },
  actor: Actor,
  now = new Date(),
): Promise<Outcome<StaffUserSummary>> {
  return answered(async () => {
    return db.transaction().execute(async (trx) => {
      enforcePolicy("user.enable", actor, now);
      const user = await findUser(trx, ref);
      // Enabling an admin gives the workspace an admin again: the admins hear of it.
      const operation = user.role === "admin" ? "user.enable-admin" : "user.enable";
      enforcePolicy(operation, actor, now);
      await setAccountDisabledAt(trx, user.id, null);
      await recordAccountChange(
        trx,
        {
          operation,
          actor,
          audit: { action: "user.enable", target: user.email },
          notice: { change: "admin-enabled", account: user.email },
          siteUrl,
        },
        now,
      );
      return findUser(trx, { id: user.id });
    });
  });
}

/**
 * For a lost phone or a suspected break-in: the account's password, authenticator,
 * passkeys and recovery codes are cleared, its sessions end, and a new invitation sets
 * them up again. Nobody can reset their own (another admin, or the CLI, can).
 */
export async function resetStaff(
  db: Kysely<Database>,
  ref: AccountRef,
  input: { siteUrl: string },
  actor: Actor & { userId?: number },
  now = new Date(),
): Promise<Outcome<{ user: StaffUserSummary; invitation: PendingInvitation }>> {
  return answered(async () => {
    return db.transaction().execute(async (trx) => {
      enforcePolicy("user.reset", actor, now);
      const user = await findUser(trx, ref);
      if (user.id === actor.userId) refuseAccount(accountMessages.ownAccountReset, "invalid");
      if (user.status === "disabled") refuseAccount(accountMessages.disabled, "conflict");
      await clearAccountSignInMethods(trx, user.id);
      const sessions = await endAllSessions(trx, user.id);
      const invitation = await queueInvitation(
        trx,
        { email: user.email, role: user.role, invitedBy: actor.actor, siteUrl: input.siteUrl, reset: true },
        now,
      );
      await recordAccountChange(
        trx,
        {
          operation: "user.reset",
          actor,
          audit: { action: "user.reset", target: user.email, detail: { sessions } },
          notice: { change: "account-reset", account: user.email },
          siteUrl: input.siteUrl,
        },
        now,
      );
      return { user: await findUser(trx, { id: user.id }), invitation };
    });
  });
}

/**
 * Gives an account another role. It takes effect on the member's next request (the guard
 * reads the role with the session, 027); no session ends. Nobody changes their own, and
 * the last enabled admin keeps the role, so someone can always manage accounts.
 */
export async function changeStaffRole(
  db: Kysely<Database>,
  ref: AccountRef,
  input: { role: unknown; siteUrl: string },
  actor: Actor & { userId?: number },
  now = new Date(),
): Promise<Outcome<{ user: StaffUserSummary; changed: boolean }>> {
  return answered(async () => {
    const role = validRole(input.role);
    const operation = role === "admin" ? "user.role-admin" : "user.role";
    return db.transaction().execute(async (trx) => {
      enforcePolicy(operation, actor, now);
      const user = await findUser(trx, ref);
      if (user.id === actor.userId) refuseAccount(accountMessages.ownRole, "invalid", "role");
      if (user.role === role) return { user, changed: false };
      if (user.role === "admin") {
        const admins = await lockActiveAdminIds(trx);
        if (admins.every((id) => id === user.id)) {
          refuseAccount(accountMessages.lastAdmin(user.email), "conflict", "role");
        }
      }
      await setAccountRole(trx, user.id, role);
      await recordAccountChange(
        trx,
        {
          operation,
          actor,
          audit: { action: "staff.role-changed", target: user.email, detail: { from: user.role, to: role } },
          notice: { change: "role-changed", account: user.email, from: user.role, role },
          holder: user.email,
          siteUrl: input.siteUrl,
        },
        now,
      );
      return { user: await findUser(trx, { id: user.id }), changed: true };
    });
  });
}

/**
 * Sends an invitation not yet used again, expired or not: a new link valid 24 hours from
 * now, by a new e-mail; the old link stops working. The role is the invitation's.
 */
export async function resendInvitation(
  db: Kysely<Database>,
  input: { email: unknown; siteUrl: string },
  actor: Actor,
  now = new Date(),
): Promise<Outcome<PendingInvitation>> {
  return answered(async () => {
    const email = validEmail(input.email);
    return db.transaction().execute(async (trx) => {
      const waiting = await selectUnusedInvitation(trx, email);
      if (!waiting || !isStaffRole(waiting.role)) {
        enforcePolicy("user.invitation-resend", actor, now);
        refuseAccount(accountMessages.noInvitation, "not-found", "email");
      }
      const operation = waiting.role === "admin" ? "user.invitation-resend-admin" : "user.invitation-resend";
      enforcePolicy(operation, actor, now);
      // An account that exists was reset: its new link says so, as the first one did.
      const account = await selectAccountByEmail(trx, email);
      if (account?.disabled_at) refuseAccount(accountMessages.disabled, "conflict", "email");
      const invitation = await queueInvitation(
        trx,
        {
          email,
          role: waiting.role,
          invitedBy: actor.actor,
          siteUrl: input.siteUrl,
          reset: account !== undefined,
        },
        now,
      );
      await recordAccountChange(
        trx,
        {
          operation,
          actor,
          audit: { action: "staff.invitation-resent", target: email, detail: { role: waiting.role } },
          notice: { change: "admin-invited", account: email },
          siteUrl: input.siteUrl,
        },
        now,
      );
      return invitation;
    });
  });
}

/** Withdraws an invitation not yet used: its link opens nothing from now on. */
export async function revokeInvitation(
  db: Kysely<Database>,
  input: { email: unknown },
  actor: Actor,
  now = new Date(),
): Promise<Outcome<{ email: string }>> {
  return answered(async () => {
    const email = validEmail(input.email);
    return db.transaction().execute(async (trx) => {
      enforcePolicy("user.invitation-revoke", actor, now);
      const revoked = await deleteUnusedInvitations(trx, email);
      if (revoked === 0) refuseAccount(accountMessages.noInvitation, "not-found", "email");
      await recordAudit(trx, { ...actor, action: "staff.invitation-revoked", target: email }, now);
      return { email };
    });
  });
}

/** A live invitation by its link's token: unused and unexpired. */
export async function findInvitation(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<(PendingInvitation & { tokenHash: string }) | undefined> {
  const row = await selectLiveInvitation(db, hashToken(token), now);
  if (!row || !isStaffRole(row.role)) return undefined;
  return { tokenHash: row.token_hash, email: row.email, role: row.role, expiresAt: row.expires_at };
}

/**
 * Uses an invitation: creates its account, or re-arms the account a reset cleared, with
 * the password and authenticator just set up. Returns the account's id, or undefined when
 * the invitation was used (or expired) meanwhile; the update is conditional, so a link
 * works once even when two requests race.
 */
export async function acceptInvitation(
  trx: Kysely<Database>,
  input: { tokenHash: string; passwordHash: string; totpSecret: string; totpStep: number },
  now = new Date(),
): Promise<{ userId: number; email: string } | undefined> {
  const used = await markInvitationUsed(trx, input.tokenHash, now);
  if (!used) return undefined;
  const credentials = {
    passwordHash: input.passwordHash,
    totpSecret: input.totpSecret,
    totpStep: input.totpStep,
    signedInAt: now.toISOString(),
  };
  const existing = await selectAccountByEmail(trx, used.email);
  if (existing) {
    if (existing.disabled_at !== null) return undefined;
    await setAccountCredentials(trx, existing.id, credentials);
    return { userId: existing.id, email: used.email };
  }
  const userId = await insertStaffAccount(
    trx,
    { email: used.email, role: used.role, createdAt: now.toISOString() },
    credentials,
  );
  return { userId, email: used.email };
}
