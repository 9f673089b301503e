import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { revisionKinds } from "#server/operations/history/revision-kinds.ts";
import { resolveTarget, restoreRevision, showHistory } from "#server/operations/history/history.ts";
import type { RevisionEntry } from "#shared/staff-history.ts";
import { type CliContext, operationContext } from "./context";
import { formatTable, type Column } from "./format";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import type { Command } from "commander";
import type { Run } from "./command-parts";

/**
 * `history TARGET` and `restore TARGET REVISION`: what was saved of something visitors
 * read, and putting an earlier version back (server/operations/history/).
 */

/** Every kind of target `history` and `restore` take, for their help. */
export const historyTargetHelp = revisionKinds.map((kind) => kind.names).join("; ");

/** The fields a revision changed, by name, as one cell. */
function changedFields(entry: RevisionEntry, first: boolean): string {
  if (first) return "(first version kept)";
  if (entry.changes.length === 0) return "(no change)";
  const labels = [...new Set(entry.changes.map((change) => change.label.split(" › ")[0] ?? change.label))];
  return labels.join(", ");
}

export async function historyCommand(
  ctx: CliContext,
  name: string,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  const resolved = resolveTarget(name);
  if (!resolved.ok) return fail(ctx.out, resolved.message);
  const history = await showHistory(operationContext(ctx), resolved.value);
  if (options.json) {
    printJson(ctx.out, history);
    return exitCodes.ok;
  }
  const { out } = ctx;
  printLine(out, `${history.label} (${history.target})`);
  if (history.revisions.length === 0) {
    printLine(out, "No revisions kept yet: the next save keeps the first.");
    return exitCodes.ok;
  }
  const oldest = history.revisions.at(-1)?.id;
  const columns: Column<RevisionEntry>[] = [
    { header: "ID", value: (entry) => entry.id },
    { header: "SAVED", value: (entry) => formatLocalDateTime(entry.savedAt) },
    { header: "BY", value: (entry) => entry.actor },
    { header: "NOTE", value: (entry) => entry.note ?? "" },
    { header: "CHANGED", value: (entry) => changedFields(entry, entry.id === oldest) },
  ];
  printLine(out, formatTable(columns, history.revisions));
  printLine(out);
  printLine(
    out,
    `${plural(history.revisions.length, "revision")}, newest first. Put one back with: site-admin restore ${history.target} <ID>`,
  );
  return exitCodes.ok;
}

export async function restoreCommand(ctx: CliContext, name: string, revision: string): Promise<ExitCode> {
  const resolved = resolveTarget(name);
  if (!resolved.ok) return fail(ctx.out, resolved.message);
  const restored = await restoreRevision(operationContext(ctx), resolved.value, revision);
  if (!restored.ok) return fail(ctx.out, restored.message);
  const { target, revision: saved } = restored.value;
  printLine(
    ctx.out,
    `Restored revision ${restored.value.restored} of ${target} as revision ${saved}; if it is published, visitors see it now.`,
  );
  return exitCodes.ok;
}

/** `history <target>` and `restore <target> <revision>`. */
export function addHistoryCommands(program: Command, run: Run): void {
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
}
