import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import {
  addPageViewCounts,
  markVisitorsSeen,
  readDaySalt,
  readStoredDaySalt,
  wasVisitorSeen,
  type CountRow,
} from "#server/db/page-view-counts.ts";
import type { Logger } from "#server/platform/logger.ts";
import { createPageViewCaps } from "./page-view-caps";
import type { PageView } from "./page-view-input";

/**
 * Counts page views in memory and writes them in batches
 * (docs/decisions/044-first-party-counting.md): views add to one row per hour and
 * combination of dimensions; a visitor's first view of the (UTC) day adds a visit. A
 * visitor is a hash of the day's salt, their IP, their browser's user agent and the
 * site: the IP and user agent are held only until the next write, never stored, and the
 * salt and the day's hashes are deleted once the day is over (visitor-days.ts). What is
 * written keeps a capped number of values apart per day (page-view-caps.ts).
 */
export type PageViewCounter = {
  /** Counts one view (from memory; written at the next flush). */
  count(view: PageView, visitor: { ip: string; userAgent: string }, at?: Date): void;
  /**
   * Whether this visitor's visit was counted today (UTC) or the day before, while that
   * day's salt is kept: by this instance's batch in memory, or by any instance's write.
   * A lead asks it, so its conversion counts only leads whose visit was counted
   * (docs/decisions/058-one-name-per-source.md). Never counts anything itself.
   */
  wasCounted(visitor: { ip: string; userAgent: string }, at?: Date): Promise<boolean>;
  /** Writes what is counted so far; a failed write keeps it for the next one. */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left (at shutdown). */
  stop(): Promise<void>;
};

/** Distinct rows or visitors held before a write is started early, whatever the timer says. */
const EARLY_FLUSH_AT = 5_000;
/** Visitors this instance remembers as counted today, to skip asking the database again; then it asks. */
const KNOWN_VISITORS_MAX = 50_000;

type Batch = {
  rows: Map<string, CountRow>;
  /** Per UTC day, per "ip\nuser agent": the key of the row their first view in the batch went to. */
  visitors: Map<string, Map<string, string>>;
};

const emptyBatch = (): Batch => ({ rows: new Map(), visitors: new Map() });

function rowOf(view: PageView, hour: string): CountRow {
  return {
    hour,
    path: view.path,
    referrer_host: view.referrerHost,
    utm_source: view.utmSource,
    utm_medium: view.utmMedium,
    utm_campaign: view.utmCampaign,
    click_id_kind: view.clickIdKind,
    device: view.device,
    views: 0,
    visits: 0,
  };
}

function keyOf(row: CountRow): string {
  return [
    row.hour,
    row.path,
    row.referrer_host,
    row.utm_source,
    row.utm_medium,
    row.utm_campaign,
    row.click_id_kind,
    row.device,
  ].join("\u0000");
}

/** Counts one view into the batch; answers whether the batch is big enough to write early. */
function addView(
  batch: Batch,
  view: PageView,
  visitor: { ip: string; userAgent: string },
  at: Date,
): boolean {
  const iso = at.toISOString();
  const fresh = rowOf(view, iso.slice(0, 13));
  const key = keyOf(fresh);
  const row = batch.rows.get(key) ?? fresh;
  row.views += 1;
  batch.rows.set(key, row);
  const day = iso.slice(0, 10);
  let visitors = batch.visitors.get(day);
  if (!visitors) batch.visitors.set(day, (visitors = new Map()));
  const person = `${visitor.ip}\n${visitor.userAgent}`;
  if (!visitors.has(person)) visitors.set(person, key);
  return batch.rows.size >= EARLY_FLUSH_AT || visitors.size >= EARLY_FLUSH_AT;
}

/** Puts a batch that could not be written back in front of the one being counted. */
function mergeBack(batch: Batch, current: Batch): void {
  for (const [key, row] of current.rows) {
    const held = batch.rows.get(key);
    if (held) held.views += row.views;
    else batch.rows.set(key, { ...row, visits: 0 });
  }
  for (const [day, visitors] of current.visitors) {
    const held = batch.visitors.get(day) ?? new Map<string, string>();
    for (const [person, key] of visitors) if (!held.has(person)) held.set(person, key);
    batch.visitors.set(day, held);
  }
}

/**
 * A visitor as a hash: each day's salt (kept here for the days in flight) and the hashes
 * this instance remembers as counted today, to skip asking the database again.
 */
