import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { errorCode } from "./storage-errors";

/**
 * What differs between the two engines, in one place (docs/decisions/013-postgresql.md):
 * opening SQLite with its pragmas, how a boolean is stored, how ids are generated and
 * which engine a handle runs on. The PostgreSQL pool is in postgres.ts.
 */

/** True when `db` runs on PostgreSQL: the few statements that differ ask this. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * SQLite has no boolean type: a boolean column holds 0 or 1. PostgreSQL's boolean takes
 * the parameter '0' or '1' as written, and reads back true or false.
 */
export type DbBoolean = 0 | 1;

export function toDbBoolean(value: boolean): DbBoolean {
  return value ? 1 : 0;
}

export function fromDbBoolean(value: DbBoolean | boolean): boolean {
  return value === true || value === 1;
}

/** True when a write broke a unique constraint (SQLite's error code; PostgreSQL reports 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/**
 * A SQLite connection tuned for an acknowledged-means-stored lead: WAL so readers never
 * block the writer, synchronous FULL so a committed row survives a power cut.
 */
export function openSqlite(file: string): SQLite.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  // No waiting inside SQLite: it would sleep on the event loop. A busy write is retried
  // on a timer instead (sqlite-driver.ts).
  sqlite.pragma("busy_timeout = 0");
  sqlite.pragma("foreign_keys = ON");
  // A value replaced or deleted is overwritten with zeros, not left in the page's free
  // space: a sent invitation's token, once taken out of its outbox row, is in no byte of
  // the file a backup copies.
  sqlite.pragma("secure_delete = ON");
  return sqlite;
}

/**
 * The id column of every table: `integer primary key` is SQLite's auto-assigned row id;
 * PostgreSQL needs an identity column for the same behaviour.
 */
export function idColumn(db: Kysely<unknown>) {
  const identity = isPostgres(db);
  return (column: ColumnDefinitionBuilder) =>
    (identity ? column.generatedAlwaysAsIdentity() : column).primaryKey();
}
