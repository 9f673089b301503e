import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * The values the page-view counts keep apart per UTC day and dimension, at most a cap of
 * them (docs/decisions/049-bounded-counting.md). A value is admitted into the next free
 * numbered slot, and only while that slot is below the cap: the slot is part of the key,
 * so two instances that count the same free slot at once cannot both take it, and a day
 * never holds more values than the cap, on either engine.
 */

/**
 * Admits `value` on `day` in `dimension` when there is a slot left below `cap`. Answers
 * false when it is not admitted now: the day is full, another instance took the slot
 * this one counted, or the value was admitted already (readAdmittedValues tells which).
 */
export async function admitValue(
  db: Db,
  entry: { day: string; dimension: string; value: string },
  cap: number,
): Promise<boolean> {
  const taken = db
    .selectFrom("page_view_values")
    .select((eb) => eb.fn.countAll<number>().as("taken"))
    .where("day", "=", entry.day)
    .where("dimension", "=", entry.dimension);
  // One statement, so the count and the insert see the same rows; the key does the rest.
  const result = await db
    .insertInto("page_view_values")
    .columns(["day", "dimension", "slot", "value"])
    .expression(
      db
        .selectNoFrom(() => [
          sql<string>`${entry.day}`.as("day"),
          sql<string>`${entry.dimension}`.as("dimension"),
          taken.as("slot"),
          sql<string>`${entry.value}`.as("value"),
        ])
        .where(taken, "<", sql<number>`${cap}`),
    )
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
