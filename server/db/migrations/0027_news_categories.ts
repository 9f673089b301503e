import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";
import { slugify } from "#shared/slug.ts";

// News categories become a list editors choose from and extend
// (docs/decisions/043-news-form-and-categories.md), rather than free text in each post,
// where "Web Development" and "web development" were two categories. `name_key` is the
// name in lower case, unique, so a name differing only in case cannot be added twice;
// `slug` is the category page's address (/news/category/<slug>), unique too. A renamed
// category keeps its old addresses in `news_category_redirects`, which answer 301.
//
// The list starts with the categories posts already use, merged case-insensitively (and
// by address): the first spelling met in list order wins, and posts spelling it
// otherwise are rewritten to it, so every post's category is one on the list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("news_categories")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("name_key", "text", (column) => column.notNull().unique())
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("news_category_redirects")
    .addColumn("old_slug", "text", (column) => column.notNull().primaryKey())
    .addColumn("slug", "text", (column) => column.notNull())
    .execute();

  // An untyped Kysely: the migration must not change when the application's types do.
  const untyped = db as Kysely<{
    content_items: { kind: string; id: string; position: number; category: string | null; document: string };
    news_categories: { name: string; name_key: string; slug: string; created_at: string };
  }>;
  const posts = await untyped
    .selectFrom("content_items")
    .select(["id", "category", "document"])
    .where("kind", "=", "news")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byKey = new Map<string, string>();
  const bySlug = new Map<string, string>();
  const createdAt = new Date().toISOString();
  for (const post of posts) {
    const category = post.category?.trim();
    if (!category) continue;
    const key = category.toLowerCase();
    const slug = slugify(category);
    const name = byKey.get(key) ?? bySlug.get(slug);
    if (name === undefined) {
      byKey.set(key, category);
      bySlug.set(slug, category);
      await untyped
        .insertInto("news_categories")
        .values({ name: category, name_key: key, slug, created_at: createdAt })
        .execute();
    } else if (name !== post.category) {
      const document = JSON.parse(post.document) as Record<string, unknown>;
      await untyped
        .updateTable("content_items")
        .set({ category: name, document: JSON.stringify({ ...document, category: name }) })
        .where("kind", "=", "news")
        .where("id", "=", post.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("news_category_redirects").execute();
  await db.schema.dropTable("news_categories").execute();
}
