import { createHash } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import type { CountRow } from "#server/db/page-view-counts.ts";
import { admitValues, readAdmittedValues } from "#server/db/page-view-values.ts";
import { OTHER_LABEL } from "#shared/insights.ts";

/**
 * Keeps the page-view counts bounded whatever beacons say
 * (docs/decisions/049-bounded-counting.md): per UTC day, at most a fixed number of
 * distinct values per dimension, and of rows (by their whole key), are kept apart; the
 * rest is counted under "(other)". The first values of a day to be written
 * take the places, the most viewed of a batch first. Done when a batch is written, never
 * per beacon: a value already admitted (or a day already full) costs no query.
 */

/** The text columns capped, each with its cap per UTC day; '' ("none") takes no place. */
export const dimensionCaps = {
  path: 200,
  referrer_host: 100,
  utm_source: 50,
  utm_medium: 20,
  utm_campaign: 100,
} as const;
type Dimension = keyof typeof dimensionCaps;
const dimensions = Object.keys(dimensionCaps) as Dimension[];

/**
 * Rows a UTC day keeps apart (by their whole key: hour, the five capped columns, click-id
 * kind and device); the rest fold into one row of "(other)" per hour, click-id kind and
 * device. So a day holds at most 800 + 24 × 3 × 3 rows, however the views are spread
 * over its hours.
 */
export const ROW_CAP = 800;
const ROWS = "combination";

const DAY_MS = 86_400_000;
/** Offers of a day's slots per write before the values left wait for the next write. */
const ATTEMPTS = 3;

type Admitted = { values: Set<string> };

export type PageViewCaps = {
  /** Admits what it can of the rows' values (queries only for values not known yet). */
  admit(rows: Iterable<CountRow>): Promise<void>;
  /** The rows with every value not admitted as "(other)", rows that became one added up. */
  apply(rows: Iterable<CountRow>): CountRow[];
};

const dayOf = (row: CountRow) => row.hour.slice(0, 10);

/** A row's whole key, as the hash it is admitted under. */
function rowKeyOf(row: CountRow): string {
  const key = [row.hour, ...dimensions.map((dimension) => row[dimension]), row.click_id_kind, row.device];
  return createHash("sha256").update(key.join("\u0000")).digest("base64url");
}

/** Views per value, most first: the order values are offered places in. */
function byViews(counts: Map<string, number>): string[] {
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([value]) => value);
}

export function createPageViewCaps(db: Db): PageViewCaps {
  /** Per day, per dimension: what the database has admitted, as far as this instance knows. */
  const known = new Map<string, Map<string, Admitted>>();

  /** Forgets the days before the batch's newest but one that the batch has no rows of. */
  function forgetPastDays(batchDays: Set<string>): void {
    const newest = [...batchDays].sort().at(-1) ?? "";
    const dayBefore = new Date(Date.parse(newest) - DAY_MS).toISOString().slice(0, 10);
    for (const day of known.keys()) if (day < dayBefore && !batchDays.has(day)) known.delete(day);
  }

  async function admittedOf(day: string, dimension: string): Promise<Admitted> {
    let days = known.get(day);
    if (!days) known.set(day, (days = new Map()));
    let admitted = days.get(dimension);
    if (!admitted) days.set(dimension, (admitted = { values: await readAdmittedValues(db, day, dimension) }));
    return admitted;
  }

  /**
   * Offers the values, in order, the day's free slots; stops when the day is full (which
   * it then stays). A slot another instance took at the same moment is learnt from the
   * database and the values left are offered the slots after it.
   */
  async function offer(day: string, dimension: string, cap: number, values: string[]): Promise<void> {
    const admitted = await admittedOf(day, dimension);
    let wanted = values.filter((value) => !admitted.values.has(value));
    for (
      let attempt = 0;
      attempt < ATTEMPTS && wanted.length > 0 && admitted.values.size < cap;
      attempt += 1
    ) {
      // Slots are never freed within a day, so those below the number admitted are taken.
      const first = admitted.values.size;
      const offered = wanted.slice(0, cap - first).map((value, index) => ({ slot: first + index, value }));
      const taken = await admitValues(db, day, dimension, offered);
      if (taken.size === offered.length) for (const value of taken) admitted.values.add(value);
      else admitted.values = await readAdmittedValues(db, day, dimension);
      wanted = wanted.filter((value) => !admitted.values.has(value));
    }
  }

  const isKept = (day: string, dimension: string, value: string) =>
    known.get(day)?.get(dimension)?.values.has(value) ?? false;

  /** The row with each capped value kept, '' or "(other)"; views and visits as they were. */
  function cappedValues(row: CountRow): CountRow {
    const day = dayOf(row);
    const capped = { ...row };
    for (const dimension of dimensions) {
      const value = row[dimension];
      if (value !== "" && !isKept(day, dimension, value)) capped[dimension] = OTHER_LABEL;
    }
    return capped;
  }

  /** Views per day and per value of `pick`, '' left out. */
  function tallies(rows: CountRow[], pick: (row: CountRow) => string): Map<string, Map<string, number>> {
    const perDay = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const value = pick(row);
      if (value === "") continue;
      const day = dayOf(row);
      const counts = perDay.get(day) ?? new Map<string, number>();
      counts.set(value, (counts.get(value) ?? 0) + row.views);
      perDay.set(day, counts);
    }
    return perDay;
  }

  return {
    async admit(input) {
      const rows = [...input];
      if (rows.length === 0) return;
      forgetPastDays(new Set(rows.map(dayOf)));
      for (const dimension of dimensions) {
        const cap = dimensionCaps[dimension];
        for (const [day, counts] of tallies(rows, (row) => row[dimension])) {
          await offer(day, dimension, cap, byViews(counts));
        }
      }
      const combinations = tallies(rows.map(cappedValues), rowKeyOf);
      for (const [day, counts] of combinations) await offer(day, ROWS, ROW_CAP, byViews(counts));
    },

    apply(input) {
      const merged = new Map<string, CountRow>();
      for (const row of input) {
        const capped = cappedValues(row);
        if (!isKept(dayOf(capped), ROWS, rowKeyOf(capped))) {
          for (const dimension of dimensions) capped[dimension] = OTHER_LABEL;
        }
        const key = rowKeyOf(capped);
        const held = merged.get(key);
        if (held) {
          held.views += capped.views;
          held.visits += capped.visits;
        } else merged.set(key, capped);
      }
      return [...merged.values()];
    },
  };
}
