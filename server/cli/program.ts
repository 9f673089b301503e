import { Argument, Command, CommanderError, Option } from "commander";
import {
  cancelAppointment,
  confirmAppointment,
  placeAppointment,
  rescheduleAppointment,
} from "./appointment-schedule";
import { listAppointments, markAppointments, showAppointment } from "./appointments";
import { leadStatuses } from "#server/operations/leads/follow-up.ts";
import { listOverdue, setLeadStatus } from "./follow-up";
import { backupDatabase, type BackupOptions } from "./backup";
import { cliActor, type AdminContext, type AdminFileContext, type AdminOutput } from "./context";
import { exitCodes, type ExitCode } from "./output";
import { addContentCommands } from "./content-commands";
import { addNewsCategoryCommands } from "./news-categories";
import { historyCommand, historyTargetHelp, restoreCommand } from "./history";
import { addSettingsCommands } from "./settings";
import { addAvailabilityCommands } from "./availability";
import { addSnippetCommands } from "./snippets";
import { addCopyCommands } from "./copy-commands";
import { addPreviewCommands } from "./previews";
import { addMeetingsCommands } from "./meetings";
import { exportFormats, exportKinds } from "#server/operations/export/export.ts";
import { exportRecords } from "./export";
import { showInsights, type InsightsOptions } from "./insights";
import { weeklyReportCommand } from "./weekly-report";
import { leadTypes } from "#server/operations/leads/lead-ids.ts";
import { listLeads, markLeads, showLead } from "./leads";
import { assignLeadCommand, assignLeadsCommand } from "./lead-owner";
import { notificationStatuses } from "#server/operations/notifications/notifications.ts";
import { listNotifications, retryNotifications } from "./notifications";
import { addScreenshot, listScreenshots, moveScreenshot, removeScreenshot } from "./screenshots";
import { erasePersonalDataCommand, exportPersonalData, sweepCommand } from "./privacy";
import type { QuarantineKind } from "#server/operations/leads/quarantine.ts";
import { purgeHeld, releaseHeld } from "./quarantine";
import { subscriberStatuses } from "#server/operations/subscribers/subscriber-records.ts";
import { listSubscribers } from "./subscribers";
import {
  changeRoleCommand,
  disableUserCommand,
  enableUserCommand,
  inviteUserCommand,
  listAuditCommand,
  listUsersCommand,
  resetUserCommand,
  revokeInvitationCommand,
} from "./users";
import { servicePages } from "#shared/content-types.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import type { AuditAction } from "#shared/audit-actions.ts";
import { staffRoles } from "#server/auth/staff.ts";

export type AdminRuntime = {
  out: AdminOutput;
  /** Opens the database on first use, so --help and usage errors never touch it. */
  context(): Promise<AdminContext>;
  /**
   * The configuration without opening the database, for `backup`: it reads the file with
   * its own connection and must work when that file is damaged. Defaults to context().
   */
  fileContext?(): Promise<AdminFileContext>;
};

const sinceHelp = "only those received on or after this day (YYYY-MM-DD, Cape Town time)";
const suspectedHelp = "only those held back as suspected spam (a bot trap tripped), with the trap";
const byHelp = "who is recording it (default: the account running the command)";
const overrideHelp = "put it over another meeting or held request anyway, for this reason (audited)";
const statusOption = () =>
  new Option("--status <status>", "only those in this state (new: the to-do list)").choices(leadStatuses);

/**
 * The commands that change something, and the action the audit log records when one
 * succeeds (actor `cli:<user>`, ip "cli"). Read-only commands are not recorded. The
 * commands not listed that change things record their own entry in the transaction of
 * their change, through the operations the workspace shares: `users …`
 * (server/auth/accounts.ts), content and screenshots (server/operations/content/,
 * screenshots/), statuses, read marks, release, purge and retry (server/operations/leads/,
 * appointments/, notifications/).
 */
const changingCommands = new Map<string, AuditAction>([
  ["appointments confirm", "appointment.confirm"],
  ["appointments reschedule", "appointment.reschedule"],
  ["appointments cancel", "appointment.cancel"],
  ["appointments place", "appointment.place"],
  ["privacy erase", "privacy.erase"],
  ["privacy sweep", "privacy.sweep"],
  ["insights report", "insights.weekly-report-send"],
]);

/** The names from the program down to the command that ran: "leads status". */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}

