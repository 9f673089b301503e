import {
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
import { isStaffRole, staffRoles } from "#server/auth/staff.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { listAuditView } from "#server/operations/audit/audit-log-view.ts";
import type { AuditEntryView } from "#shared/audit-actions.ts";
import type { Outcome } from "#shared/outcome.ts";
import { cliActor, type CliContext } from "./context";
import { exitCodes, fail, printJson, printLine, usageError, type ExitCode } from "./output";
import { formatTable } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { Option, type Command } from "commander";
import type { Run } from "./command-parts";

/**
 * `site-admin users …` and `site-admin audit list`: the same operations as the workspace's
 * users API (server/auth/accounts.ts), for the first admin and for whoever holds the server.
 */

/** An account operation's refusal is the person's to fix (exit code 1); what it did is said. */
async function accountCommand<T>(
  ctx: CliContext,
  done: Promise<Outcome<T>>,
  say: (value: T) => void,
): Promise<ExitCode> {
  const outcome = await done;
  if (!outcome.ok) return fail(ctx.out, outcome.message);
  say(outcome.value);
  return exitCodes.ok;
}

function printInvitation(ctx: CliContext, invitation: PendingInvitation): void {
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
  ctx: CliContext,
  email: string,
  options: { role?: string; resend?: boolean },
): Promise<ExitCode> {
  if (options.resend) {
    // A resent invitation keeps the role it was sent with.
    if (options.role !== undefined)
      return usageError(ctx.out, "--resend keeps the invitation's role: leave out --role");
    return accountCommand(
      ctx,
      resendInvitation(ctx.db, { email, siteUrl: ctx.config.settings.siteUrl }, cliActor()),
      (invitation) => {
        printLine(ctx.out, `The earlier link for ${invitation.email} no longer works.`);
        printInvitation(ctx, invitation);
      },
    );
  }
  if (options.role === undefined) return usageError(ctx.out, "required option '--role <role>' not specified");
  const role = options.role;
  if (!isStaffRole(role)) return fail(ctx.out, `invalid role "${role}"`);
  return accountCommand(
    ctx,
    inviteStaff(ctx.db, { email, role, siteUrl: ctx.config.settings.siteUrl }, cliActor()),
    (invitation) => printInvitation(ctx, invitation),
  );
}

export async function listUsersCommand(ctx: CliContext, options: { json?: boolean }): Promise<ExitCode> {
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

export async function disableUserCommand(ctx: CliContext, email: string): Promise<ExitCode> {
  return accountCommand(
    ctx,
    disableStaff(ctx.db, { email }, { siteUrl: ctx.config.settings.siteUrl }, cliActor()),
    () => printLine(ctx.out, `${email} is disabled and signed out everywhere.`),
  );
}

export async function enableUserCommand(ctx: CliContext, email: string): Promise<ExitCode> {
  return accountCommand(
    ctx,
    enableStaff(ctx.db, { email }, { siteUrl: ctx.config.settings.siteUrl }, cliActor()),
    () => printLine(ctx.out, `${email} can sign in again.`),
  );
}

export async function resetUserCommand(ctx: CliContext, email: string): Promise<ExitCode> {
  return accountCommand(
    ctx,
    resetStaff(ctx.db, { email }, { siteUrl: ctx.config.settings.siteUrl }, cliActor()),
    ({ invitation }) => {
      printLine(
        ctx.out,
        `${email}: password, authenticator, passkeys and recovery codes cleared; signed out everywhere.`,
      );
      printInvitation(ctx, invitation);
    },
  );
}

export async function changeRoleCommand(ctx: CliContext, email: string, role: string): Promise<ExitCode> {
  return accountCommand(
    ctx,
    changeStaffRole(ctx.db, { email }, { role, siteUrl: ctx.config.settings.siteUrl }, cliActor()),
    ({ user, changed }) =>
      printLine(
        ctx.out,
        changed
          ? `${user.email} now has the ${user.role} role, from their next click in the workspace.`
          : `${user.email} already has the ${user.role} role: nothing changed.`,
      ),
  );
}

export async function revokeInvitationCommand(ctx: CliContext, email: string): Promise<ExitCode> {
  return accountCommand(ctx, revokeInvitation(ctx.db, { email }, cliActor()), (revoked) =>
    printLine(ctx.out, `The invitation for ${revoked.email} is withdrawn: its link no longer works.`),
  );
}

export async function listAuditCommand(
  ctx: CliContext,
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

/** `users …` and `audit list`. */
export function addUserCommands(program: Command, run: Run): void {
  const users = program
    .command("users")
    .description("staff accounts of the workspace at /admin: invitations, disabling and resets");
  users
    .command("invite")
    .description("e-mail a one-time link (24 hours) that sets up an account's password and authenticator")
    .argument("<email>", "their e-mail address")
    .addOption(
      new Option(
        "--role <role>",
        "sales: leads; editor: content; admin: both, and users (required unless --resend)",
      ).choices(staffRoles),
    )
    .option("--resend", "send a waiting invitation again with a new link; the earlier link stops working")
    .action((email: string, options: { role?: string; resend?: boolean }) =>
      run((ctx) => inviteUserCommand(ctx, email, options)),
    );
  users
    .command("revoke")
    .description("withdraw an invitation not yet used: its link stops working")
    .argument("<email>", "the address it was sent to")
    .action((email: string) => run((ctx) => revokeInvitationCommand(ctx, email)));
  users
    .command("role")
    .description("give an account another role, from its next request (not the last admin's)")
    .argument("<email>", "the account's e-mail address")
    .argument("<role>", `one of ${staffRoles.join(", ")}`)
    .action((email: string, role: string) => run((ctx) => changeRoleCommand(ctx, email, role)));
  users
    .command("list")
    .description("list staff accounts and the invitations still waiting")
    .option("--json", "machine-readable output (ISO timestamps)")
    .action((options: { json?: boolean }) => run((ctx) => listUsersCommand(ctx, options)));
  users
    .command("disable")
    .description("stop an account signing in, and end its sessions")
    .argument("<email>", "the account's e-mail address")
    .action((email: string) => run((ctx) => disableUserCommand(ctx, email)));
  users
    .command("enable")
    .description("let a disabled account sign in again")
    .argument("<email>", "the account's e-mail address")
    .action((email: string) => run((ctx) => enableUserCommand(ctx, email)));
  users
    .command("reset")
    .description(
      "clear an account's password, authenticator, passkeys and recovery codes, end its sessions, and e-mail a new invitation",
    )
    .argument("<email>", "the account's e-mail address")
    .action((email: string) => run((ctx) => resetUserCommand(ctx, email)));

  const audit = program
    .command("audit")
    .description("the record of every change made in the workspace or here");
  audit
    .command("list")
    .description("list recorded changes, newest first: when, who, from where, what")
    .option("--limit <n>", "how many (default 50)")
    .option("--json", "machine-readable output (ISO timestamps)")
    .action((options: { limit?: string; json?: boolean }) => run((ctx) => listAuditCommand(ctx, options)));
}
