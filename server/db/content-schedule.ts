import type { Kysely } from "kysely";
import { recordAudit, type AuditEntry } from "./audit-log";
import { bumpContentRevision, type AuditOf } from "./content-revision";
import { updatingItem, type ContentKind } from "./content-items";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * Scheduled publishing and pinned news (docs/decisions/042-preview-and-scheduled-publishing.md):
 * a draft with a publish time is scheduled, and the publishing job makes it published
 * when the time comes; a pinned news post goes above the others.
 */

/**
 * Sets (or, with null, clears) a draft's publish time; false if there is no such draft.
 * Pages do not change (a scheduled item is still a draft), so the content revision stays.
 */
export function setPublishTime(
  db: Db,
  kind: ContentKind,
  id: string,
  publishAt: Date | null,
  audit: AuditEntry,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("content_items")
      .set({ publish_at: publishAt?.toISOString() ?? null })
      .where("kind", "=", kind)
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await recordAudit(trx, audit, now);
    return true;
  });
}

/** Pins a news post above the others, or unpins it; false if it is not there. */
export function setFeatured(
  db: Db,
  kind: ContentKind,
  id: string,
  featured: boolean,
  audit?: AuditOf<boolean>,
): Promise<boolean> {
  return updatingItem(db, kind, id, { featured: featured ? 1 : 0 }, audit);
}

export type DueItem = { kind: ContentKind; id: string; publishAt: string };

/** Scheduled drafts whose time has come, oldest first. */
export async function listDueContent(db: Db, now: Date, limit = 100): Promise<DueItem[]> {
  const rows = await db
    .selectFrom("content_items")
    .select(["kind", "id", "publish_at"])
    .where("status", "=", "draft")
    .where("publish_at", "is not", null)
    .where("publish_at", "<=", now.toISOString())
    .orderBy("publish_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ kind: row.kind as ContentKind, id: row.id, publishAt: row.publish_at ?? "" }));
}

/**
 * Publishes one due item if it is still the draft scheduled for that time: one
 * conditional update, so it is published once however many try. A news post's date
 * becomes `date`, the day it is published. True when this call published it.
 */
export function publishDueItem(
  db: Db,
  due: DueItem,
  options: { now: Date; date: string; audit: AuditEntry },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("content_items")
      .select(["document"])
      .where("kind", "=", due.kind)
      .where("id", "=", due.id)
      .where("status", "=", "draft")
      .where("publish_at", "=", due.publishAt)
      .executeTakeFirst();
    if (!row) return false;
    const dated = due.kind === "news" ? withDate(row.document, options.date) : undefined;
    const result = await trx
      .updateTable("content_items")
      .set({
        status: "published",
        publish_at: null,
        updated_at: options.now.toISOString(),
        ...(dated ? { document: dated, news_date: options.date } : {}),
      })
      .where("kind", "=", due.kind)
      .where("id", "=", due.id)
      .where("status", "=", "draft")
      .where("publish_at", "=", due.publishAt)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await bumpContentRevision(trx, options.now);
    await recordAudit(trx, options.audit, options.now);
    return true;
  });
}

/** A news post's document with its date replaced; undefined when it is not a JSON object. */
function withDate(document: string, date: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(document);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    return JSON.stringify({ ...parsed, date });
  } catch {
    return undefined;
  }
}
