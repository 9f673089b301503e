/**
 * What went wrong with the storage, named by its real cause. Drivers throw their own
 * codes (SQLite's `SQLITE_FULL`, PostgreSQL's SQLSTATE); the rest of the server only
 * needs to know that storage is unavailable, why, and that the visitor should be told
 * to try again (HTTP 503) rather than that we failed (500).
 */
export type StorageFailure =
  "busy" | "disk-full" | "read-only" | "io" | "cannot-open" | "corrupt" | "unreachable";

// Worded without "database" or "connection": log lines are redacted of those words
// (requirements §8), and the cause must survive into the log.
export const storageCauses: Record<StorageFailure, string> = {
  busy: "another process holds the write lock",
  "disk-full": "the disk is full",
  "read-only": "the storage is read-only",
  io: "the disk reported an I/O error",
  "cannot-open": "the data file cannot be opened",
  corrupt: "the data file is damaged",
  unreachable: "the PostgreSQL server cannot be reached",
};

/** SQLite's primary result codes (extended codes start with them, e.g. SQLITE_READONLY_DBMOVED). */
const sqliteCodes: Array<[prefix: string, failure: StorageFailure]> = [
  ["SQLITE_BUSY", "busy"],
  ["SQLITE_LOCKED", "busy"],
  ["SQLITE_FULL", "disk-full"],
  ["SQLITE_READONLY", "read-only"],
  ["SQLITE_IOERR", "io"],
  ["SQLITE_CANTOPEN", "cannot-open"],
  ["SQLITE_CORRUPT", "corrupt"],
  ["SQLITE_NOTADB", "corrupt"],
];

/**
 * PostgreSQL's SQLSTATE codes (https://www.postgresql.org/docs/15/errcodes-appendix.html):
 * whole classes by their first two characters, single codes in full.
 */
const postgresCodes: Record<string, StorageFailure> = {
  "08": "unreachable", // connection exception
  "57P01": "unreachable", // admin shutdown: the server is stopping
  "57P02": "unreachable", // crash shutdown
  "57P03": "unreachable", // cannot connect now: starting up or in recovery
  "53300": "busy", // too many connections
  "55P03": "busy", // lock not available
  "40001": "busy", // serialization failure
  "40P01": "busy", // deadlock detected
  "57014": "busy", // query cancelled by statement_timeout
  "53100": "disk-full",
  "25006": "read-only", // read-only transaction: a standby, or default_transaction_read_only
  "58030": "io",
  XX001: "corrupt", // data corrupted
  XX002: "corrupt", // index corrupted
};

/** `pg` reports a lost or refused connection with Node's socket codes or these messages. */
const postgresConnectionMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

/** Node's file-system and socket codes, for the folder beside the database and PostgreSQL's address. */
const fileCodes: Record<string, StorageFailure> = {
  ENOSPC: "disk-full",
  EDQUOT: "disk-full",
  EROFS: "read-only",
  EACCES: "read-only",
  EPERM: "read-only",
  EIO: "io",
  ECONNREFUSED: "unreachable",
  ECONNRESET: "unreachable",
  ETIMEDOUT: "unreachable",
  ENOTFOUND: "unreachable",
  EAI_AGAIN: "unreachable",
  EHOSTUNREACH: "unreachable",
  EPIPE: "unreachable",
};

/** The `code` a driver or Node.js puts on its errors (SQLITE_FULL, ENOENT, 23505), if any. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** Thrown where storage cannot take a write now; `failure` says why. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  constructor(
    readonly failure: StorageFailure,
    options?: { cause?: unknown },
  ) {
    const code = errorCode(options?.cause);
    const detail = options?.cause instanceof Error ? options.cause.message : undefined;
    super(
      `Storage unavailable: ${storageCauses[failure]}${code ? ` (${code}${detail ? `: ${detail}` : ""})` : ""}`,
      options,
    );
  }
}

/** The storage failure behind `error`, or undefined when it is not one (a bug, a constraint). */
export function classifyStorageError(error: unknown): StorageFailure | undefined {
  if (error instanceof StorageUnavailableError) return error.failure;
  const code = errorCode(error);
  if (!code) {
    const message = error instanceof Error ? error.message : "";
    return postgresConnectionMessages.some((pattern) => pattern.test(message)) ? "unreachable" : undefined;
  }
  const sqlite = sqliteCodes.find(([prefix]) => code.startsWith(prefix));
  if (sqlite) return sqlite[1];
  return postgresCodes[code] ?? postgresCodes[code.slice(0, 2)] ?? fileCodes[code];
}

/** `error` as a StorageUnavailableError when it is a storage failure; otherwise unchanged. */
export function asStorageError(error: unknown): unknown {
  if (error instanceof StorageUnavailableError) return error;
  const failure = classifyStorageError(error);
  return failure ? new StorageUnavailableError(failure, { cause: error }) : error;
}

/**
 * Seconds a client is asked to wait (Retry-After) on every 503 the server gives, whatever
 * its cause: one value, the "in a minute" the visitor's message promises
 * (docs/decisions/033-honest-answers-under-faults.md). A lock that outlasted the write's
 * own wait (15 s by default) is not a short one; a full disk, a read-only file or an
 * unreachable PostgreSQL waits for a person or a restart, so no cause is likely to pass
 * in a few seconds, and a shorter value only brings retries that fail the same way.
 */
export const RETRY_AFTER_SECONDS = 60;

/** The Retry-After value of a 503 (the one policy above). */
export function retryAfterSeconds(): number {
  return RETRY_AFTER_SECONDS;
}
