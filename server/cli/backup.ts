/**
 * `backup --out FILE` copies the live database with SQLite's online backup API while the
 * server keeps writing; `backup --verify FILE` checks such a copy before anyone relies on
 * it (docs/decisions/009-backups.md).
 */
import { existsSync } from "node:fs";
import { lstat, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import { outboxStatuses } from "#server/db/schema.ts";
import { type CliFileContext, type CliOutput } from "./context";
import { exitCodes, fail, plural, printLine, usageError, type ExitCode } from "./output";
import { formatTable } from "./format";
import { errorCode } from "#server/db/storage-errors.ts";
import { Option, type Command } from "commander";
import type { RunOnFile } from "./command-parts";

export type BackupOptions = { out?: string; verify?: string; force?: boolean };

/** The tables holding what visitors sent, with what one row is called. */
const leadTables = {
  website_design_leads: "website-design lead",
  web_app_leads: "web-app lead",
  appointment_requests: "appointment request",
  newsletter_subscribers: "newsletter subscriber",
} as const;
type LeadTable = keyof typeof leadTables;
const leadTableNames = Object.keys(leadTables) as LeadTable[];

/** A file without these tables is some other SQLite database, not this site's. */
const siteTables = ["kysely_migration", ...leadTableNames, "outbox"];

/**
 * The most pages sqlite3_backup_step may copy at once. Copying in small steps lets
 * another connection's write in between, and each such write restarts the copy from the
 * first page, so under a steady stream of leads it would never finish. One step copies
 * every page inside one read transaction: in WAL mode that is a snapshot, and the
 * server's writes carry on beside it.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * How long the copying connection may wait for a lock (while another process recovers the
 * WAL, say): unlike the server, this process keeps no visitor waiting.
 */
const BUSY_TIMEOUT_MS = 5_000;

type Contents = {
  lastMigration: string | undefined;
  rows: Record<LeadTable, number>;
  outbox: Map<string, number>;
};

/** What examining a database file found; `problem` reads after the file's name. */
type Examined = { ok: true; contents: Contents } | { ok: false; problem: string };

export async function backupDatabase(ctx: CliFileContext, options: BackupOptions): Promise<ExitCode> {
  const { out } = ctx;
  if (ctx.config.databaseUrl !== undefined) {
    // PostgreSQL has its own consistent online backup; a copy of one file cannot be one.
    return fail(
      out,
      'backup works on the SQLite file; this site runs on PostgreSQL (DATABASE_URL): use pg_dump --format=custom, see README "Backups"',
    );
  }
  if (options.out !== undefined && options.verify !== undefined) {
    return usageError(out, "--out and --verify cannot be used together");
  }
  if (options.verify !== undefined) {
    if (options.force) return usageError(out, "--force applies to --out only");
    return verifyBackup(out, options.verify);
  }
  if (options.out !== undefined) return writeBackup(ctx, options.out, options.force ?? false);
  return usageError(out, "backup needs --out FILE (take a backup) or --verify FILE (check one)");
}

/**
 * Copies the live database to a hidden file beside the target, checks the copy, syncs it
 * and renames it: the target's name only ever holds a whole, verified backup.
 */
async function writeBackup(
  { config, out }: CliFileContext,
  given: string,
  force: boolean,
): Promise<ExitCode> {
  const target = path.resolve(given);
  const source = path.resolve(config.databaseFile);
  if (target === source) return fail(out, `refusing to write a backup over the live database ${source}`);
  if (!(await isFile(source))) {
    return fail(out, `no database at ${source} (DATA_DIR or DATABASE_FILE as for the server)`);
  }
  if (!force && (await pathExists(target))) return fail(out, `${target} exists; pass --force to replace it`);

  const folder = path.dirname(target);
  // Hidden, so a script that picks up *.sqlite never takes a half-written copy.
  const partial = path.join(folder, `.${path.basename(target)}.${process.pid}.partial`);
  const started = performance.now();
  let renamed = false;
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await copyLiveDatabase(source, partial);
    const examined = settleCopy(partial);
    if (!examined.ok) return fail(out, `the copy of ${source} ${examined.problem}; ${target} not written`);
    await syncToDisk(partial);
    await rename(partial, target);
    renamed = true;
    // The rename is an entry in the folder: sync that too, or a power cut can undo it.
    await syncToDisk(folder);
    const { size } = await stat(target);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = leadTableNames.map((table) => plural(examined.contents.rows[table], leadTables[table]));
    printLine(
      out,
      `Backed up to ${target}: ${formatSize(size)}, ${counts.join(", ")} (checked, ${seconds} s).`,
    );
    return exitCodes.ok;
  } catch (error) {
    return fail(out, `backup to ${target} failed: ${describeError(error)}`);
  } finally {
    if (!renamed) await removeDatabaseFiles(partial);
  }
}

async function copyLiveDatabase(source: string, partial: string): Promise<void> {
  // Created owner-only before a byte of it is written (leads are personal data); SQLite
  // gives the copy's journal the same mode.
  const file = await open(partial, "w", 0o600);
  try {
    await file.chmod(0o600);
  } finally {
    await file.close();
  }
  // Its own connection, not the server's settings: it may wait for a lock, and never writes.
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    sqlite.pragma("query_only = ON");
    await sqlite.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
}

/** Makes the copy stand alone, then checks it before it gets the target's name. */
function settleCopy(partial: string): Examined {
  const sqlite = new SQLite(partial, { fileMustExist: true });
  try {
    // The copy carries the source's WAL flag. In rollback-journal mode it is one file that
    // opens read-only anywhere; the server turns WAL back on when it opens a restored copy.
    sqlite.pragma("journal_mode = DELETE");
    return examine(sqlite);
  } finally {
    sqlite.close();
  }
}

