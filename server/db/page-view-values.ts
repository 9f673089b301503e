import type { Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * The values the page-view counts keep apart per UTC day and dimension, at most a cap of
 * them (docs/decisions/049-bounded-counting.md). Each value is admitted into a numbered
 * slot below the cap, and the slot is part of the key: two instances that offer the same
 * free slot at once cannot both take it, so a day never holds more values than slots,
 * on either engine.
 */

/** Rows per statement: far below either engine's limit on bound parameters. */
const ROWS_PER_STATEMENT = 200;

/**
 * Admits each value into its slot on `day` in `dimension`, unless the slot is taken or
 * the value was admitted already (by another instance, at the same moment too); answers
 * the values admitted now.
 */
export async function admitValues(
  db: Db,
  day: string,
  dimension: string,
  entries: ReadonlyArray<{ slot: number; value: string }>,
): Promise<Set<string>> {
  const admitted = new Set<string>();
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const rows = await db
      .insertInto("page_view_values")
      .values(entries.slice(start, start + ROWS_PER_STATEMENT).map((entry) => ({ day, dimension, ...entry })))
      .onConflict((conflict) => conflict.doNothing())
      .returning("value")
      .execute();
    for (const row of rows) admitted.add(row.value);
  }
  return admitted;
}

/** The values admitted on `day` in `dimension`. */
export async function readAdmittedValues(db: Db, day: string, dimension: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("page_view_values")
    .select("value")
    .where("day", "=", day)
    .where("dimension", "=", dimension)
    .execute();
  return new Set(rows.map((row) => row.value));
}

/** Forgets the values of every day before `day`; answers how many rows went. */
export async function forgetValuesBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom("page_view_values").where("day", "<", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
