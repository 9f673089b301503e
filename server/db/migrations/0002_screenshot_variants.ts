import type { Kysely } from "kysely";

// Uploaded screenshots come in several sizes and formats; pages need them for srcset,
// and removal needs to know which files a row shares with others.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable("service_screenshots").addColumn("variants", "text").execute();
  await db.schema.alterTable("service_screenshots").addColumn("content_hash", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("service_screenshots").dropColumn("content_hash").execute();
  await db.schema.alterTable("service_screenshots").dropColumn("variants").execute();
}