function createVisitorHashes(db: Db, site: string) {
  const salts = new Map<string, string>();
  let known = { day: "", hashes: new Set<string>() };
  const hashOf = (salt: string, person: string) =>
    createHash("sha256").update(`${salt}\n${site}\n${person}`).digest("base64url");
  const isKnown = (day: string, hash: string) => known.day === day && known.hashes.has(hash);

  return {
    hashOf,
    isKnown,
    /** The day's salt if this instance holds it already. */
    heldSalt: (day: string) => salts.get(day),
    async saltOf(day: string): Promise<string> {
      let salt = salts.get(day);
      if (!salt) {
        salt = await readDaySalt(db, day, randomBytes(32).toString("base64url"));
        // Only the days in flight: yesterday's salt is forgotten here as in the database.
        for (const old of salts.keys()) if (old < day) salts.delete(old);
        salts.set(day, salt);
      }
      return salt;
    },
    /**
     * Adds a visit to each row whose visitor the database had not seen that day; answers
     * the hashes to remember once the write is committed.
     */
    async countVisits(
      trx: Db,
      current: Batch,
      daySalts: Map<string, string>,
    ): Promise<Array<[string, string]>> {
      const remember: Array<[string, string]> = [];
      for (const [day, visitors] of current.visitors) {
        const salt = daySalts.get(day);
        if (!salt) continue;
        const byHash = new Map<string, string>();
        for (const [person, key] of visitors) {
          const hash = hashOf(salt, person);
          if (!isKnown(day, hash)) byHash.set(hash, key);
        }
        if (byHash.size === 0) continue;
        const fresh = await markVisitorsSeen(trx, day, [...byHash.keys()]);
        for (const [hash, key] of byHash) {
          remember.push([day, hash]);
          const row = current.rows.get(key);
          if (row && fresh.has(hash)) row.visits += 1;
        }
      }
      return remember;
    },
    remember(hashes: Array<[string, string]>): void {
      for (const [day, hash] of hashes) {
        if (known.day < day) known = { day, hashes: new Set() };
        if (known.day === day && known.hashes.size < KNOWN_VISITORS_MAX) known.hashes.add(hash);
      }
    },
  };
}

export function createPageViewCounter(deps: {
  db: Db;
  /** The site's host: part of each hash, so one visitor is not the same hash on two sites. */
  site: string;
  logger: Logger;
  flushEveryMs: number;
  now: () => Date;
}): PageViewCounter {
  const { db, site, logger } = deps;
  const { now } = deps;
  let batch = emptyBatch();
  let flushing: Promise<void> | undefined;
  /** The batch being written, so a visitor in it is known as counted meanwhile. */
  let inFlight: Batch | undefined;
  let timer: NodeJS.Timeout | undefined;
  const visitorHashes = createVisitorHashes(db, site);
  const caps = createPageViewCaps(db);

  function count(view: PageView, visitor: { ip: string; userAgent: string }, at = now()): void {
    if (addView(batch, view, visitor, at)) void flush();
  }

  async function write(current: Batch): Promise<void> {
    try {
      // Before the transaction: SQLite's one connection is the transaction's until it ends.
      const daySalts = new Map<string, string>();
      for (const day of current.visitors.keys()) daySalts.set(day, await visitorHashes.saltOf(day));
      // Also before it: each place a value takes is its own statement, held by no transaction.
      await caps.admit(current.rows.values());
      // One transaction: the visitors marked seen and the visits they add are stored together or not at all.
      const remember = await db.transaction().execute(async (trx) => {
        const hashes = await visitorHashes.countVisits(trx, current, daySalts);
        // Visits go to the rows as counted; then values past a day's cap become "(other)".
        await addPageViewCounts(trx, caps.apply(current.rows.values()));
        return hashes;
      });
      visitorHashes.remember(remember);
    } catch (error) {
      mergeBack(batch, current);
      logger.warn(
        { err: error, rows: current.rows.size },
        "could not write the page view counts; trying again",
      );
    }
  }

  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => (batch.rows.size > 0 ? flush() : undefined));
    if (batch.rows.size === 0) return Promise.resolve();
    const current = batch;
    batch = emptyBatch();
    inFlight = current;
    flushing = write(current).finally(() => {
      flushing = undefined;
      inFlight = undefined;
    });
    return flushing;
  }

  function tick(): void {
    void flush().finally(() => {
      if (!timer) return;
      timer = setTimeout(tick, deps.flushEveryMs);
      timer.unref();
    });
  }

  async function wasCounted(visitor: { ip: string; userAgent: string }, at = now()): Promise<boolean> {
    const person = `${visitor.ip}\n${visitor.userAgent}`;
    const today = at.toISOString().slice(0, 10);
    const yesterday = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
    for (const day of [today, yesterday]) {
      if (batch.visitors.get(day)?.has(person) || inFlight?.visitors.get(day)?.has(person)) return true;
      const salt = visitorHashes.heldSalt(day) ?? (await readStoredDaySalt(db, day));
      if (!salt) continue;
      const hash = visitorHashes.hashOf(salt, person);
      if (visitorHashes.isKnown(day, hash)) return true;
      if (await wasVisitorSeen(db, day, hash)) return true;
    }
    return false;
  }

  return {
    count,
    wasCounted,
    flush,
    start() {
      if (timer) return;
      timer = setTimeout(tick, deps.flushEveryMs);
      // Never what keeps a finished process alive; stop() writes what is left.
      timer.unref();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
