import { writeFile } from "node:fs/promises";
import type { Db } from "../../db/database";
import { appointmentColumns, loadAppointmentRecords } from "../appointments/appointment-records";
import { exitCodes, fail, plural, printLine, type AdminContext, type ExitCode } from "../../cli/context";
import { toCsv, type CsvValue } from "./csv";
import { leadColumns, loadLeadRecords } from "../leads/stored-leads";
import { loadSubscriberRecords, subscriberColumns } from "../subscribers/subscriber-records";

export const exportKinds = ["appointments", "leads", "subscribers"] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportFormats = ["csv", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

type Table = { columns: readonly string[]; records: Record<string, CsvValue>[]; noun: string };

/** The same records as each `list --json`, newest first. */
async function loadTable(db: Db, kind: ExportKind): Promise<Table> {
  switch (kind) {
    case "appointments":
      return {
        columns: appointmentColumns,
        records: await loadAppointmentRecords(db),
        noun: "appointment request",
      };
    case "leads":
      return { columns: leadColumns, records: await loadLeadRecords(db), noun: "lead" };
    case "subscribers":
      return { columns: subscriberColumns, records: await loadSubscriberRecords(db), noun: "subscriber" };
  }
}

/** Every row of one kind as the export's text: what `export` prints and the workspace downloads. */
export async function renderExport(
  db: Db,
  kind: ExportKind,
  format: ExportFormat,
): Promise<{ table: Table; text: string }> {
  const table = await loadTable(db, kind);
  const text =
    format === "csv" ? toCsv(table.columns, table.records) : `${JSON.stringify(table.records, null, 2)}\n`;
  return { table, text };
}

/**
 * Writes every row of one kind as CSV (spreadsheet-safe, see csv.ts) or JSON, to stdout
 * or to `--out FILE`. The file is readable by its owner only: it holds personal data.
 */
export async function exportRecords(
  ctx: AdminContext,
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
