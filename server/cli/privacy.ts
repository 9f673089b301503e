/**
 * A data subject's rights under POPIA: `privacy export` shows everything held about an
 * e-mail address, `privacy erase` deletes it and records that it did
 * (docs/decisions/024-personal-data-rights.md).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
// fflate: a small, dependency-free and widely used ZIP writer, rather than one by hand.
import { zipSync } from "fflate";
import { isValidEmail } from "../../shared/forms/rules";
import {
  erasePersonalData,
  findPersonalData,
  normaliseAddress,
  payloadAbout,
  scrubFreedSpace,
  type PersonalData,
} from "../db/personal-data";
import { previewSweep, sweepPastRetention, sweepTotal, type SweepResult } from "../privacy/retention-sweep";
import { formatTable } from "./format";
import { listMailFiles, mailFilesOf, removeFiles } from "../mail/mail-files";
import { exitCodes, fail, plural, printJson, printLine, type AdminContext, type ExitCode } from "./context";

function parseAddress(text: string): string | undefined {
  const address = normaliseAddress(text);
  return isValidEmail(address) ? address : undefined;
}

/** The rows found, as the person would read them: outbox payloads as the data they hold. */
function exportDocument(address: string, data: PersonalData, now: Date) {
  return {
    address,
    exportedAt: now.toISOString(),
    websiteDesignLeads: data.websiteDesignLeads,
    webAppLeads: data.webAppLeads,
    appointmentRequests: data.appointmentRequests,
    // Each with the wording the person agreed to and when (consent_text, consented_at).
    newsletterSubscriptions: data.subscribers,
    statusChanges: data.statusChanges,
    acknowledgedAt: data.acknowledgedAt ?? null,
    notifications: data.outbox.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      data: payloadAbout(row.payload, address),
    })),
  };
}

function rowCount(data: PersonalData): number {
  return (
    data.websiteDesignLeads.length +
    data.webAppLeads.length +
    data.appointmentRequests.length +
    data.subscribers.length +
    data.statusChanges.length +
    (data.acknowledgedAt ? 1 : 0) +
    data.outbox.length
  );
}

/**
 * The mail files (`.eml`, written when no SMTP_URL is set) about the address: those of the
 * outbox rows found, and any other that names it in plain text.
 */
async function findMailFiles(outboxDir: string, address: string, outboxIds: number[]): Promise<string[]> {
  const ofRows = new Set(await mailFilesOf(outboxDir, outboxIds));
  const found: string[] = [];
  for (const file of await listMailFiles(outboxDir)) {
    if (ofRows.has(file) || (await readFile(file, "utf8")).toLowerCase().includes(address)) found.push(file);
  }
  return found;
}

export async function exportPersonalData(
  { db, config, out }: AdminContext,
  options: { email: string; out?: string },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const address = parseAddress(options.email);
  if (!address) return fail(out, `"${options.email}" is not an e-mail address`);
  const data = await findPersonalData(db, address);
  const document = exportDocument(address, data, now());
  if (!options.out) {
    printJson(out, document);
    return exitCodes.ok;
  }
  if (!options.out.endsWith(".zip")) return fail(out, `--out must name a .zip file, not "${options.out}"`);
  const mailFiles = await findMailFiles(
    config.mail.outboxDir,
    address,
    data.outbox.map((row) => row.id),
  );
  const files: Record<string, Uint8Array> = {
    "personal-data.json": Buffer.from(`${JSON.stringify(document, null, 2)}\n`),
  };
  for (const file of mailFiles) files[`mail/${path.basename(file)}`] = await readFile(file);
  try {
    // Readable by its owner only: it is the person's data.
    await writeFile(options.out, zipSync(files, { mtime: now() }), { mode: 0o600 });
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    return fail(out, `cannot write ${options.out}: ${reason}`);
  }
  printLine(
    out,
    `Wrote ${plural(rowCount(data), "record")} and ${plural(mailFiles.length, "mail file")} about ${address} to ${options.out}.`,
  );
  return exitCodes.ok;
}

export async function erasePersonalDataCommand(
  { db, config, out, confirm, unchanged }: AdminContext,
  options: { email: string; yes?: boolean },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const address = parseAddress(options.email);
  if (!address) return fail(out, `"${options.email}" is not an e-mail address`);
  const data = await findPersonalData(db, address);
  const mailFiles = await findMailFiles(
    config.mail.outboxDir,
    address,
    data.outbox.map((row) => row.id),
  );
  const rows = rowCount(data);
  printLine(
    out,
    `Held about ${address}: ${plural(rows, "record")} and ${plural(mailFiles.length, "mail file")}.`,
  );
  if (!options.yes) {
    if (!confirm) return fail(out, "erasing needs a confirmation: run it in a terminal, or add --yes");
    if (!(await confirm(`Erase all of it for good? Type "yes" to go on: `))) {
      printLine(out, "Nothing erased.");
      unchanged?.();
      return exitCodes.ok;
    }
  }
  const erased = await db
    .transaction()
    .execute((trx) =>
      erasePersonalData(trx, address, data, { now: now(), mailFilesErased: mailFiles.length }),
    );
  // After the commit: a failed transaction must not have taken the files with it.
  await removeFiles(mailFiles);
  // The rows are gone either way; only the bytes of free pages wait for a quieter moment.
  const scrubbed = await scrubFreedSpace(db).then(
    () => true,
    () => false,
  );
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
    config.databaseUrl
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
  ["mailFiles", "mail files"],
];

/** `privacy sweep [--dry-run]`: what the server's daily sweep deletes, now. */
export async function sweepCommand(
  { db, config, out }: AdminContext,
  options: { dryRun?: boolean; json?: boolean },
  now: () => Date = () => new Date(),
): Promise<ExitCode> {
  const at = now();
  const result = options.dryRun
    ? await previewSweep(db, config, at)
    : await sweepPastRetention(db, config, at);
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
