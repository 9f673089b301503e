import type { Kysely } from "kysely";

// Scheduled publishing and news in date order (docs/decisions/042-preview-and-scheduled-publishing.md).
// A draft with a publish time is scheduled; the publishing job finds the due ones through
// (status, publish_at). News is ordered by its date, newest first, pinned posts first: the
// post's date is copied beside its document (news_date) so the database orders and cuts
// the list through an index, as it did by position; the index's directions are the
// order's, so no page sorts in memory.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("content_items").addColumn("publish_at", "text").execute();
  await db.schema
    .alterTable("content_items")
    .addColumn("featured", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("content_items").addColumn("news_date", "text").execute();
  await db.schema
    .createIndex("content_items_due")
    .on("content_items")
    .columns(["status", "publish_at"])
    .execute();
  await db.schema
    .createIndex("content_items_dated_listing")
    .on("content_items")
    .columns(["kind", "status", "featured desc", "news_date desc", "position", "id"])
    .execute();
  await db.schema
    .createIndex("content_items_dated_category_listing")
    .on("content_items")
    .columns(["kind", "status", "category", "featured desc", "news_date desc", "position", "id"])
    .execute();
  // An untyped Kysely: the migration must not change when the application's types do.
  const items = db as Kysely<{
    content_items: { kind: string; id: string; document: string; news_date: string | null };
  }>;
  const news = await items
    .selectFrom("content_items")
    .select(["id", "document"])
    .where("kind", "=", "news")
    .execute();
  for (const row of news) {
    const { date } = JSON.parse(row.document) as { date?: unknown };
    await items
      .updateTable("content_items")
      .set({ news_date: typeof date === "string" ? date : null })
      .where("kind", "=", "news")
      .where("id", "=", row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("content_items_dated_category_listing").execute();
  await db.schema.dropIndex("content_items_dated_listing").execute();
  await db.schema.dropIndex("content_items_due").execute();
  await db.schema.alterTable("content_items").dropColumn("news_date").execute();
  await db.schema.alterTable("content_items").dropColumn("featured").execute();
  await db.schema.alterTable("content_items").dropColumn("publish_at").execute();
}
