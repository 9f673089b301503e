import type { Db } from "#server/db/database.ts";
import { loadAppointmentRecords } from "#server/operations/meetings/appointment-records.ts";
import { toCsv, type CsvValue } from "./csv";
import { loadLeadRecords } from "#server/operations/leads/stored-leads.ts";
import { loadSubscriberRecords } from "#server/operations/subscribers/subscriber-records.ts";
import {
  appointmentCsvColumns,
  leadCsvColumns,
  readableRows,
  subscriberCsvColumns,
  type ReadableColumn,
} from "./readable-columns";

export const exportKinds = ["appointments", "leads", "subscribers"] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportFormats = ["csv", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * One kind's records twice over: as stored (codes, ISO instants: the JSON, for programs)
 * and as people read them (the CSV: words, labels, the agency's time).
 */
type Table = {
  records: readonly object[];
  noun: string;
  headers: string[];
  readable(): Record<string, CsvValue>[];
};

function table<Row extends object>(records: Row[], columns: ReadableColumn<Row>[], noun: string): Table {
  return {
    records,
    noun,
    headers: columns.map((column) => column.header),
    readable: () => readableRows(columns, records),
  };
}

/** The same records as each `list --json`, newest first. */
async function loadTable(db: Db, kind: ExportKind): Promise<Table> {
  switch (kind) {
    case "appointments":
      return table(await loadAppointmentRecords(db), appointmentCsvColumns, "appointment request");
    case "leads":
      return table(await loadLeadRecords(db), leadCsvColumns, "lead");
    case "subscribers":
      return table(await loadSubscriberRecords(db), subscriberCsvColumns, "subscriber");
  }
}

/** Every row of one kind as the export's text: what `export` prints and the workspace downloads. */
export async function renderExport(
  db: Db,
  kind: ExportKind,
  format: ExportFormat,
): Promise<{ table: Table; text: string }> {
  const loaded = await loadTable(db, kind);
  const text =
    format === "csv"
      ? toCsv(loaded.headers, loaded.readable())
      : `${JSON.stringify(loaded.records, null, 2)}\n`;
  return { table: loaded, text };
}
