import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "./schema";
import { recordAudit, type AuditEntry } from "./audit-log";
import { deletePreviewLinks } from "./preview-links";
import { deleteRevisions, listRevisions, recordRevision } from "./history";

/**
 * A counter of changes to what pages show: every write to content items or uploaded
 * screenshots adds one, in the same transaction where there is one. Page caches compare
 * it with the revision their copies were rendered at (server/http/page-cache.ts).
 */
export async function bumpContentRevision(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .updateTable("content_revision")
    .set({ revision: sql<number>`revision + 1`, changed_at: now.toISOString() })
    .where("id", "=", 1)
    .execute();
}

export async function readContentRevision(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("content_revision")
    .select("revision")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/**
 * An audit entry that may also carry the whole document the change saved, kept as the
 * newest revision of the entry's target (server/db/history.ts), by the same actor.
 */
export type ChangeEntry = AuditEntry & {
  revision?: {
    document: unknown;
    note?: string;
    /** What it was before, kept first when the target has no revision yet (saved before revisions were kept). */
    before?: unknown;
  };
  /** The target is gone (a removed item): its revisions and preview links go with it. */
  forgetRevisions?: boolean;
};

/** The note of a revision kept of what a target was before its first revision. */
export const BASELINE_NOTE = "As it was before its history was kept";

/** Says how to record a change in the audit log once its result is known (an added row's id); undefined: nothing changed. */
export type AuditOf<T> = (result: T) => ChangeEntry | undefined;

/**
 * Runs a change to what pages show and counts it, and records it in the audit log (and
 * its revision) when asked, in one transaction.
 */
export function changingContent<T>(
  db: Kysely<Database>,
  change: (trx: Transaction<Database>) => Promise<T>,
  audit?: AuditOf<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await bumpContentRevision(trx);
    const entry = audit?.(result);
    if (!entry) return result;
    const { revision, forgetRevisions, ...audited } = entry;
    await recordAudit(trx, audited);
    if (forgetRevisions && audited.target) {
      await deleteRevisions(trx, audited.target);
      // A later item given the same id must not show through the removed one's links.
      await deletePreviewLinks(trx, audited.target);
    }
    if (revision && audited.target) {
      const { before, ...saved } = revision;
      const target = audited.target;
      if (before !== undefined && (await listRevisions(trx, target, { limit: 1 })).length === 0) {
        await recordRevision(trx, { target, actor: audited.actor, document: before, note: BASELINE_NOTE });
      }
      await recordRevision(trx, { target, actor: audited.actor, ...saved });
    }
    return result;
  });
}
