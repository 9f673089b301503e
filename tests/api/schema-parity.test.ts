import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#server/db/database.ts";
import { createScratchDatabase, type ScratchDatabase } from "#tests/support/test-database.ts";

/**
 * One set of migrations builds both engines' schemas (server/db/migrations). This reads
 * both back and compares them column by column, so a migration that means one thing on
 * SQLite and another on PostgreSQL fails here. Runs on the `postgres` project only.
 */

/** The engines' names for one kind of column. */
const sameType: Record<string, string> = {
  integer: "integer",
  int4: "integer",
  text: "text",
  boolean: "boolean",
  bool: "boolean",
  blob: "bytes",
  bytea: "bytes",
};

type Column = { table: string; column: string; type: string; nullable: boolean };

async function columns(db: Db): Promise<Column[]> {
  const tables = await db.introspection.getTables();
  return tables
    .flatMap((table) =>
      table.columns.map((column) => ({
        table: table.name,
        column: column.name,
        type: sameType[column.dataType.toLowerCase()] ?? `unknown ${column.dataType}`,
        // SQLite reports its `integer primary key` row id as nullable; it never holds null.
        nullable: column.name === "id" && table.columns[0]?.name === "id" ? false : column.isNullable,
      })),
    )
    .sort((a, b) => a.table.localeCompare(b.table) || a.column.localeCompare(b.column));
}

/** Unique constraints and indexes, as sorted "table(columns)" strings. */
async function uniqueKeys(db: Db, engine: "sqlite" | "postgres"): Promise<string[]> {
  if (engine === "postgres") {
    const { rows } = await sql<{ key: string }>`
      select t.relname || '(' || string_agg(a.attname, ',' order by k.ordinality) || ')' as key
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
      cross join lateral unnest(i.indkey) with ordinality as k(attnum, ordinality)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where i.indisunique and t.relname not like 'kysely_%'
      group by t.relname, i.indexrelid`.execute(db);
    return rows.map((row) => row.key).sort();
  }
  const { rows } = await sql<{ key: string }>`
    select m.name || '(' || (
      select group_concat(name, ',') from (select name from pragma_index_info(l.name) order by seqno)
    ) || ')' as key
    from sqlite_master m, pragma_index_list(m.name) l
    where m.type = 'table' and l."unique" = 1 and m.name not like 'kysely_%'`.execute(db);
  const keys = rows.map((row) => row.key);
  // SQLite's `integer primary key` is the row id, not an index; PostgreSQL indexes it.
  const rowIds = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%'`.execute(
    db,
  );
  for (const { name } of rowIds.rows) {
    const first = await sql<{ pk: number; type: string; name: string }>`
      select pk, type, name from ${sql.raw(`pragma_table_info('${name}')`)} where pk = 1`.execute(db);
    const key = first.rows[0];
    if (key && key.type.toLowerCase() === "integer") keys.push(`${name}(${key.name})`);
  }
  return keys.sort();
}

describe("the schema on SQLite and on PostgreSQL", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-parity-"));
  let postgres: ScratchDatabase;
  let onSqlite: Db;
  let onPostgres: Db;

  beforeAll(async () => {
    postgres = await createScratchDatabase();
    expect(postgres.engine).toBe("postgres");
    onSqlite = await openDatabase(path.join(dir, "site.sqlite"));
    onPostgres = await openDatabase(postgres.location);
  });
  afterAll(async () => {
    await onSqlite.destroy();
    await onPostgres.destroy();
    await postgres.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("has the same tables and columns, with the same types and nullability", async () => {
    const [lite, pg] = [await columns(onSqlite), await columns(onPostgres)];
    expect(lite.filter((column) => column.type.startsWith("unknown"))).toEqual([]);
    expect(pg).toEqual(lite);
    expect(lite.length).toBeGreaterThan(60);
  });

  it("has the same unique keys", async () => {
    const [lite, pg] = [await uniqueKeys(onSqlite, "sqlite"), await uniqueKeys(onPostgres, "postgres")];
    expect(pg).toEqual(lite);
    expect(lite).toContain("service_screenshots(service_page,position)");
    expect(lite).toContain("newsletter_subscribers(email)");
  });

  it("records the same migrations as applied", async () => {
    const applied = (db: Db) =>
      db.introspection
        .getTables({ withInternalKyselyTables: true })
        .then((tables) => tables.map((table) => table.name).filter((name) => name.startsWith("kysely_")));
    expect((await applied(onPostgres)).sort()).toEqual((await applied(onSqlite)).sort());
    const names = async (db: Db) =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
        (row) => row.name,
      );
    expect(await names(onPostgres)).toEqual(await names(onSqlite));
  });
});
