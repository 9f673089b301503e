import type { Kysely, Selectable, SelectQueryBuilder, Transaction, Updateable } from "kysely";
import type { z } from "zod";
import { changingContent, type AuditOf } from "./content-revision";
import { isPostgres, isUniqueViolation } from "./dialect";
import { ensureNewsCategory } from "./news-categories";
import type { ContentItemTable, Database } from "./schema";

/** A content item as read from its table. */
type ContentItemRow = Selectable<ContentItemTable>;
import type { ContentStatus } from "#shared/content-fields.ts";
import {
  caseStudySchema,
  newsPostSchema,
  projectSchema,
  type CaseStudy,
  type NewsPost,
  type Project,
} from "#shared/content-types.ts";
import type { ContentKind } from "#shared/content-fields.ts";

type Db = Kysely<Database>;

/**
 * Projects, news posts and case studies, as the admin CLI manages them and pages read
 * them (docs/decisions/014-content-in-the-database.md). Every item is checked against
 * its schema when written and again when read, so a page never renders a malformed one.
 */

export { contentKinds, type ContentKind } from "#shared/content-fields.ts";

export type ContentItemOf = { projects: Project; news: NewsPost; "case-studies": CaseStudy };
export type ContentItem = ContentItemOf[ContentKind];

export const contentSchemas: { [K in ContentKind]: z.ZodType<ContentItemOf[K]> } = {
  projects: projectSchema,
  news: newsPostSchema,
  "case-studies": caseStudySchema,
};

export type ContentRecord<K extends ContentKind = ContentKind> = {
  kind: K;
  id: string;
  position: number;
  status: ContentStatus;
  item: ContentItemOf[K];
  /** A scheduled draft's publish time (ISO); null when it is not scheduled. */
  publishAt: string | null;
  /** A news post pinned above the others. */
  featured: boolean;
  createdAt: string;
  updatedAt: string;
};

/** A stored document that no longer passes its schema: a bug or a hand edit, never shown. */
export class InvalidContentError extends Error {
  override name = "InvalidContentError";
}

/** Another item of the kind has this id. */
export class ContentIdTakenError extends Error {
  override name = "ContentIdTakenError";
}

/** A project's timestamps are its row's; every other field is in the document. */
function toDocument(item: ContentItem): string {
  const { id: _id, ...rest } = item;
  if ("created_at" in rest) {
    const { created_at: _created, updated_at: _updated, ...document } = rest;
    return JSON.stringify(document);
  }
  return JSON.stringify(rest);
}

/**
 * The columns copied from a news post's document: its category and whether it has a page
 * (migration 0010), and its date, which orders the news pages (migration 0026).
 */
const listingColumns = (item: ContentItem) => ({
  category: "category" in item ? item.category : null,
  has_article: "excerpt" in item && item.content !== undefined ? 1 : 0,
  news_date: "excerpt" in item ? item.date : null,
});

/**
 * A kind's page order, newest first and the end of each a tie-breaker: news by date,
 * pinned posts first, the same day's posts as they were placed; the others by position.
 */
const pageOrder = (kind: ContentKind) =>
  kind === "news"
    ? ([
        ["featured", "desc"],
        ["news_date", "desc"],
        ["position", "asc"],
        ["id", "asc"],
      ] as const)
    : ([
        ["position", "asc"],
        ["id", "asc"],
      ] as const);

type OrderColumn = ReturnType<typeof pageOrder>[number][0];

function inPageOrder<O>(
  query: SelectQueryBuilder<Database, "content_items", O>,
  kind: ContentKind,
  reverse = false,
): SelectQueryBuilder<Database, "content_items", O> {
  let ordered = query;
  for (const [column, direction] of pageOrder(kind)) {
    const flipped = direction === "asc" ? "desc" : "asc";
    ordered = ordered.orderBy(column, reverse ? flipped : direction);
  }
  return ordered;
}

function readDocument(row: ContentItemRow): unknown {
  try {
    return JSON.parse(row.document);
  } catch {
    return undefined;
  }
}

