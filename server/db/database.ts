import { Kysely } from "kysely";
import { openSqlite } from "./dialect";
import { migrateToLatest } from "./migrate";
import { isPostgresUrl } from "#server/platform/database-url.ts";
import { createPostgresDatabase } from "./postgres";
import type { Database } from "./schema";
import { SiteSqliteDialect } from "./sqlite-driver";

export type { Database } from "./schema";
export { isPostgres } from "./dialect";
export type Db = Kysely<Database>;

/**
 * How long a write waits for another process's lock (the admin CLI, a backup, a
 * `sqlite3` shell) before it is answered 503. Long enough to ride out a typical admin
 * command, short of the 30-60 s a reverse proxy waits for an answer.
 */
export const DEFAULT_BUSY_DEADLINE_MS = 15_000;

export type DatabaseOptions = {
  /** SQLite: how long a write waits for another process's lock. */
  busyDeadlineMs?: number;
  /** PostgreSQL: connections kept at most. */
  poolSize?: number;
  /** PostgreSQL: a connection broke (the server restarted); the pool replaces it. */
  onClientError?: (error: Error) => void;
};

/**
 * A Kysely handle on the data: `location` is a PostgreSQL URL (postgres://…) or the
 * SQLite file, created with its folder when missing.
 */
export function createDatabase(location: string, options: DatabaseOptions = {}): Db {
  if (isPostgresUrl(location)) return createPostgresDatabase(location, options);
  const dialect = new SiteSqliteDialect({
    open: () => openSqlite(location),
    busyDeadlineMs: options.busyDeadlineMs ?? DEFAULT_BUSY_DEADLINE_MS,
  });
  return new Kysely<Database>({ dialect });
}

/** Opens the database and brings its schema up to date; start-up fails if a migration does. */
export async function openDatabase(location: string, options: DatabaseOptions = {}): Promise<Db> {
  const db = createDatabase(location, options);
  try {
    await migrateToLatest(db);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
