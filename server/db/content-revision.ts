import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "./schema";
import { recordAudit, type AuditEntry } from "./audit-log";

/**
 * A counter of changes to what pages show: every write to content items or uploaded
 * screenshots adds one, in the same transaction where there is one. Page caches compare
 * it with the revision their copies were rendered at (server/page-cache.ts).
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

/** Says how to record a change in the audit log once its result is known (an added row's id); undefined: nothing changed. */
export type AuditOf<T> = (result: T) => AuditEntry | undefined;

/** Runs a change to what pages show and counts it, and records it in the audit log when asked, in one transaction. */
export function changingContent<T>(
  db: Kysely<Database>,
  change: (trx: Transaction<Database>) => Promise<T>,
  audit?: AuditOf<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await bumpContentRevision(trx);
    const entry = audit?.(result);
    if (entry) await recordAudit(trx, entry);
    return result;
  });
}
