import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import type { Outcome } from "#shared/outcome.ts";
import { type CliContext, type CliOutput } from "./context";
import { describeMarking, exitCodes, fail, printJson, printLine, type ExitCode } from "./output";
import { statusDetails } from "./follow-up";
import { formatDetails } from "./format";
import { describeLeadSource, listRecordedSourceParts, type LeadSource } from "#shared/lead-source.ts";

type Detail = [label: string, value: string | number | null];

/** What every inbox record has: read or not, when it came, held back or not, its status and source. */
type InboxRecord = LeadSource & {
  read: boolean;
  createdAt: string;
  suspectedSpam: string | null;
  status: string;
  statusNote: string | null;
  statusBy: string | null;
  statusAt: string | null;
  /** Who answers it (`leads assign`); null: nobody. */
  owner: string | null;
};

/** How one kind of record is shown: what names it, where its status history is, what the visitor sent. */
export type RecordView<Record extends InboxRecord> = {
  /** The first lines: "Lead: wd-12" and its type, or "Appointment: 7". */
  heading(record: Record): Detail[];
  /** The row whose status changes `show` lists. */
  statusOf(record: Record): { table: LeadTable; id: number };
  /** The lines after the status: what the visitor sent, as the form labels it. */
  details(record: Record): Detail[];
};

/**
 * `leads show` and `appointments show`: the record as JSON, or its details with the
 * status and every change of it; a record not found prints its one line and exits 1.
 */
export async function showRecord<Record extends InboxRecord>(
  { db, out }: CliContext,
  found: Outcome<Record>,
  view: RecordView<Record>,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  if (!found.ok) return fail(out, found.message);
  const record = found.value;
  if (options.json) {
    printJson(out, record);
    return exitCodes.ok;
  }
  const { table, id } = view.statusOf(record);
  printLine(
    out,
    formatDetails([
      ...view.heading(record),
      ["Read", record.read ? "read" : "unread"],
      ["Owner", record.owner ?? "nobody"],
      ["Received", formatLocalDateTime(record.createdAt)],
      ["Suspected spam", record.suspectedSpam],
      ...(await statusDetails(db, table, id, record)),
      ...view.details(record),
      ...sourceDetails(record),
    ]),
  );
  return exitCodes.ok;
}

/** Where it came from: the sentence, then each part recorded (a null part is left out). */
function sourceDetails(record: LeadSource): Detail[] {
  const parts = listRecordedSourceParts(record).map((part): Detail => [part.label, part.value]);
  return [["Source", describeLeadSource(record) ?? "not recorded"], ...parts];
}

/** `leads|appointments read|unread ID...`: which changed and which already were so; doing it twice says so. */
export function printMarking(
  out: CliOutput,
  marked: Outcome<{ changed: readonly (number | string)[]; already: readonly (number | string)[] }>,
  noun: string,
  read: boolean,
): ExitCode {
  if (!marked.ok) return fail(out, marked.message);
  const { changed, already } = marked.value;
  printLine(out, describeMarking(noun, changed, already, read ? "read" : "unread"));
  return exitCodes.ok;
}
