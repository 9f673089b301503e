/**
 * A data subject's rights under POPIA: everything held about an e-mail address, as a
 * document the person can read, and its erasure, recorded without the address
 * (docs/decisions/024-personal-data-rights.md).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
// fflate: a small, dependency-free and widely used ZIP writer, rather than one by hand.
import { zipSync } from "fflate";
import { isValidEmail } from "#shared/forms/rules.ts";
import {
  erasePersonalData,
  findPersonalData,
  normaliseAddress,
  payloadAbout,
  scrubFreedSpace,
  type PersonalData,
} from "#server/db/personal-data.ts";
import { listMailFiles, mailFilesOf, removeFiles } from "#server/mail/mail-files.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { refusedByPolicy, refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import { checkPolicy } from "#server/auth/policy.ts";
import { recordAudit } from "#server/db/audit-log.ts";

type PrivacyContext = Pick<OperationContext, "db" | "config" | "actor" | "now">;

/** What is held about one address: its rows, the mail files that name it, and how many rows. */
export type HeldData = { address: string; data: PersonalData; mailFiles: string[]; rows: number };

function parseAddress(text: string): string | undefined {
  const address = normaliseAddress(text);
  return isValidEmail(address) ? address : undefined;
}

/** The rows found, as the person would read them: outbox payloads as the data they hold. */
export function exportDocument(address: string, data: PersonalData, now: Date) {
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

/**
 * The address's rows, without its mail files: what the export prints as JSON. Reading a
 * person's data out follows the policy (decision 048): only the CLI today, which needs no
 * proof; any other door would need one from the last 5 minutes.
 */
export async function findHeldRows(
  { db, actor, now }: Pick<OperationContext, "db" | "actor" | "now">,
  email: string,
): Promise<Outcome<{ address: string; data: PersonalData }>> {
  const refusal = checkPolicy("privacy.export", actor, now());
  if (refusal) return refusedByPolicy(refusal);
  const address = parseAddress(email);
  if (!address) return refuse(`"${email}" is not an e-mail address`);
  return succeeded({ address, data: await findPersonalData(db, address) });
}

/** Everything held about the address, mail files included. */
export async function findHeldData(
  { db, config, actor, now }: PrivacyContext,
  email: string,
): Promise<Outcome<HeldData>> {
  const found = await findHeldRows({ db, actor, now }, email);
  if (!found.ok) return found;
  const { address, data } = found.value;
  const mailFiles = await findMailFiles(
    config.mail.outboxDir,
    address,
    data.outbox.map((row) => row.id),
  );
  return succeeded({ address, data, mailFiles, rows: rowCount(data) });
}

/** The export as one ZIP: personal-data.json and the mail files under mail/. */
export async function zipHeldData(held: HeldData, now: Date): Promise<Uint8Array> {
  const document = exportDocument(held.address, held.data, now);
  const files: Record<string, Uint8Array> = {
    "personal-data.json": Buffer.from(`${JSON.stringify(document, null, 2)}\n`),
  };
  for (const file of held.mailFiles) files[`mail/${path.basename(file)}`] = await readFile(file);
  return zipSync(files, { mtime: now });
}

/**
 * Erases what was found, recorded without the address; answers the rows deleted per table
 * and whether the database file's free pages could be rewritten now. As the export, it
 * follows the policy (decision 048).
 */
export async function eraseHeldData(
  { db, actor, now: clock }: Pick<OperationContext, "db" | "actor" | "now">,
  held: HeldData,
): Promise<Outcome<{ erased: Awaited<ReturnType<typeof erasePersonalData>>; scrubbed: boolean }>> {
  const now = clock();
  const refusal = checkPolicy("privacy.erase", actor, now);
  if (refusal) return refusedByPolicy(refusal);
  const erased = await db.transaction().execute(async (trx) => {
    const done = await erasePersonalData(trx, held.address, held.data, {
      now,
      mailFilesErased: held.mailFiles.length,
    });
    // Recorded without the address: the point of an erase is that nothing keeps it.
    await recordAudit(trx, { ...actor, action: "privacy.erase", detail: { rows: done.total } }, now);
    return done;
  });
  // After the commit: a failed transaction must not have taken the files with it.
  await removeFiles(held.mailFiles);
  // The rows are gone either way; only the bytes of free pages wait for a quieter moment.
  const scrubbed = await scrubFreedSpace(db).then(
    () => true,
    () => false,
  );
  return succeeded({ erased, scrubbed });
}
