import { Kysely, SqliteDialect } from "kysely";
import { openSqlite } from "./dialect";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";

export type { Database } from "./schema";
export type Db = Kysely<Database>;

/** A Kysely handle on the SQLite file (created with its folder when missing). */
export function createDatabase(file: string): Db {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
}

/** Opens the database and brings its schema up to date; start-up fails if a migration does. */
export async function openDatabase(file: string): Promise<Db> {
  const db = createDatabase(file);
  try {
    await migrateToLatest(db);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
