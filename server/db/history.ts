import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Revisions: every save of something visitors read keeps the whole of it, so any earlier
 * state can be shown and put back (docs/decisions/041-revisions.md). A target names what
 * was saved: "settings", "page:<name>", or a content item as "<kind>/<id>".
 */
export type RevisionRecord = {
  id: number;
  target: string;
  /** The document as saved, parsed from its JSON. */
  document: unknown;
  actor: string;
  savedAt: string;
  note: string | null;
};

/** How many of a target's revisions the sweep keeps whatever their age, and how long it keeps all. */
export const revisionRetention = { newest: 50, days: 30 } as const;

/** Keeps `document` as the target's newest revision; pass the transaction that saves it, so both happen or neither. */
export async function recordRevision(
  db: Kysely<Database>,
  revision: { target: string; document: unknown; actor: string; note?: string },
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto("revisions")
    .values({
      target: revision.target,
      document: JSON.stringify(revision.document),
      actor: revision.actor,
      saved_at: now.toISOString(),
      note: revision.note ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Keeps `revision` as the target's first, when it has none yet: what a target was before
 * its first save (a page's shipped copy, the first settings), so History starts there and
 * it can be put back. Call in the save's transaction, before the save's own revision.
 */
export async function recordFirstRevision(
  db: Kysely<Database>,
  revision: { target: string; document: unknown; actor: string; note: string },
  now = new Date(),
): Promise<void> {
  const any = await db
    .selectFrom("revisions")
    .select("id")
    .where("target", "=", revision.target)
    .limit(1)
    .execute();
  if (any.length === 0) await recordRevision(db, revision, now);
}

/** A target's revisions, newest first. */
export async function listRevisions(
  db: Kysely<Database>,
  target: string,
  options: { limit?: number } = {},
): Promise<RevisionRecord[]> {
  let query = db.selectFrom("revisions").selectAll().where("target", "=", target).orderBy("id", "desc");
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map(revisionOf);
}

/** One revision of a target; undefined when it is not one of that target's. */
export async function findRevision(
  db: Kysely<Database>,
  target: string,
  id: number,
): Promise<RevisionRecord | undefined> {
  const row = await db
    .selectFrom("revisions")
    .selectAll()
    .where("target", "=", target)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && revisionOf(row);
}

/** For each target with revisions past `revisionRetention.days`: the lowest id of its newest `revisionRetention.newest`. */
async function prunableTargets(db: Kysely<Database>, now: Date) {
  const cutoff = new Date(now.getTime() - revisionRetention.days * 86_400_000).toISOString();
  const old = await db
    .selectFrom("revisions")
    .select(["id", "target"])
    .where("saved_at", "<", cutoff)
    .execute();
  const targets: Array<{ target: string; lowestKept: number }> = [];
  for (const target of new Set(old.map((row) => row.target))) {
    const kept = await db
      .selectFrom("revisions")
      .select("id")
      .where("target", "=", target)
      .orderBy("id", "desc")
      .limit(revisionRetention.newest)
      .execute();
    targets.push({ target, lowestKept: Number(kept.at(-1)?.id ?? 0) });
  }
  return { cutoff, targets };
}

/** A target's revisions that pruning forgets: older than the cutoff and below its newest kept. */
const isPrunable =
  (cutoff: string, { target, lowestKept }: { target: string; lowestKept: number }) =>
  (eb: ExpressionBuilder<Database, "revisions">) =>
    eb.and([eb("target", "=", target), eb("saved_at", "<", cutoff), eb("id", "<", lowestKept)]);

/**
 * Forgets revisions older than `revisionRetention.days` beyond each target's newest
 * `revisionRetention.newest`; returns how many went.
 */
export async function pruneRevisions(db: Kysely<Database>, now = new Date()): Promise<number> {
  const { cutoff, targets } = await prunableTargets(db, now);
  let removed = 0;
  for (const each of targets) {
    const result = await db.deleteFrom("revisions").where(isPrunable(cutoff, each)).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** How many revisions pruneRevisions would forget now (`privacy sweep --dry-run`). */
export async function countPrunableRevisions(db: Kysely<Database>, now = new Date()): Promise<number> {
  const { cutoff, targets } = await prunableTargets(db, now);
  let count = 0;
  for (const each of targets) {
    const row = await db
      .selectFrom("revisions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(isPrunable(cutoff, each))
      .executeTakeFirstOrThrow();
    count += Number(row.count);
  }
  return count;
}

function revisionOf(row: {
  id: number;
  target: string;
  document: string;
  actor: string;
  saved_at: string;
  note: string | null;
}): RevisionRecord {
  return {
    id: Number(row.id),
    target: row.target,
    document: JSON.parse(row.document) as unknown,
    actor: row.actor,
    savedAt: row.saved_at,
    note: row.note,
  };
}

/** Forgets every revision of a target that is gone; returns how many went. */
export async function deleteRevisions(db: Kysely<Database>, target: string): Promise<number> {
  const result = await db.deleteFrom("revisions").where("target", "=", target).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many kept revisions name an uploaded image by its content hash (its file names carry it). */
export async function countRevisionsUsingImage(db: Kysely<Database>, contentHash: string): Promise<number> {
  const row = await db
    .selectFrom("revisions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("document", "like", `%/${contentHash}-%`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
