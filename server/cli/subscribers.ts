import type { SubscriberStatus } from "#server/db/schema.ts";
import { type CliContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import { formatTable, withSuspicion, type Column } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import {
  subscriberStatuses,
  type SubscriberRecord,
  loadSubscriberRecords,
} from "#server/operations/subscribers/subscriber-records.ts";
import { Option, type Command } from "commander";
import type { Run } from "./command-parts";
import { addQuarantineCommands } from "./quarantine";

const listColumns: Column<SubscriberRecord>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "STATUS", value: (r) => r.status },
  { header: "EMAIL", value: (r) => r.email },
  { header: "SIGNED UP", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "CONFIRMED", value: (r) => formatLocalDateTime(r.confirmedAt) },
  { header: "UNSUBSCRIBED", value: (r) => formatLocalDateTime(r.unsubscribedAt) },
];

function parseStatus(text: string | undefined): SubscriberStatus | undefined | false {
  if (text === undefined) return undefined;
  return (subscriberStatuses as readonly string[]).includes(text) ? (text as SubscriberStatus) : false;
}

export async function listSubscribers(
  { db, out }: CliContext,
  options: { status?: string; suspected?: boolean; json?: boolean },
): Promise<ExitCode> {
  const status = parseStatus(options.status);
  if (status === false) {
    return fail(out, `invalid status "${options.status}": expected ${subscriberStatuses.join(", ")}`);
  }
  const records = await loadSubscriberRecords(db, { status, spam: options.suspected ? "only" : "exclude" });
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    const which = [status, options.suspected ? "suspected" : ""].filter(Boolean).join(" ");
    printLine(out, which ? `No ${which} subscribers.` : "No subscribers.");
    return exitCodes.ok;
  }
  printLine(out, formatTable(withSuspicion(listColumns, options.suspected), records));
  printLine(out);
  printLine(out, plural(records.length, options.suspected ? "suspected subscriber" : "subscriber"));
  return exitCodes.ok;
}

/** `subscribers list|release|purge`. */
export function addSubscriberCommands(program: Command, run: Run): void {
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
    run,
    "subscribers",
    "subscriber ids",
    "clears the mark (the confirmation e-mail went already)",
  );
}