/** The commander program; each action runs one command and records its exit code. */
function buildProgram(runtime: AdminRuntime, setExitCode: (code: ExitCode) => void): Command {
  // What the last command did, for the audit hook below.
  let outcome: { code: ExitCode; changed: boolean; ctx: AdminContext } | undefined;
  const run = async (command: (ctx: AdminContext) => Promise<ExitCode>) => {
    const ctx = await runtime.context();
    let changed = true;
    const code = await command({ ...ctx, unchanged: () => void (changed = false) });
    outcome = { code, changed, ctx };
    setExitCode(code);
  };
  const runOnFile = async (command: (ctx: AdminFileContext) => Promise<ExitCode>) => {
    setExitCode(await command(await (runtime.fileContext ? runtime.fileContext() : runtime.context())));
  };

  const program = new Command("site-admin")
    .description(
      "Leads, appointment requests, subscribers, notifications, content, screenshots, staff accounts and backups of the agency site.",
    )
    .configureOutput({
      writeOut: (text) => runtime.out.stdout(text),
      writeErr: (text) => runtime.out.stderr(text),
      // An error stays one line: a suggestion ("Did you mean copy?") follows it on that line.
      outputError: (text, write) => write(text.replace(/\n(?=\(Did you mean )/, " ")),
    })
    // Errors come back as exceptions (mapped to exit codes below) instead of process.exit.
    .exitOverride()
    .showSuggestionAfterError()
    .hook("postAction", async (_program, actionCommand) => {
      const action = changingCommands.get(commandPath(actionCommand));
      const options = actionCommand.opts<{ dryRun?: boolean }>();
      if (!action || !outcome || outcome.code !== exitCodes.ok || !outcome.changed || options.dryRun) return;
      // An erase is recorded without its address: the point of it is that nothing keeps it.
      const erase = action === "privacy.erase";
      const args = actionCommand.processedArgs.flat().map(String);
      await recordAudit(outcome.ctx.db, {
        ...cliActor(),
        action,
        target: erase || args.length === 0 ? undefined : args.join(" "),
        detail: erase
          ? { command: commandPath(actionCommand) }
          : { command: commandPath(actionCommand), options: actionCommand.opts() },
      });
    });

  const appointments = program
    .command("appointments")
    .description("appointment requests from the booking form");
  appointments
    .command("list")
    .description("list appointment requests, newest first (● marks unread)")
    .option("--unread", "only unread requests")
    .addOption(statusOption())
    .option("--since <date>", sinceHelp)
    .option("--suspected", suspectedHelp)
    .option("--json", "machine-readable output (ISO timestamps)")
    .action(
      (options: { unread?: boolean; status?: string; since?: string; suspected?: boolean; json?: boolean }) =>
        run((ctx) => listAppointments(ctx, options)),
    );
  appointments
    .command("show")
    .description("show one appointment request in full")
    .argument("<id>", "appointment id")
    .option("--json", "machine-readable output")
    .action((id: string, options: { json?: boolean }) => run((ctx) => showAppointment(ctx, id, options)));
  appointments
    .command("read")
    .description("mark appointment requests read")
    .argument("<id...>", "appointment ids")
    .action((ids: string[]) => run((ctx) => markAppointments(ctx, ids, true)));
  appointments
    .command("unread")
    .description("mark appointment requests unread")
    .argument("<id...>", "appointment ids")
    .action((ids: string[]) => run((ctx) => markAppointments(ctx, ids, false)));
  addStatusCommand(appointments, "appointments", "appointment id");
  appointments
    .command("confirm")
    .description("confirm a time agreed with the visitor and e-mail them a calendar invitation")
    .argument("<id>", "appointment id")
    .option("--at <time>", 'start, Cape Town time (default: the requested slot), e.g. "2026-12-03 10:00"')
    .option("--duration <length>", "length, e.g. 45m or 1h30m (default: APPOINTMENT_MINUTES)")
    .option("--by <name>", byHelp)
    .option("--override <reason>", overrideHelp)
    .action((id: string, options: { at?: string; duration?: string; by?: string; override?: string }) =>
      run((ctx) => confirmAppointment(ctx, id, options)),
    );
  appointments
    .command("reschedule")
    .description("move a confirmed appointment and e-mail the visitor the updated invitation")
    .argument("<id>", "appointment id")
    .requiredOption("--at <time>", 'new start, Cape Town time, e.g. "2026-12-04 14:00"')
    .option("--duration <length>", "new length, e.g. 1h (default: unchanged)")
    .option("--by <name>", byHelp)
    .option("--override <reason>", overrideHelp)
    .action((id: string, options: { at: string; duration?: string; by?: string; override?: string }) =>
      run((ctx) => rescheduleAppointment(ctx, id, options)),
    );
  appointments
    .command("cancel")
    .description("cancel a confirmed appointment and e-mail the visitor the cancellation")
    .argument("<id>", "appointment id")
    .option("--by <name>", byHelp)
    .action((id: string, options: { by?: string }) => run((ctx) => cancelAppointment(ctx, id, options)));
  appointments
    .command("place")
    .description(
      'set where one meeting is: "studio" (the street address), an https link to a video call, or "default" (the meeting-place setting)',
    )
    .argument("<id>", "appointment id")
    .argument("<place>", "studio, an https link, or default")
    .option("--by <name>", byHelp)
    .action((id: string, place: string, options: { by?: string }) =>
      run((ctx) => placeAppointment(ctx, id, place, options)),
    );
  addQuarantineCommands(appointments, "appointments", "appointment ids", "queues the agency's e-mail");

  const privacy = program
    .command("privacy")
    .description("a data subject's rights under POPIA: what is held about an address, and erasing it");
  privacy
    .command("export")
    .description("print everything held about an e-mail address as JSON (or write it to a .zip)")
    .requiredOption("--email <address>", "the data subject's e-mail address")
    .option("--out <file.zip>", "write a .zip with the JSON and the e-mails sent about them")
    .action((options: { email: string; out?: string }) => run((ctx) => exportPersonalData(ctx, options)));
  privacy
    .command("erase")
    .description(
      "delete everything held about an e-mail address, in one transaction, and record that it was done",
    )
    .requiredOption("--email <address>", "the data subject's e-mail address")
    .option("--yes", "do not ask for confirmation")
    .action((options: { email: string; yes?: boolean }) =>
      run((ctx) => erasePersonalDataCommand(ctx, options)),
    );
  privacy
    .command("sweep")
    .description(
      "delete what is past its keeping time now (RETENTION_MONTHS for leads, 30 days for suspected spam, 90 days for sent e-mails), as the server does daily",
    )
    .option("--dry-run", "only count what would go")
    .option("--json", "print the counts as JSON")
    .action((options: { dryRun?: boolean; json?: boolean }) => run((ctx) => sweepCommand(ctx, options)));

  const leads = program.command("leads").description("website-design and web-app leads");
  leads
    .command("list")
    .description("list leads of both forms, newest first")
    .addOption(new Option("--type <type>", "only leads of this form").choices(leadTypes))
    .option("--unread", "only unread leads")
    .addOption(statusOption())
    .option("--since <date>", sinceHelp)
    .option("--suspected", suspectedHelp)
    .option("--json", "machine-readable output (ISO timestamps)")
    .action(
      (options: {
        type?: string;
        unread?: boolean;
        status?: string;
        since?: string;
        suspected?: boolean;
        json?: boolean;
      }) => run((ctx) => listLeads(ctx, options)),
    );
  leads
    .command("show")
    .description("show one lead in full")
    .argument("<id>", 'lead id as listed: "wd-12" (website design) or "wa-7" (web app)')
    .option("--json", "machine-readable output")
    .action((id: string, options: { json?: boolean }) => run((ctx) => showLead(ctx, id, options)));
  leads
    .command("read")
    .description("mark leads read")
    .argument("<id...>", 'lead ids as listed ("wd-12", "wa-7")')
    .action((ids: string[]) => run((ctx) => markLeads(ctx, ids, true)));
  leads
    .command("unread")
    .description("mark leads unread")
    .argument("<id...>", 'lead ids as listed ("wd-12", "wa-7")')
    .action((ids: string[]) => run((ctx) => markLeads(ctx, ids, false)));
  addStatusCommand(leads, "leads", 'lead id as listed: "wd-12" or "wa-7"');
  leads
    .command("assign")
    .description("assign a lead or appointment request to an active sales or admin account, or to nobody")
    .argument("<id>", 'lead id as listed ("wd-12", "wa-7"), or an appointment request as "ap-3"')
    .argument("[email]", "the staff account's e-mail address")
    .option("--none", "assign it to nobody (as unassign does)")
    .action((id: string, email: string | undefined, options: { none?: boolean }) =>
      run((ctx) => assignLeadCommand(ctx, id, email, options)),
    );
  leads
    .command("unassign")
    .description("assign leads or appointment requests to nobody")
    .argument("<id...>", 'lead ids as listed ("wd-12", "wa-7"), appointment requests as "ap-3"')
    .action((ids: string[]) => run((ctx) => assignLeadsCommand(ctx, ids, null)));
  leads
    .command("overdue")
    .description(
      "leads and appointment requests still new past FOLLOW_UP_REMINDER_HOURS, oldest first (what the reminder lists)",
    )
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listOverdue(ctx, options)));
  addQuarantineCommands(leads, "leads", 'lead ids as listed ("wd-12", "wa-7")', "queues the agency's e-mail");

  const subscribers = program.command("subscribers").description("newsletter subscribers");
  subscribers
    .command("list")
    .description("list subscribers, newest first")
    .addOption(new Option("--status <status>", "only subscribers in this state").choices(subscriberStatuses))
    .option("--suspected", "only sign-ups held as suspected spam and not yet confirmed")
    .option("--json", "machine-readable output (ISO timestamps)")
    .action((options: { status?: string; suspected?: boolean; json?: boolean }) =>
      run((ctx) => listSubscribers(ctx, options)),
    );
  addQuarantineCommands(
    subscribers,
    "subscribers",
    "subscriber ids",
    "clears the mark (the confirmation e-mail went already)",
  );

  program
    .command("export")
    .description("write every row of one kind as CSV (spreadsheet-safe) or JSON")
    .addArgument(new Argument("<what>", "what to export").choices(exportKinds))
    .addOption(new Option("--format <format>", "output format").choices(exportFormats).makeOptionMandatory())
    .option("--out <file>", "write to this file (owner-only permissions) instead of stdout")
    .action((what: string, options: { format: string; out?: string }) =>
      run((ctx) => exportRecords(ctx, what, options)),
    );

  const insights = program
    .command("insights")
    .description(
      "visitors, leads and conversion by source and campaign, pages, referring sites and devices, against the period before",
    )
    .option("--days <days>", "the last 7, 30 or 90 days, today included (default 30)")
    .option("--from <YYYY-MM-DD>", "the first day (agency time), instead of --days")
    .option("--to <YYYY-MM-DD>", "the last day, with --from (default today)")
    .option("--source <name>", 'only this source, by its name ("Google", "LinkedIn")')
    .option("--campaign <name>", "only this campaign (its utm_campaign)")
    .option("--page <path>", "only this page (views on it; leads that landed on or were sent from it)")
    .option("--device <device>", "only this device: phone, tablet or desktop (leads record none)")
    .option("--json", "machine-readable output, every row")
    .action((options: InsightsOptions) => run((ctx) => showInsights(ctx, options)));
  insights
    .command("report")
    .description(
      "last week's e-mail to admins (visits, leads, top sources and campaigns), as it would go now",
    )
    .option("--send", "send it now to every admin who gets it, instead of printing it")
    .action((options: { send?: boolean }) => run((ctx) => weeklyReportCommand(ctx, options)));

  program
    .command("backup")
    .description("copy the live database to a file while the server runs, or check such a copy")
    .addOption(
      new Option("--out <file>", "write a checked copy here (owner-only permissions)").conflicts("verify"),
    )
    .addOption(
      new Option("--verify <file>", "check a backup: intact, this site's, and its row counts").conflicts(
        "force",
      ),
    )
    .option("--force", "with --out: replace the file if it exists")
    .addHelpText(
      "after",
      `
Examples:
  site-admin backup --out /app/data/backups/site-2026-11-24.sqlite
  site-admin backup --verify /app/data/backups/site-2026-11-24.sqlite

To restore: stop the server, --verify the copy, put it in place of site.sqlite, delete
site.sqlite-wal and site.sqlite-shm, and start the server (README "Backups").`,
    )
    .action((options: BackupOptions) => runOnFile((ctx) => backupDatabase(ctx, options)));

  const notifications = program
    .command("notifications")
    .description("notification e-mails waiting to be sent or given up on");
  notifications
    .command("list")
    .description("list pending and dead notifications, newest first")
    .addOption(
      new Option("--status <status>", "only notifications in this state").choices(notificationStatuses),
    )
    .option("--json", "machine-readable output (ISO timestamps)")
    .action((options: { status?: string; json?: boolean }) => run((ctx) => listNotifications(ctx, options)));
  notifications
    .command("retry")
    .description("queue dead notifications again; the running server sends them (sent ones never again)")
    .argument("[id...]", "notification ids")
    .option("--all-dead", "every dead notification")
    .action((ids: string[], options: { allDead?: boolean }) =>
      run((ctx) => retryNotifications(ctx, ids, options)),
    );

  const screenshots = program.command("screenshots").description("uploaded screenshots on the service pages");
  screenshots
    .command("list")
    .description("list uploaded screenshots by page and position")
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listScreenshots(ctx, options)));
  screenshots
    .command("add")
    .description("upload a PNG, JPEG, WebP or AVIF image (at most 10 MB, 40 megapixels) to a free position")
    .argument("<file>", "the image file")
    .addOption(new Option("--page <page>", "service page").choices(servicePages).makeOptionMandatory())
    .requiredOption("--position <n>", "position on the page, from 1")
    .option("--alt <text>", "what the image shows, for screen readers")
    .action((file: string, options: { page: string; position: string; alt?: string }) =>
      run((ctx) => addScreenshot(ctx, file, options)),
    );
  screenshots
    .command("move")
    .description("move an uploaded screenshot to a free position on its page")
    .argument("<id>", "screenshot id")
    .requiredOption("--position <n>", "new position, from 1")
    .action((id: string, options: { position: string }) => run((ctx) => moveScreenshot(ctx, id, options)));
  screenshots
    .command("remove")
    .description("remove an uploaded screenshot and, unless another one shares them, its files")
    .argument("<id>", "screenshot id")
    .action((id: string) => run((ctx) => removeScreenshot(ctx, id)));

  addContentCommands(program, run);
  addNewsCategoryCommands(program, run);

  program
    .command("history")
    .description("every kept version of something visitors read, newest first, with what each changed")
    .argument("<target>", historyTargetHelp)
    .option("--json", "machine-readable output, each version with its changes field by field")
    .action((target: string, options: { json?: boolean }) =>
      run((ctx) => historyCommand(ctx, target, options)),
    );
  program
    .command("restore")
    .description("put an earlier version back; it is checked as any save is and kept as the newest version")
    .argument("<target>", "as for history")
    .argument("<revision>", "the version's ID from history")
    .action((target: string, revision: string) => run((ctx) => restoreCommand(ctx, target, revision)));
  addSettingsCommands(program, run);
  addAvailabilityCommands(program, run);
  addSnippetCommands(program, run);
  addCopyCommands(program, run);
  addPreviewCommands(program, run);
  addMeetingsCommands(program, run);

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

  /** `status ID STATUS [--note] [--by]` of leads or appointment requests. */
  function addStatusCommand(parent: Command, kind: "leads" | "appointments", idHelp: string) {
    parent
      .command("status")
      .description("record where staff are with it: who and when are kept with every change")
      .argument("<id>", idHelp)
      .addArgument(new Argument("<status>", "the new status").choices(leadStatuses))
      .option("--note <text>", "why, in a few words (kept with the change)")
      .option("--by <name>", byHelp)
      .action((id: string, status: string, options: { note?: string; by?: string }) =>
        run((ctx) => setLeadStatus(ctx, kind, id, status, options)),
      );
  }

  /** `release` and `purge` of one kind of submission held back as suspected spam. */
  function addQuarantineCommands(
    parent: Command,
    kind: QuarantineKind,
    idsHelp: string,
    releaseDoes: string,
  ) {
    parent
      .command("release")
      .description(`take submissions out of suspected spam; ${releaseDoes}`)
      .argument("<id...>", idsHelp)
      .action((ids: string[]) => run((ctx) => releaseHeld(ctx, kind, ids)));
    parent
      .command("purge")
      .description("delete suspected spam nobody released")
      .option("--suspected", "required: purge deletes suspected spam only")
      .requiredOption("--older-than <age>", "received longer ago than this: days (30d) or hours (12h)")
      .action((options: { suspected?: boolean; olderThan: string }) =>
        run((ctx) => purgeHeld(ctx, kind, options)),
      );
  }

  return program;
}

/** Commander's own outcomes: help asked for is success; anything else is a usage error. */
function commanderExitCode(error: CommanderError): ExitCode {
  if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return exitCodes.ok;
  if (error.code === "commander.help" && error.exitCode === 0) return exitCodes.ok;
  return exitCodes.usage;
}

/** Runs one admin command line (without "node script") and answers its exit code. */
export async function runAdmin(argv: readonly string[], runtime: AdminRuntime): Promise<ExitCode> {
  let exitCode: ExitCode = exitCodes.ok;
  const program = buildProgram(runtime, (code) => (exitCode = code));
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return commanderExitCode(error);
    const message = error instanceof Error ? error.message : String(error);
    runtime.out.stderr(`error: ${message.split("\n").join(" ")}\n`);
    return exitCodes.failed;
  }
  return exitCode;
}