/** Checks a backup: whole, this site's, and what it holds. Never writes to it. */
async function verifyBackup(out: CliOutput, given: string): Promise<ExitCode> {
  const file = path.resolve(given);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return fail(out, `${file} is not a file`);
    size = info.size;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return fail(out, `no such file: ${file}`);
    return fail(out, `cannot read ${file}: ${describeError(error)}`);
  }
  const examined = await withoutNewSideFiles(file, () => examineFile(file));
  if (!examined.ok) return fail(out, `${file} ${examined.problem}`);

  const { lastMigration, rows, outbox } = examined.contents;
  printLine(
    out,
    `OK: ${file} is intact and this site's database (${formatSize(size)}, last migration ${lastMigration ?? "none"})`,
  );
  const lines: Array<{ table: string; count: number }> = [
    ...leadTableNames.map((table) => ({ table, count: rows[table] })),
    ...[...outbox].map(([status, count]) => ({ table: `outbox ${status}`, count })),
  ];
  const columns = [
    { header: "TABLE", value: (line: { table: string }) => line.table },
    { header: "ROWS", value: (line: { count: number }) => line.count },
  ];
  printLine(out, formatTable(columns, lines));
  return exitCodes.ok;
}

function examineFile(file: string): Examined {
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, problem: `cannot be opened: ${describeError(error)}` };
  }
  try {
    return examine(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * Opening a WAL-mode file, even read-only, creates its -wal and -shm files (a copy made
 * with `cp`, say). Removes the ones it created, so checking a file leaves nothing behind.
 */
async function withoutNewSideFiles<T>(file: string, use: () => T): Promise<T> {
  const created = [`${file}-wal`, `${file}-shm`].filter((side) => !existsSync(side));
  try {
    return use();
  } finally {
    for (const side of created) await rm(side, { force: true });
  }
}

function examine(sqlite: SQLite.Database): Examined {
  try {
    const findings = sqlite
      .prepare<[], { integrity_check: string }>("pragma integrity_check")
      .all()
      .map((row) => row.integrity_check);
    if (findings[0] !== "ok") {
      return {
        ok: false,
        problem: `is damaged: integrity_check found ${plural(findings.length, "problem")}, first "${findings[0] ?? ""}"`,
      };
    }
    const tables = new Set(
      sqlite
        .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => row.name),
    );
    const missing = siteTables.filter((table) => !tables.has(table));
    if (missing.length > 0) {
      return {
        ok: false,
        problem: `is a SQLite database but not this site's (no ${missing.join(", ")} ${missing.length === 1 ? "table" : "tables"})`,
      };
    }
    return { ok: true, contents: readContents(sqlite) };
  } catch (error) {
    const code = errorCode(error) ?? "";
    if (code === "SQLITE_NOTADB") return { ok: false, problem: "is not a SQLite database" };
    if (code.startsWith("SQLITE_CORRUPT"))
      return { ok: false, problem: `is damaged: ${describeError(error)}` };
    return { ok: false, problem: `cannot be read: ${describeError(error)}` };
  }
}

function readContents(sqlite: SQLite.Database): Contents {
  // Table names come from the constants above, never from input.
  const count = (table: string) =>
    sqlite.prepare<[], { n: number }>(`select count(*) as n from "${table}"`).get()?.n ?? 0;
  const rows = Object.fromEntries(leadTableNames.map((table) => [table, count(table)])) as Record<
    LeadTable,
    number
  >;
  const outbox = new Map<string, number>(outboxStatuses.map((status) => [status, 0]));
  const byStatus = sqlite
    .prepare<[], { status: string; n: number }>("select status, count(*) as n from outbox group by status")
    .all();
  for (const { status, n } of byStatus) outbox.set(status, n);
  // Zero-padded names: the last by name is the last applied, as Kysely orders them.
  const lastMigration = sqlite
    .prepare<[], { name: string }>("select name from kysely_migration order by name desc limit 1")
    .get()?.name;
  return { lastMigration, rows, outbox };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function pathExists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
}

/** fsync: the data (or, for a folder, its entries) is on disk, not only in the page cache. */
async function syncToDisk(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeDatabaseFiles(file: string): Promise<void> {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) await rm(`${file}${suffix}`, { force: true });
}

function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/** One line: the message, with the error's code when the message does not name it. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = errorCode(error);
  const message = error.message.split("\n").join(" ");
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** `backup --out|--verify`: run on the file alone, so it works when the database is damaged. */
export function addBackupCommand(program: Command, runOnFile: RunOnFile): void {
  program
    .command("backup")
    .description("copy the live database to a file while the server runs, or check such a copy")
    .addOption(
      new Option("--out <file>", "write a checked copy here (owner-only permissions)").conflicts("verify"),
    )
    .addOption(
      new Option("--verify <file>", "check a backup: intact, this site's, and its row counts").conflicts(
        "force",
      ),
    )
    .option("--force", "with --out: replace the file if it exists")
    .addHelpText(
      "after",
      `
Examples:
  site-admin backup --out /app/data/backups/site-2026-11-24.sqlite
  site-admin backup --verify /app/data/backups/site-2026-11-24.sqlite

To restore: stop the server, --verify the copy, put it in place of site.sqlite, delete
site.sqlite-wal and site.sqlite-shm, and start the server (README "Backups").`,
    )
    .action((options: BackupOptions) => runOnFile((ctx) => backupDatabase(ctx, options)));
}
