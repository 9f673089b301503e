import { writeFile } from "node:fs/promises";
import { type CliContext } from "./context";
import { exitCodes, fail, plural, printLine, type ExitCode } from "./output";
import {
  exportKinds,
  type ExportKind,
  exportFormats,
  type ExportFormat,
  renderExport,
} from "#server/operations/export/export.ts";
import { Argument, Option, type Command } from "commander";
import type { Run } from "./command-parts";

/**
 * Writes every row of one kind as CSV (spreadsheet-safe, see csv.ts) or JSON, to stdout
 * or to `--out FILE`. The file is readable by its owner only: it holds personal data.
 */
export async function exportRecords(
  ctx: CliContext,
  kind: string,
  options: { format: string; out?: string },
): Promise<ExitCode> {
  const { out } = ctx;
  if (!(exportKinds as readonly string[]).includes(kind)) {
    return fail(out, `invalid export "${kind}": expected ${exportKinds.join(", ")}`);
  }
  if (!(exportFormats as readonly string[]).includes(options.format)) {
    return fail(out, `invalid format "${options.format}": expected csv or json`);
  }
  const { table, text } = await renderExport(ctx.db, kind as ExportKind, options.format as ExportFormat);
  if (!options.out) {
    out.stdout(text);
    return exitCodes.ok;
  }
  try {
    await writeFile(options.out, text, { mode: 0o600 });
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    return fail(out, `cannot write ${options.out}: ${reason}`);
  }
  printLine(out, `Wrote ${plural(table.records.length, table.noun)} to ${options.out}.`);
  return exitCodes.ok;
}

/** `export <what> --format csv|json`. */
export function addExportCommand(program: Command, run: Run): void {
  program
    .command("export")
    .description("write every row of one kind as CSV (spreadsheet-safe) or JSON")
    .addArgument(new Argument("<what>", "what to export").choices(exportKinds))
    .addOption(new Option("--format <format>", "output format").choices(exportFormats).makeOptionMandatory())
    .option("--out <file>", "write to this file (owner-only permissions) instead of stdout")
    .action((what: string, options: { format: string; out?: string }) =>
      run((ctx) => exportRecords(ctx, what, options)),
    );
}
