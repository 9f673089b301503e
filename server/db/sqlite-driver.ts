import { setTimeout as sleep } from "node:timers/promises";
import type SQLite from "better-sqlite3";
import {
  type CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { asStorageError, classifyStorageError, StorageUnavailableError } from "./storage-errors";

/**
 * A Kysely SQLite driver that never lets another process's lock freeze the server
 * (docs/decisions/007-operability.md).
 *
 * better-sqlite3 is synchronous: with a busy timeout, a write waiting for another
 * process's lock (the admin CLI, a backup, a `sqlite3` shell) sleeps on the event loop
 * and every page waits with it. Here SQLite's busy timeout is zero; a busy write is
 * retried on a timer until `busyDeadlineMs`, then fails as StorageUnavailableError
 * ("busy", answered 503). Reads use a second, query-only connection, so they never
 * queue behind a write waiting for the lock (WAL lets them read meanwhile).
 */
export type SqliteDriverOptions = {
  /** Opens one connection to the database file; called for the reader and the writer. */
  open(): SQLite.Database;
  /** How long a write keeps trying for the lock before it gives up. */
  busyDeadlineMs: number;
};

const FIRST_RETRY_MS = 5;
const MAX_RETRY_MS = 100;

export class SiteSqliteDialect implements Dialect {
  constructor(private readonly options: SqliteDriverOptions) {}
  createDriver(): Driver {
    return new SiteSqliteDriver(this.options);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, yielding to the event loop
 * between tries; gives up at `deadline` (epoch ms).
 */
async function retryWhileBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_MS)) {
    try {
      return attempt();
    } catch (error) {
      if (classifyStorageError(error) !== "busy") throw asStorageError(error);
      if (Date.now() + delay > deadline) throw new StorageUnavailableError("busy", { cause: error });
      await sleep(delay);
    }
  }
}

/**
 * One writer at a time within this process (SQLite serialises writers across
 * processes). A waiter gives up at its deadline, so writes queued behind one that waits
 * for another process's lock share its deadline instead of adding theirs one by one.
 */
class Mutex {
  #held = false;
  readonly #waiters: Array<() => void> = [];

  lock(deadline = Infinity): Promise<() => void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(this.#releaser());
      };
      const timer =
        deadline === Infinity
          ? undefined
          : setTimeout(
              () => {
                this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
                reject(new StorageUnavailableError("busy"));
              },
              Math.max(0, deadline - Date.now()),
            );
      this.#waiters.push(waiter);
    });
  }

  /** Hands the lock to the next waiter; a second call by the same holder does nothing. */
  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next) next();
      else this.#held = false;
    };
  }
}

class SiteSqliteDriver implements Driver {
  readonly #options: SqliteDriverOptions;
  readonly #writeLock = new Mutex();
  #reader: SQLite.Database | undefined;
  #writer: SQLite.Database | undefined;

  constructor(options: SqliteDriverOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    this.#reader = this.#options.open();
    this.#reader.pragma("query_only = ON");
    this.#writer = this.#options.open();
  }

  /** The writer, reopened after a failure that a fresh connection can get past (a read-only file made writable). */
  writer(): SQLite.Database {
    this.#writer ??= this.#options.open();
    return this.#writer;
  }

  reader(): SQLite.Database {
    if (!this.#reader) throw new Error("the database is closed");
    return this.#reader;
  }

  /** After a read-only or I/O failure the connection keeps failing; the next write opens a new one. */
  discardWriterAfter(error: unknown): void {
    const failure = classifyStorageError(error);
    if (failure !== "read-only" && failure !== "io" && failure !== "cannot-open") return;
    if (this.#writer?.inTransaction) return;
    try {
      this.#writer?.close();
    } catch {
      // Closing a broken connection can fail too; it is discarded either way.
    }
    this.#writer = undefined;
  }

  lockWriter(deadline?: number): Promise<() => void> {
    return this.#writeLock.lock(deadline);
  }

  /** When a write that starts waiting now gives up (epoch ms). */
  deadline(): number {
    return Date.now() + this.#options.busyDeadlineMs;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Cheap and unshared: the connection takes the writer only for a transaction or a write.
    return new SiteSqliteConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SiteSqliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SiteSqliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SiteSqliteConnection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as SiteSqliteConnection).release();
  }

  async destroy(): Promise<void> {
    const release = await this.lockWriter();
    this.#reader?.close();
    this.#writer?.close();
    this.#reader = this.#writer = undefined;
    release();
  }
}

class SiteSqliteConnection implements DatabaseConnection {
  readonly #driver: SiteSqliteDriver;
  /** Set while this connection holds the writer for a transaction. */
  #releaseWriter: (() => void) | undefined;

  constructor(driver: SiteSqliteDriver) {
    this.#driver = driver;
  }

  /** BEGIN IMMEDIATE takes the write lock up front, so a busy database fails here, before any work. */
  async begin(): Promise<void> {
    const deadline = this.#driver.deadline();
    const release = await this.#driver.lockWriter(deadline);
    try {
      await retryWhileBusy(() => this.#driver.writer().exec("begin immediate"), deadline);
    } catch (error) {
      this.#driver.discardWriterAfter(error);
      release();
      throw error;
    }
    this.#releaseWriter = release;
  }

  async commit(): Promise<void> {
    try {
      this.#driver.writer().exec("commit");
    } catch (error) {
      throw asStorageError(error);
    }
    this.release();
  }

  /**
   * SQLite rolls a transaction back by itself after some failures (a full disk, an I/O
   * error); a second ROLLBACK would then fail with "no transaction is active" and hide
   * the real cause, so it is only sent when a transaction is still open.
   */
  async rollback(): Promise<void> {
    const writer = this.#driver.writer();
    try {
      if (writer.inTransaction) writer.exec("rollback");
    } finally {
      this.release();
    }
  }

  release(): void {
    const release = this.#releaseWriter;
    this.#releaseWriter = undefined;
    release?.();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = query;
    if (this.#releaseWriter) return run<R>(prepare(this.#driver.writer(), sql), parameters);
    // Prepared once on the reader: a read runs as it is, a write is told apart by it.
    const statement = prepare(this.#driver.reader(), sql);
    const deadline = this.#driver.deadline();
    if (statement.readonly) return retryWhileBusy(() => run<R>(statement, parameters), deadline);
    // A write outside a transaction: one statement, so a busy attempt changed nothing and can be retried.
    const release = await this.#driver.lockWriter(deadline);
    try {
      return await retryWhileBusy(() => run<R>(prepare(this.#driver.writer(), sql), parameters), deadline);
    } catch (error) {
      this.#driver.discardWriterAfter(error);
      throw error;
    } finally {
      release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("SQLite streams only select queries");
    const database = this.#releaseWriter ? this.#driver.writer() : this.#driver.reader();
    for (const row of database.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

function prepare(database: SQLite.Database, sql: string): SQLite.Statement {
  try {
    return database.prepare(sql);
  } catch (error) {
    throw asStorageError(error);
  }
}

function run<R>(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  try {
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  } catch (error) {
    throw asStorageError(error);
  }
}
