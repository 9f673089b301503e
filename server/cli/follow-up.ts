import type { Db } from "#server/db/database.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { Argument, type Command } from "commander";
import { byHelp, type Run } from "./command-parts";
import { cliActor, defaultActor, type CliContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import { formatTable } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import {
  changeStatus,
  leadStatuses,
  loadOverdueLeads,
  loadStatusHistory,
  parseStatusTarget,
} from "#server/operations/leads/follow-up.ts";

export async function setLeadStatus(
  { db, now, out }: CliContext,
  kind: "leads" | "appointments",
  idText: string,
  statusText: string,
  options: { note?: string; by?: string },
): Promise<ExitCode> {
  const target = parseStatusTarget(kind, idText);
  if (!target.ok) return fail(out, target.message);
  const by = options.by ?? defaultActor();
  const auditTarget = kind === "appointments" ? `ap-${target.value.id}` : target.value.label;
  const result = await changeStatus({ db, now }, target.value, statusText, {
    ...options,
    by,
    actor: cliActor(),
    auditTarget,
  });
  if (!result.ok) return fail(out, result.message);
  const done = result.value;
  if (!done.changed) printLine(out, `${done.label} is already ${done.status}: nothing changed.`);
  else printLine(out, `${done.label}: ${done.from} → ${done.to} (by ${done.by}).`);
  return exitCodes.ok;
}

/** The status lines of `show`: the current one, then every change, oldest first. */
export async function statusDetails(
  db: Db,
  table: LeadTable,
  id: number,
  record: { status: string; statusNote: string | null; statusBy: string | null; statusAt: string | null },
): Promise<[string, string | null][]> {
  const history = await loadStatusHistory(db, table, id);
  const set = record.statusBy ? ` (${record.statusBy}, ${formatLocalDateTime(record.statusAt)})` : "";
  return [
    ["Status", `${record.status}${set}`],
    ["Note", record.statusNote],
    [
      "History",
      history.length === 0
        ? null
        : history
            .map(
              (change) =>
                `${formatLocalDateTime(change.changed_at)} ${change.status} by ${change.changed_by}` +
                (change.note ? `: ${change.note}` : ""),
            )
            .join("\n"),
    ],
  ];
}

export async function listOverdue(
  { db, config, now, out }: CliContext,
  options: { json?: boolean },
): Promise<ExitCode> {
  const leads = await loadOverdueLeads({ db, config, now });
  if (options.json) {
    printJson(out, leads);
    return exitCodes.ok;
  }
  const hours = config.followUp.reminderAfterMs / 3_600_000;
  if (leads.length === 0) {
    printLine(out, `No leads still new after ${hours} hours.`);
    return exitCodes.ok;
  }
  printLine(
    out,
    formatTable(
      [
        { header: "ID", value: (lead) => lead.id },
        { header: "RECEIVED", value: (lead) => lead.received },
        { header: "ANSWER BY", value: (lead) => lead.answerBy },
        { header: "WHAT", value: (lead) => lead.what },
        { header: "NAME", value: (lead) => lead.name },
        { header: "EMAIL", value: (lead) => lead.email },
        { header: "THEN RUN", value: (lead) => lead.command },
      ],
      leads,
    ),
  );
  printLine(out);
  printLine(out, `${plural(leads.length, "lead")} still new after ${hours} hours, oldest first`);
  return exitCodes.ok;
}

/** `status ID STATUS [--note] [--by]` of leads or appointment requests. */
export function addStatusCommand(
  parent: Command,
  run: Run,
  kind: "leads" | "appointments",
  idHelp: string,
): void {
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
