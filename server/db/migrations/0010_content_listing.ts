import type { Kysely } from "kysely";

// Lists of content are read a page at a time (docs/decisions/021-news-that-publishes.md):
// the database orders, counts and cuts them, so a page's cost does not grow with the
// archive. Two facts of a news post are copied beside its document, where queries can
// use them without reading it: its category (the news pages filter by it, through an
// index) and whether it has a body, and so a page of its own (the sitemap lists those).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("content_items").addColumn("category", "text").execute();
  await db.schema
    .alterTable("content_items")
    .addColumn("has_article", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("content_items_listing")
    .on("content_items")
    .columns(["kind", "status", "position", "id"])
    .execute();
  await db.schema
    .createIndex("content_items_category_listing")
    .on("content_items")
    .columns(["kind", "status", "category", "position", "id"])
    .execute();
  // An untyped Kysely: the migration must not change when the application's types do.
  const items = db as Kysely<{
    content_items: {
      kind: string;
      id: string;
      document: string;
      category: string | null;
      has_article: number;
    };
  }>;
  const news = await items
    .selectFrom("content_items")
    .select(["id", "document"])
    .where("kind", "=", "news")
    .execute();
  for (const row of news) {
    const { category, content } = JSON.parse(row.document) as { category?: unknown; content?: unknown };
    await items
      .updateTable("content_items")
      .set({
        category: typeof category === "string" ? category : null,
        has_article: content === undefined ? 0 : 1,
      })
      .where("kind", "=", "news")
      .where("id", "=", row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("content_items_category_listing").execute();
  await db.schema.dropIndex("content_items_listing").execute();
  await db.schema.alterTable("content_items").dropColumn("has_article").execute();
  await db.schema.alterTable("content_items").dropColumn("category").execute();
}
