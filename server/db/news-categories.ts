import type { Kysely, Transaction } from "kysely";
import { recordAudit, type AuditEntry } from "./audit-log";
import { BASELINE_NOTE, changingContent } from "./content-revision";
import { isUniqueViolation } from "./dialect";
import { listRevisions, recordRevision } from "./history";
import type { Database } from "./schema";
import { newsCategoryKey, type NewsCategorySummary } from "#shared/news-categories.ts";
import { slugify } from "#shared/slug.ts";

type Db = Kysely<Database>;

/**
 * The news categories editors choose from (migration 0027,
 * docs/decisions/043-news-form-and-categories.md). A post keeps its category's name in its
 * document and in the `category` column the news pages filter by; renaming one rewrites
 * both in every post, in one transaction that counts as a change to what pages show.
 */

export type NewsCategory = { id: number; name: string; slug: string };

/** A category with that name in any case, or with that page address, exists already. */
export class NewsCategoryTakenError extends Error {
  override name = "NewsCategoryTakenError";
}

const columns = ["id", "name", "slug"] as const;

/** Every category with its number of posts (drafts too), in alphabetical order. */
export async function listNewsCategoryCounts(db: Db): Promise<NewsCategorySummary[]> {
  const [categories, posts] = await Promise.all([
    db.selectFrom("news_categories").select(columns).execute(),
    newsPostCategories(db),
  ]);
  const counts = new Map<string, number>();
  for (const post of posts) {
    const key = newsCategoryKey(post.category);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return categories
    .map((category) => ({
      name: category.name,
      slug: category.slug,
      posts: counts.get(newsCategoryKey(category.name)) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** The category of that name, whatever its case. */
export async function findNewsCategory(db: Db, name: string): Promise<NewsCategory | undefined> {
  return db
    .selectFrom("news_categories")
    .select(columns)
    .where("name_key", "=", newsCategoryKey(name))
    .executeTakeFirst();
}

export async function findNewsCategoryBySlug(db: Db, slug: string): Promise<NewsCategory | undefined> {
  return db.selectFrom("news_categories").select(columns).where("slug", "=", slug).executeTakeFirst();
}

/** Where a renamed category's old page address now points, if it was one. */
export async function findNewsCategoryRedirect(db: Db, oldSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("news_category_redirects")
    .select("slug")
    .where("old_slug", "=", oldSlug)
    .executeTakeFirst();
  return row?.slug;
}

/** Every news post's id and category, drafts too: few enough to read whole. */
async function newsPostCategories(db: Kysely<Database>): Promise<Array<{ id: string; category: string }>> {
  const rows = await db
    .selectFrom("content_items")
    .select(["id", "category"])
    .where("kind", "=", "news")
    .where("category", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.category === null ? [] : [{ id: row.id, category: row.category }]));
}

/** The ids of the posts filed under a category, whatever case they spell it in. */
export async function listNewsPostsIn(db: Db, name: string): Promise<string[]> {
  const key = newsCategoryKey(name);
  return (await newsPostCategories(db))
    .filter((post) => newsCategoryKey(post.category) === key)
    .map((post) => post.id);
}

/**
 * Puts a post's category on the list when it is not there, inside the transaction that
 * stores the post; a name on it already (in any case) or an address taken leaves it be.
 */
export async function ensureNewsCategory(trx: Transaction<Database>, name: string, now: Date): Promise<void> {
  await trx
    .insertInto("news_categories")
    .values({ name, name_key: newsCategoryKey(name), slug: slugify(name), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function insertNewsCategory(
  db: Db,
  name: string,
  now: Date,
  audit: AuditEntry,
): Promise<NewsCategory> {
  try {
    return await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto("news_categories")
        .values({ name, name_key: newsCategoryKey(name), slug: slugify(name), created_at: now.toISOString() })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, audit, now);
      return added;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new NewsCategoryTakenError(`news category ${name} exists already`);
    throw error;
  }
}

/**
 * Keeps a post's rewritten document as its newest revision, by the member of staff who
 * renamed the category, so the rename shows in its history like any save (and what it was
 * first, when it had no history yet).
 */
async function recordRenamedPost(
  trx: Transaction<Database>,
  post: { id: string; before: unknown; after: unknown },
  revision: { actor: string; note: string },
  now: Date,
): Promise<void> {
  const target = `news/${post.id}`;
  if ((await listRevisions(trx, target, { limit: 1 })).length === 0) {
    await recordRevision(
      trx,
      { target, actor: revision.actor, document: post.before, note: BASELINE_NOTE },
      now,
    );
  }
  await recordRevision(trx, { target, document: post.after, ...revision }, now);
}

/**
 * Renames a category and rewrites every post filed under it (document and column), each
 * kept as a revision of that post, keeps its old page address as a redirect to the new
 * one (and points older ones there too), and counts it as a change to what pages show.
 * Answers how many posts it rewrote.
 */
export async function renameNewsCategory(
  db: Db,
  category: NewsCategory,
  name: string,
  now: Date,
  audit: (posts: number) => AuditEntry,
  actor: string,
): Promise<number> {
  const slug = slugify(name);
  const revision = { actor, note: `Category renamed from ${category.name} to ${name}` };
  try {
    return await changingContent(
      db,
      async (trx) => {
        await trx
          .updateTable("news_categories")
          .set({ name, name_key: newsCategoryKey(name), slug })
          .where("id", "=", category.id)
          .execute();
        const key = newsCategoryKey(category.name);
        const posts = (await newsPostCategories(trx)).filter(
          (post) => newsCategoryKey(post.category) === key,
        );
        for (const post of posts) {
          const row = await trx
            .selectFrom("content_items")
            .select("document")
            .where("kind", "=", "news")
            .where("id", "=", post.id)
            .executeTakeFirstOrThrow();
          const document = JSON.parse(row.document) as Record<string, unknown>;
          const renamed = { ...document, category: name };
          await trx
            .updateTable("content_items")
            .set({
              category: name,
              document: JSON.stringify(renamed),
              updated_at: now.toISOString(),
            })
            .where("kind", "=", "news")
            .where("id", "=", post.id)
            .execute();
          await recordRenamedPost(trx, { id: post.id, before: document, after: renamed }, revision, now);
        }
        if (slug !== category.slug) {
          // The new address is no longer an old one; older addresses skip to the newest.
          await trx.deleteFrom("news_category_redirects").where("old_slug", "=", slug).execute();
          await trx
            .updateTable("news_category_redirects")
            .set({ slug })
            .where("slug", "=", category.slug)
            .execute();
          await trx.insertInto("news_category_redirects").values({ old_slug: category.slug, slug }).execute();
        }
        return posts.length;
      },
      (posts) => audit(posts),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new NewsCategoryTakenError(`news category ${name} exists already`);
    throw error;
  }
}

/** Deletes a category no post is filed under, with the old addresses that led to it. */
export async function deleteNewsCategory(db: Db, category: NewsCategory, audit: AuditEntry): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("news_categories").where("id", "=", category.id).execute();
    await trx.deleteFrom("news_category_redirects").where("slug", "=", category.slug).execute();
    await recordAudit(trx, audit);
  });
}
