import type { Command } from "commander";
import type { Run } from "./command-parts";
import { operationContext, type CliContext } from "./context";
import { exitCodes, fail, plural, printLine, usageError, type ExitCode } from "./output";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { parseAge } from "#server/operations/input.ts";
import {
  type QuarantineKind,
  tablesOf,
  nouns,
  releaseSubmissions,
  purgeSuspectedRows,
} from "#server/operations/leads/quarantine.ts";

export async function releaseHeld(
  ctx: CliContext,
  kind: QuarantineKind,
  texts: readonly string[],
): Promise<ExitCode> {
  const { out } = ctx;
  const results = await releaseSubmissions(operationContext(ctx), kind, texts);
  if (!results.ok) return fail(out, results.message);
  for (const item of results.value) {
    if (!item.released) printLine(out, `${item.label} was not held as suspected spam: nothing to do.`);
    else if (item.notified) printLine(out, `Released ${item.label}: the agency's e-mail about it is queued.`);
    else printLine(out, `Released ${item.label}.`);
  }
  return exitCodes.ok;
}

export async function purgeHeld(
  ctx: CliContext,
  kind: QuarantineKind,
  options: { suspected?: boolean; olderThan: string },
): Promise<ExitCode> {
  // Purging is for held-back spam only; genuine submissions are never bulk-deleted here.
  const { now, out } = ctx;
  if (!options.suspected) return usageError(out, "purge deletes suspected spam only: add --suspected");
  const age = parseAge(options.olderThan);
  if (!age.ok) return fail(out, age.message);
  const before = new Date(now().getTime() - age.value).toISOString();
  const deleted = await purgeSuspectedRows(operationContext(ctx), tablesOf[kind], before, kind);
  printLine(
    out,
    `Deleted ${plural(deleted, `suspected ${nouns[kind]}`)} received before ${formatLocalDateTime(before)}.`,
  );
  return exitCodes.ok;
}

/** `release` and `purge` of one kind of submission held back as suspected spam. */
export function addQuarantineCommands(
  parent: Command,
  run: Run,
  kind: QuarantineKind,
  idsHelp: string,
  releaseDoes: string,
): void {
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
