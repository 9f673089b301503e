/**
 * `privacy export|erase|sweep`: a data subject's rights under POPIA and the retention
 * sweep, as the operations in server/operations/privacy/ do them
 * (docs/decisions/024-personal-data-rights.md).
 */
import { writeFile } from "node:fs/promises";
import {
  eraseHeldData,
  exportDocument,
  findHeldData,
  findHeldRows,
  zipHeldData,
} from "#server/operations/privacy/personal-data.ts";
import {
  previewSweep,
  sweepPastRetention,
  sweepTotal,
  type SweepResult,
} from "#server/operations/privacy/retention-sweep.ts";
import { formatTable } from "./format";
import { cliActor, operationContext, type CliContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import type { Command } from "commander";
import type { Run } from "./command-parts";

export async function exportPersonalData(
  ctx: CliContext,
  options: { email: string; out?: string },
): Promise<ExitCode> {
  const { out, now } = ctx;
  const operation = operationContext(ctx);
  const found = await findHeldRows(operation, options.email);
  if (!found.ok) return fail(out, found.message);
  if (!options.out) {
    printJson(out, exportDocument(found.value.address, found.value.data, now()));
    return exitCodes.ok;
  }
  if (!options.out.endsWith(".zip")) return fail(out, `--out must name a .zip file, not "${options.out}"`);
  const held = await findHeldData(operation, options.email);
  if (!held.ok) return fail(out, held.message);
  const { address, mailFiles, rows } = held.value;
  try {
    // Readable by its owner only: it is the person's data.
    await writeFile(options.out, await zipHeldData(held.value, now()), { mode: 0o600 });
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    return fail(out, `cannot write ${options.out}: ${reason}`);
  }
  printLine(
    out,
    `Wrote ${plural(rows, "record")} and ${plural(mailFiles.length, "mail file")} about ${address} to ${options.out}.`,
  );
  return exitCodes.ok;
}

export async function erasePersonalDataCommand(
  ctx: CliContext,
  options: { email: string; yes?: boolean },
): Promise<ExitCode> {
  const { out, confirm } = ctx;
  const operation = operationContext(ctx);
  const found = await findHeldData(operation, options.email);
  if (!found.ok) return fail(out, found.message);
  const { address, mailFiles, rows } = found.value;
  printLine(
    out,
    `Held about ${address}: ${plural(rows, "record")} and ${plural(mailFiles.length, "mail file")}.`,
  );
  if (!options.yes) {
    if (!confirm) return fail(out, "erasing needs a confirmation: run it in a terminal, or add --yes");
    if (!(await confirm(`Erase all of it for good? Type "yes" to go on: `))) {
      printLine(out, "Nothing erased.");
      return exitCodes.ok;
    }
  }
  const done = await eraseHeldData(operation, found.value);
  if (!done.ok) return fail(out, done.message);
  const { erased, scrubbed } = done.value;
  const perTable = Object.entries(erased.counts).map(([table, count]) => `${table} ${count}`);
  printLine(
    out,
    `Erased ${plural(erased.total, "row")}${perTable.length ? ` (${perTable.join(", ")})` : ""} and ` +
      `${plural(mailFiles.length, "mail file")}; the erasure is recorded without the address.`,
  );
  if (!scrubbed) {
    out.stderr(
      "warning: the database file could not be rewritten now (in use); its free pages may still hold the " +
        "deleted bytes until they are reused. Run the erase again when the site is quiet to rewrite it.\n",
    );
  }
  printLine(
    out,
    ctx.config.databaseUrl
      ? "Backups of the database taken before now still hold it: rotate them (the database server's own backups too)."
      : "Backups taken before now (site-admin backup --out) still hold it: rotate them.",
  );
  return exitCodes.ok;
}

const sweepLines: Array<[keyof SweepResult, string]> = [
  ["website_design_leads", "website-design leads"],
  ["web_app_leads", "web-app leads"],
  ["appointment_requests", "appointment requests"],
  ["newsletter_subscribers", "held newsletter sign-ups"],
  ["lead_status_changes", "status changes of those leads"],
  ["outbox", "notification e-mails"],
  ["audit_log", "audit log entries"],
  ["staff_sessions", "ended staff sessions"],
  ["revisions", "revisions beyond the newest 50 and 30 days"],
  ["mailFiles", "mail files"],
];

/** `privacy sweep [--dry-run]`: what the server's daily sweep deletes, now. */
export async function sweepCommand(
  ctx: CliContext,
  options: { dryRun?: boolean; json?: boolean },
): Promise<ExitCode> {
  const { db, config, out, now } = ctx;
  const at = now();
  const result = options.dryRun
    ? await previewSweep(db, config, at)
    : await sweepPastRetention(db, config, at, ctx.actor ?? cliActor());
  if (options.json) {
    printJson(out, { dryRun: Boolean(options.dryRun), ...result });
    return exitCodes.ok;
  }
  const { leadMonths, suspectedDays, sentMailDays } = config.retention;
  printLine(
    out,
    `Kept: leads and appointment requests ${plural(leadMonths, "month")}, suspected spam ` +
      `${plural(suspectedDays, "day")}, sent e-mails ${plural(sentMailDays, "day")}.`,
  );
  printLine(
    out,
    formatTable(
      [
        { header: "WHAT", value: (row: [string, number]) => row[0] },
        { header: options.dryRun ? "WOULD GO" : "DELETED", value: (row) => row[1] },
      ],
      sweepLines.map(([key, label]) => [label, result[key]] as [string, number]),
    ),
  );
  const total = sweepTotal(result);
  printLine(
    out,
    options.dryRun
      ? `Would delete ${plural(total, "row")} and ${plural(result.mailFiles, "mail file")}; nothing changed.`
      : `Deleted ${plural(total, "row")} and ${plural(result.mailFiles, "mail file")}.`,
  );
  return exitCodes.ok;
}

/** `privacy export|erase|sweep`. */
export function addPrivacyCommands(program: Command, run: Run): void {
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
}
