import type { Kysely } from "kysely";
import { caseStudies } from "#data/seed-case-studies.ts";
import { newsPosts } from "#data/seed-news.ts";
import { projects } from "#data/seed-projects.ts";

// Projects, news posts and case studies move from code into the database, where the
// admin CLI manages them (docs/decisions/014-content-in-the-database.md). One table holds
// every kind: each item is a JSON document checked against its zod schema on every write
// and read; columns hold only what the database itself must keep straight (which item,
// its order, whether visitors see it). The built-in samples are copied in once, here, so
// a new site starts with the content of docs/requirements.md and staff change it from then on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_items")
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("id", "text", (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("document", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("content_items_pkey", ["kind", "id"])
    .execute();
  await db.schema
    .createIndex("content_items_kind_position")
    .on("content_items")
    .columns(["kind", "position"])
    .execute();

  const seededAt = new Date().toISOString();
  const rows = [
    ...projects.map(({ id, created_at, updated_at, ...document }, index) => ({
      kind: "projects",
      id,
      position: index + 1,
      document,
      created_at,
      updated_at,
    })),
    ...newsPosts.map(({ id, ...document }, index) => ({
      kind: "news",
      id,
      position: index + 1,
      document,
      created_at: seededAt,
      updated_at: seededAt,
    })),
    ...caseStudies.map(({ id, ...document }, index) => ({
      kind: "case-studies",
      id,
      position: index + 1,
      document,
      created_at: seededAt,
      updated_at: seededAt,
    })),
  ];
  // An untyped Kysely: the migration must not change when the application's types do.
  const table = (db as Kysely<{ content_items: Record<string, unknown> }>).insertInto("content_items");
  for (const row of rows) {
    await table.values({ ...row, status: "published", document: JSON.stringify(row.document) }).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_items").execute();
}
