import { createRequire } from "node:module";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import type { Database } from "./schema";

/**
 * `pg` is loaded when a PostgreSQL database is opened, not with the server: a site on
 * SQLite never needs it, and it cost every start 40 ms and 12 MB
 * (docs/decisions/023-start-up-and-memory.md). It is CommonJS, so a require is synchronous.
 */
function loadPg(): typeof pg {
  return createRequire(import.meta.url)("pg") as typeof pg;
}

/**
 * PostgreSQL for several instances on one database (docs/decisions/013-postgresql.md):
 * Kysely's own dialect on a `pg` pool. Only what differs from SQLite lives here.
 */

const INT8_OID = 20;

/**
 * `count(*)` is a bigint, which `pg` returns as a string to keep precision. Every count
 * here is far below 2^53, so it is read as a number, as SQLite returns it; the parser
 * belongs to this pool only, not to `pg` globally.
 */
function countsAsNumbers(driver: typeof pg) {
  return {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === INT8_OID && format !== "binary"
        ? (value: string) => Number(value)
        : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
}

export type PostgresOptions = {
  poolSize?: number;
  /** A connection the server closed (a restart, a failover): logged, never fatal. */
  onClientError?: (error: Error) => void;
};

/** A pool sized for one instance; a request waits at most 5 s for a connection, then fails as unreachable. */
export function createPostgresPool(url: string, options: PostgresOptions = {}): pg.Pool {
  const driver = loadPg();
  const pool = new driver.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query stuck behind a lock fails rather than holding a visitor forever.
    statement_timeout: 15_000,
    types: countsAsNumbers(driver),
    application_name: "agency-site",
  });
  // A connection lost under a client emits "error" on it: the pool listens on idle ones
  // only, so one lost while a request holds it would crash the process. Queries in flight
  // get the error themselves, and the pool drops the broken client when it is released.
  const report = (error: Error) => options.onClientError?.(error);
  pool.on("error", report);
  pool.on("connect", (client) => client.on("error", report));
  return pool;
}

export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPostgresPool(url, options) }) });
}
