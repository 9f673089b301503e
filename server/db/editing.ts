import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Editing in the workspace: the text a form saved by itself (docs/decisions/065-never-lose-work.md),
 * who has an item's form open (066-concurrent-editing.md), and the newest revision a save
 * must have been made from. A target is named as revisions name it ("page:home", "news/<id>").
 */

export type EditorDraftRecord = { target: string; author: string; document: unknown; savedAt: string };

/** Keeps `document` as the person's own unsaved text of `target`, replacing what they had. */
export async function saveEditorDraft(
  db: Kysely<Database>,
  draft: { target: string; author: string; document: unknown },
  now: Date,
): Promise<string> {
  const savedAt = now.toISOString();
  const document = JSON.stringify(draft.document);
  await db
    .insertInto("editor_drafts")
    .values({ target: draft.target, author: draft.author, document, saved_at: savedAt })
    .onConflict((conflict) =>
      conflict.columns(["target", "author"]).doUpdateSet({ document, saved_at: savedAt }),
    )
    .execute();
  return savedAt;
}

export async function findEditorDraft(
  db: Kysely<Database>,
  target: string,
  author: string,
): Promise<EditorDraftRecord | undefined> {
  const row = await db
    .selectFrom("editor_drafts")
    .selectAll()
    .where("target", "=", target)
    .where("author", "=", author)
    .executeTakeFirst();
  return (
    row && {
      target: row.target,
      author: row.author,
      document: JSON.parse(row.document) as unknown,
      savedAt: row.saved_at,
    }
  );
}

/** Forgets the person's unsaved text of `target` (saved for real, or thrown away). */
export async function dropEditorDraft(db: Kysely<Database>, target: string, author: string): Promise<void> {
  await db.deleteFrom("editor_drafts").where("target", "=", target).where("author", "=", author).execute();
}

/** Forgets every draft of `target` (the item was deleted). */
export async function dropEditorDrafts(db: Kysely<Database>, target: string): Promise<void> {
  await db.deleteFrom("editor_drafts").where("target", "=", target).execute();
}

/** Notes that `author` has the form of `target` open now. */
export async function markEditing(db: Kysely<Database>, target: string, author: string, now: Date) {
  const seenAt = now.toISOString();
  await db
    .insertInto("editor_presence")
    .values({ target, author, seen_at: seenAt })
    .onConflict((conflict) => conflict.columns(["target", "author"]).doUpdateSet({ seen_at: seenAt }))
    .execute();
}

/** Notes that `author` closed the form of `target`. */
export async function stopEditing(db: Kysely<Database>, target: string, author: string): Promise<void> {
  await db.deleteFrom("editor_presence").where("target", "=", target).where("author", "=", author).execute();
}

/** Everyone but `author` who had the form of `target` open since `since`, and forgets the rest of the old rows. */
export async function listEditing(
  db: Kysely<Database>,
  target: string,
  author: string,
  since: Date,
): Promise<Array<{ author: string; seenAt: string }>> {
  const cutoff = since.toISOString();
  await db.deleteFrom("editor_presence").where("seen_at", "<", cutoff).execute();
  const rows = await db
    .selectFrom("editor_presence")
    .select(["author", "seen_at"])
    .where("target", "=", target)
    .where("author", "!=", author)
    .where("seen_at", ">=", cutoff)
    .orderBy("author")
    .execute();
  return rows.map((row) => ({ author: row.author, seenAt: row.seen_at }));
}

export type LatestRevision = { id: number; actor: string; savedAt: string; document: unknown };

/** The target's newest revision: what a save must have started from to be taken. */
export async function latestRevision(
  db: Kysely<Database>,
  target: string,
): Promise<LatestRevision | undefined> {
  const row = await db
    .selectFrom("revisions")
    .select(["id", "actor", "saved_at", "document"])
    .where("target", "=", target)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      id: Number(row.id),
      actor: row.actor,
      savedAt: row.saved_at,
      document: JSON.parse(row.document) as unknown,
    }
  );
}
