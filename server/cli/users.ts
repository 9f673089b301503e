import {
  AccountError,
  changeStaffRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetStaff,
  revokeInvitation,
  type PendingInvitation,
} from "#server/auth/accounts.ts";
import { isStaffRole } from "#server/auth/staff.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { listAuditView } from "#server/operations/audit/audit-log-view.ts";
import type { AuditEntryView } from "#shared/audit-actions.ts";
import { cliActor, type AdminContext } from "./context";
import { exitCodes, fail, printJson, printLine, usageError, type ExitCode } from "./output";
import { formatTable } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";

/**
 * `site-admin users …` and `site-admin audit list`: the same operations as the workspace's
 * users API (server/auth/accounts.ts), for the first admin and for whoever holds the server.
 */

/** An AccountError is the person's to fix (exit code 1); anything else is the server's. */
async function accountCommand(ctx: AdminContext, work: () => Promise<void>): Promise<ExitCode> {
  try {
    await work();
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof AccountError) return fail(ctx.out, error.message);
    throw error;
  }
}

function printInvitation(ctx: AdminContext, invitation: PendingInvitation): void {
  printLine(
    ctx.out,
    `Invitation for ${invitation.email} (${invitation.role}) queued; the link works once, until ` +
      `${formatLocalDateTime(invitation.expiresAt)} (Cape Town time).`,
  );
  printLine(
    ctx.out,
    ctx.config.mail.smtpUrl
      ? "The running server sends it."
      : `No SMTP server is configured: the e-mail is written to ${ctx.config.mail.outboxDir} as an .eml file when the server runs.`,
  );
}

export async function inviteUserCommand(
  ctx: AdminContext,
  email: string,
  options: { role?: string; resend?: boolean },
): Promise<ExitCode> {
  if (options.resend) {
    // A resent invitation keeps the role it was sent with.
    if (options.role !== undefined)
      return usageError(ctx.out, "--resend keeps the invitation's role: leave out --role");
    return accountCommand(ctx, async () => {
      const invitation = await resendInvitation(
        ctx.db,
        { email, siteUrl: ctx.config.settings.siteUrl },
        cliActor(),
      );
      printLine(ctx.out, `The earlier link for ${invitation.email} no longer works.`);
      printInvitation(ctx, invitation);
    });
  }
  if (options.role === undefined) return usageError(ctx.out, "required option '--role <role>' not specified");
  const role = options.role;
  if (!isStaffRole(role)) return fail(ctx.out, `invalid role "${role}"`);
  return accountCommand(ctx, async () => {
    const invitation = await inviteStaff(
      ctx.db,
      { email, role, siteUrl: ctx.config.settings.siteUrl },
      cliActor(),
    );
    printInvitation(ctx, invitation);
  });
}

export async function listUsersCommand(ctx: AdminContext, options: { json?: boolean }): Promise<ExitCode> {
  const { users, invitations } = await listStaff(ctx.db);
  if (options.json) {
    printJson(ctx.out, { users, invitations });
    return exitCodes.ok;
  }
  if (users.length === 0 && invitations.length === 0) {
    printLine(
      ctx.out,
      "No staff accounts yet. Invite the first admin: site-admin users invite EMAIL --role admin",
    );
    return exitCodes.ok;
  }
  printLine(
    ctx.out,
    formatTable(
      [
        { header: "EMAIL", value: (row: (typeof users)[number]) => row.email },
        { header: "ROLE", value: (row) => row.role },
        { header: "STATUS", value: (row) => row.status },
        { header: "PASSKEYS", value: (row) => row.passkeys },
        { header: "LAST SIGN-IN", value: (row) => formatLocalDateTime(row.lastSignInAt) || "never" },
      ],
      users,
    ),
  );
  if (invitations.length > 0) {
    printLine(ctx.out);
    printLine(ctx.out, "Invitations waiting:");
    for (const invitation of invitations) {
      printLine(
        ctx.out,
        `  ${invitation.email} (${invitation.role}), until ${formatLocalDateTime(invitation.expiresAt)}`,
      );
    }
  }
  return exitCodes.ok;
}

export async function disableUserCommand(ctx: AdminContext, email: string): Promise<ExitCode> {
  return accountCommand(ctx, async () => {
    await disableStaff(ctx.db, { email }, { siteUrl: ctx.config.settings.siteUrl }, cliActor());
    printLine(ctx.out, `${email} is disabled and signed out everywhere.`);
  });
}

export async function enableUserCommand(ctx: AdminContext, email: string): Promise<ExitCode> {
  return accountCommand(ctx, async () => {
    await enableStaff(ctx.db, { email }, { siteUrl: ctx.config.settings.siteUrl }, cliActor());
    printLine(ctx.out, `${email} can sign in again.`);
  });
}

export async function resetUserCommand(ctx: AdminContext, email: string): Promise<ExitCode> {
  return accountCommand(ctx, async () => {
    const { invitation } = await resetStaff(
      ctx.db,
      { email },
      { siteUrl: ctx.config.settings.siteUrl },
      cliActor(),
    );
    printLine(
      ctx.out,
      `${email}: password, authenticator, passkeys and recovery codes cleared; signed out everywhere.`,
    );
    printInvitation(ctx, invitation);
  });
}

export async function changeRoleCommand(ctx: AdminContext, email: string, role: string): Promise<ExitCode> {
  return accountCommand(ctx, async () => {
    const { user, changed } = await changeStaffRole(
      ctx.db,
      { email },
      { role, siteUrl: ctx.config.settings.siteUrl },
      cliActor(),
    );
    printLine(
      ctx.out,
      changed
        ? `${user.email} now has the ${user.role} role, from their next click in the workspace.`
        : `${user.email} already has the ${user.role} role: nothing changed.`,
    );
  });
}

export async function revokeInvitationCommand(ctx: AdminContext, email: string): Promise<ExitCode> {
  return accountCommand(ctx, async () => {
    const revoked = await revokeInvitation(ctx.db, { email }, cliActor());
    printLine(ctx.out, `The invitation for ${revoked.email} is withdrawn: its link no longer works.`);
  });
}

export async function listAuditCommand(
  ctx: AdminContext,
  options: { limit?: string; json?: boolean },
): Promise<ExitCode> {
  const limit = options.limit === undefined ? 50 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
    return fail(ctx.out, `invalid --limit "${options.limit}": expected a whole number from 1 to 10000`);
  }
  if (options.json) {
    // Scripts keep the stored codes and details.
    printJson(ctx.out, await listAudit(ctx.db, { limit }));
    return exitCodes.ok;
  }
  // People read the sentences the workspace shows.
  const { entries } = await listAuditView(ctx.db, { limit });
  if (entries.length === 0) {
    printLine(ctx.out, "Nothing recorded yet.");
    return exitCodes.ok;
  }
  printLine(
    ctx.out,
    formatTable(
      [
        { header: "WHEN", value: (row: AuditEntryView) => formatLocalDateTime(row.at) },
        { header: "FROM", value: (row) => (row.ip === "cli" ? "command line" : row.ip) },
        { header: "WHAT", value: (row) => row.sentence },
      ],
      entries,
    ),
  );
  return exitCodes.ok;
}
