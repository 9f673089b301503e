import type { Db } from "#server/db/database.ts";
import {
  appointmentColumns,
  loadAppointmentRecords,
} from "#server/operations/appointments/appointment-records.ts";
import { toCsv, type CsvValue } from "./csv";
import { leadColumns, loadLeadRecords } from "#server/operations/leads/stored-leads.ts";
import {
  loadSubscriberRecords,
  subscriberColumns,
} from "#server/operations/subscribers/subscriber-records.ts";

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