export function toContentRecord<K extends ContentKind>(kind: K, row: ContentItemRow): ContentRecord<K> {
  const document = readDocument(row);
  const fields =
    kind === "projects" ? { created_at: row.created_at, updated_at: row.updated_at } : ({} as object);
  const parsed = contentSchemas[kind].safeParse(
    typeof document === "object" && document !== null ? { ...document, id: row.id, ...fields } : document,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidContentError(
      `stored ${kind} item ${row.id} is not valid: ${issue?.path.join(".") || "document"} ${issue?.message ?? ""}`.trim(),
    );
  }
  return {
    kind,
    id: row.id,
    position: row.position,
    status: row.status,
    item: parsed.data,
    publishAt: row.publish_at,
    featured: row.featured === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Items of one kind in page order; drafts only when asked for (the admin CLI). */
export async function listContent<K extends ContentKind>(
  db: Db,
  kind: K,
  options: { includeDrafts?: boolean } = {},
): Promise<ContentRecord<K>[]> {
  const rows = await inPageOrder(
    db
      .selectFrom("content_items")
      .selectAll()
      .where("kind", "=", kind)
      .$if(!options.includeDrafts, (query) => query.where("status", "=", "published")),
    kind,
  ).execute();
  return rows.map((row) => toContentRecord(kind, row));
}

export type ContentPage<K extends ContentKind> = { records: ContentRecord<K>[]; total: number };

/**
 * One page of a kind's published items in page order: the database counts, orders and cuts
 * them (an index on kind, status, position), so the cost of a page does not grow with the
 * archive. `category` keeps news posts of that category only.
 */
export async function listContentPage<K extends ContentKind>(
  db: Db,
  kind: K,
  options: { offset: number; limit: number; category?: string },
): Promise<ContentPage<K>> {
  const published = db
    .selectFrom("content_items")
    .where("kind", "=", kind)
    .where("status", "=", "published")
    .$if(options.category !== undefined, (query) => query.where("category", "=", options.category ?? ""));
  const [rows, count] = await Promise.all([
    inPageOrder(published.selectAll(), kind).limit(options.limit).offset(options.offset).execute(),
    published
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map((row) => toContentRecord(kind, row)), total: Number(count.count) };
}

/** The categories of published news posts, each once, in alphabetical order. */
export async function listNewsCategories(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("content_items")
    .select("category")
    .distinct()
    .where("kind", "=", "news")
    .where("status", "=", "published")
    .where("category", "is not", null)
    .orderBy("category")
    .execute();
  return rows.map((row) => row.category).filter((category): category is string => category !== null);
}

/**
 * Published items' ids and last changes, in page order, without their documents: the
 * sitemap's. `withArticle`: news posts with a page of their own only.
 */
export async function listContentStamps(
  db: Db,
  kind: ContentKind,
  options: { withArticle?: boolean } = {},
): Promise<Array<{ id: string; updatedAt: string }>> {
  const rows = await inPageOrder(
    db
      .selectFrom("content_items")
      .select(["id", "updated_at"])
      .where("kind", "=", kind)
      .where("status", "=", "published")
      .$if(options.withArticle === true, (query) => query.where("has_article", "=", 1)),
    kind,
  ).execute();
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}

/** Where a record sits in its kind's page order: the values of the order's columns. */
function orderValues(
  kind: ContentKind,
  record: Pick<ContentRecord, "id" | "position" | "featured" | "item">,
) {
  const values: Record<OrderColumn, string | number | null> = {
    featured: record.featured ? 1 : 0,
    news_date: "excerpt" in record.item ? record.item.date : null,
    position: record.position,
    id: record.id,
  };
  return pageOrder(kind).map(([column, direction]) => ({ column, direction, value: values[column] }));
}

/**
 * The published items just before and after one in page order (its neighbours on the
 * list), read through the same index as the list: a row is after another when the first
 * column that differs says so.
 */
export async function findContentNeighbours<K extends ContentKind>(
  db: Db,
  kind: K,
  record: Pick<ContentRecord<K>, "id" | "position" | "featured" | "item">,
): Promise<{ previous?: ContentRecord<K>; next?: ContentRecord<K> }> {
  const base = db
    .selectFrom("content_items")
    .selectAll()
    .where("kind", "=", kind)
    .where("status", "=", "published");
  const keys = orderValues(kind, record);
  const beyond = (forward: boolean) =>
    base.where((eb) => {
      const from = (index: number): ReturnType<typeof eb.and> => {
        const key = keys[index];
        if (!key) return eb.and([eb.lit(false)]);
        const later = (key.direction === "asc") === forward ? ">" : "<";
        return eb.or([
          eb(key.column, later, key.value),
          eb.and([eb(key.column, "=", key.value), from(index + 1)]),
        ]);
      };
      return from(0);
    });
  const [previous, next] = await Promise.all([
    inPageOrder(beyond(false), kind, true).limit(1).executeTakeFirst(),
    inPageOrder(beyond(true), kind).limit(1).executeTakeFirst(),
  ]);
  return {
    previous: previous && toContentRecord(kind, previous),
    next: next && toContentRecord(kind, next),
  };
}

export async function findContent<K extends ContentKind>(
  db: Db,
  kind: K,
  id: string,
): Promise<ContentRecord<K> | undefined> {
  const row = await db
    .selectFrom("content_items")
    .selectAll()
    .where("kind", "=", kind)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toContentRecord(kind, row);
}

/**
 * The kind's ids in page order, locked on PostgreSQL until the transaction ends, so two
 * admins reordering at once take turns (SQLite runs one write transaction at a time).
 */
async function orderedIds(
  trx: Transaction<Database>,
  kind: ContentKind,
  onPostgres: boolean,
): Promise<string[]> {
  const rows = await trx
    .selectFrom("content_items")
    .select("id")
    .where("kind", "=", kind)
    .orderBy("position")
    .orderBy("id")
    .$if(onPostgres, (query) => query.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

/** Writes positions 1..n in the given order, touching only rows whose position changes. */
async function renumber(trx: Transaction<Database>, kind: ContentKind, ids: string[], before: string[]) {
  for (const [index, id] of ids.entries()) {
    if (before[index] === id) continue;
    await trx
      .updateTable("content_items")
      .set({ position: index + 1 })
      .where("kind", "=", kind)
      .where("id", "=", id)
      .execute();
  }
}

/** Clamps a wanted 1-based position to the list's length (plus one for a new item). */
const placeAt = (position: number | undefined, length: number) =>
  Math.min(Math.max(position ?? length + 1, 1), length + 1) - 1;

/** Adds an item at `position` (1-based; default last), moving the ones from there down. */
export async function insertContent<K extends ContentKind>(
  db: Db,
  kind: K,
  item: ContentItemOf[K],
  options: { position?: number; status: ContentStatus; now?: Date; audit?: AuditOf<ContentRecord<K>> },
): Promise<ContentRecord<K>> {
  const checked = contentSchemas[kind].parse(item);
  const now = (options.now ?? new Date()).toISOString();
  const timestamps =
    "created_at" in checked
      ? { created_at: checked.created_at, updated_at: checked.updated_at }
      : { created_at: now, updated_at: now };
  try {
    return await changingContent(
      db,
      async (trx) => {
        const before = await orderedIds(trx, kind, isPostgres(db));
        const ids = [...before];
        ids.splice(placeAt(options.position, before.length), 0, checked.id);
        await trx
          .insertInto("content_items")
          .values({
            kind,
            id: checked.id,
            // Last for now; renumber puts it in its place and moves the rest.
            position: before.length + 1,
            status: options.status,
            publish_at: null,
            featured: 0,
            document: toDocument(checked),
            ...listingColumns(checked),
            ...timestamps,
          })
          .execute();
        await renumber(trx, kind, ids, [...before, checked.id]);
        if ("category" in checked) await ensureNewsCategory(trx, checked.category, options.now ?? new Date());
        return toContentRecord(
          kind,
          await trx
            .selectFrom("content_items")
            .selectAll()
            .where("kind", "=", kind)
            .where("id", "=", checked.id)
            .executeTakeFirstOrThrow(),
        );
      },
      options.audit,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContentIdTakenError(`${kind} item ${checked.id} exists already`);
    throw error;
  }
}

/** Sets columns of one item; false if it is not there. */
export function updatingItem(
  db: Db,
  kind: ContentKind,
  id: string,
  columns: Updateable<ContentItemTable>,
  audit: AuditOf<boolean> | undefined,
): Promise<boolean> {
  return changingContent(
    db,
    async (trx) => {
      const result = await trx
        .updateTable("content_items")
        .set(columns)
        .where("kind", "=", kind)
        .where("id", "=", id)
        .executeTakeFirst();
      // A post's category is always one on the list (server/db/news-categories.ts).
      if (typeof columns.category === "string") await ensureNewsCategory(trx, columns.category, new Date());
      return result.numUpdatedRows > 0n;
    },
    audit,
  );
}

/** Replaces an item's fields (its id stays); `updated_at` becomes now. */
export async function updateContent<K extends ContentKind>(
  db: Db,
  kind: K,
  item: ContentItemOf[K],
  now = new Date(),
  audit?: AuditOf<boolean>,
): Promise<boolean> {
  const checked = contentSchemas[kind].parse(item);
  const columns = {
    document: toDocument(checked),
    ...listingColumns(checked),
    updated_at: now.toISOString(),
  };
  return updatingItem(db, kind, checked.id, columns, audit);
}

export async function setContentStatus(
  db: Db,
  kind: ContentKind,
  id: string,
  status: ContentStatus,
  now = new Date(),
  audit?: AuditOf<boolean>,
): Promise<boolean> {
  // Published or unpublished by hand, an item is no longer scheduled.
  return updatingItem(db, kind, id, { status, publish_at: null, updated_at: now.toISOString() }, audit);
}

/**
 * Reorders the kind's items with `reorder`, given their ids in order, when `id` is among
 * them; false if it is not.
 */
function reorderingItems(
  db: Db,
  kind: ContentKind,
  id: string,
  audit: AuditOf<boolean> | undefined,
  reorder: (trx: Transaction<Database>, before: string[]) => Promise<void>,
): Promise<boolean> {
  return changingContent(
    db,
    async (trx) => {
      const before = await orderedIds(trx, kind, isPostgres(db));
      if (!before.includes(id)) return false;
      await reorder(trx, before);
      return true;
    },
    audit,
  );
}

/** Moves an item to `position` (clamped to the list), shifting the others; false if it is gone. */
export async function moveContent(
  db: Db,
  kind: ContentKind,
  id: string,
  position: number,
  audit?: AuditOf<boolean>,
): Promise<boolean> {
  return reorderingItems(db, kind, id, audit, async (trx, before) => {
    const ids = before.filter((other) => other !== id);
    ids.splice(placeAt(position, ids.length), 0, id);
    await renumber(trx, kind, ids, before);
  });
}

/** Deletes an item and closes the gap it leaves; false if it was not there. */
export async function deleteContent(
  db: Db,
  kind: ContentKind,
  id: string,
  audit?: AuditOf<boolean>,
): Promise<boolean> {
  return reorderingItems(db, kind, id, audit, async (trx, before) => {
    await trx.deleteFrom("content_items").where("kind", "=", kind).where("id", "=", id).execute();
    await renumber(
      trx,
      kind,
      before.filter((other) => other !== id),
      before,
    );
  });
}

/** How many stored items mention an uploaded image's content hash (its file names carry it). */
export async function countContentUsingImage(db: Db, contentHash: string): Promise<number> {
  const row = await db
    .selectFrom("content_items")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("document", "like", `%/${contentHash}-%`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
