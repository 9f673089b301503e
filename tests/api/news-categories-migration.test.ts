import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/database.ts";
import { migrateToLatest, migrations } from "#server/db/migrate.ts";
import { createScratchDatabase } from "#tests/support/test-database.ts";

/**
 * Migration 0027 starts the list of news categories from the posts' own: one per name
 * whatever its case (and per page address), the first spelling in list order kept, and the
 * posts that spelt it otherwise rewritten to it, document and column alike.
 */
describe("the news categories a database starts with", () => {
  it("are the posts' categories, merged case-insensitively, with the posts rewritten to match", async () => {
    const scratch = await createScratchDatabase();
    const db = createDatabase(scratch.location);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0022_revisions")).error).toBeUndefined();
      // After the built-in three (Featured, Web Development, AI & Technology), in list order.
      const extra = [
        ["lower-case", "web development"],
        ["upper-case", "WEB DEVELOPMENT"],
        ["same-address", "AI-Technology"],
        ["new-one", "Cloud"],
      ] as const;
      const at = new Date().toISOString();
      for (const [index, [id, category]] of extra.entries()) {
        const document = { title: id, excerpt: "x", content: "y", date: "2026-01-01", author: "A", category };
        await db
          .insertInto("content_items")
          .values({
            kind: "news",
            id,
            position: 4 + index,
            status: "published",
            document: JSON.stringify({
              ...document,
              image: { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 },
            }),
            category,
            has_article: 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      await migrateToLatest(db);

      const categories = await db
        .selectFrom("news_categories")
        .select(["name", "name_key", "slug"])
        .orderBy("name_key")
        .execute();
      expect(categories).toEqual([
        { name: "AI & Technology", name_key: "ai & technology", slug: "ai-technology" },
        { name: "Cloud", name_key: "cloud", slug: "cloud" },
        { name: "Featured", name_key: "featured", slug: "featured" },
        { name: "Web Development", name_key: "web development", slug: "web-development" },
      ]);
      const rows = await db
        .selectFrom("content_items")
        .select(["id", "category", "document"])
        .where("kind", "=", "news")
        .where(
          "id",
          "in",
          extra.map(([id]) => id),
        )
        .orderBy("position")
        .execute();
      expect(rows.map((row) => [row.id, row.category, JSON.parse(row.document).category])).toEqual([
        ["lower-case", "Web Development", "Web Development"],
        ["upper-case", "Web Development", "Web Development"],
        ["same-address", "AI & Technology", "AI & Technology"],
        ["new-one", "Cloud", "Cloud"],
      ]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
});
