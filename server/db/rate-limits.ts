import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Logger } from "#server/platform/logger.ts";
import type { Db } from "./database";

/**
 * Rate-limit counters in the database, so instances on one PostgreSQL database count a
 * visitor's submissions together (docs/decisions/013-postgresql.md). A fixed window per
 * key: the first hit opens it, and a hit after it closed starts a new one. Each increment
 * is one atomic upsert, so concurrent hits on several instances are all counted.
 */

export type RateLimitStoreOptions = {
  /** The clock, in epoch ms; tests move it forward. */
  now?: () => number;
};

export type RateLimitStores = {
  /** A store for one limiter: express-rate-limit refuses one store for two limiters. */
  create(prefix: string): DatabaseRateLimitStore;
  /** Deletes every expired counter (all limiters') in one statement; returns how many. */
  sweepExpired(): Promise<number>;
  /** Hears of a failed store (server/http/form-rate-limits.ts) or a failed clean-up. */
  logger: Logger;
};

/**
 * The stores of one instance. They share the clean-up: at most one sweep per window,
 * started by the first store to initialise and then by increments, never awaited by a
 * request.
 */
export function createRateLimitStores(
  db: Db,
  logger: Logger,
  options: RateLimitStoreOptions = {},
): RateLimitStores {
  const now = options.now ?? Date.now;
  let windowMs = Infinity;
  let lastSweep = -Infinity;
  let sweeping: Promise<unknown> | undefined;

  const sweepExpired = async (): Promise<number> => {
    const result = await db
      .deleteFrom("rate_limit_hits")
      .where("reset_at", "<=", new Date(now()).toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  const sweepIfDue = () => {
    if (sweeping || now() - lastSweep < windowMs) return;
    lastSweep = now();
    sweeping = sweepExpired()
      // Not the concern of the request that started it: the next window tries again.
      .catch((error: unknown) => logger.warn({ err: error }, "expired rate-limit counters not deleted"))
      .finally(() => (sweeping = undefined));
  };

  return {
    create(prefix) {
      return new DatabaseRateLimitStore(db, prefix, now, (window) => {
        windowMs = Math.min(windowMs, window);
        sweepIfDue();
      });
    },
    sweepExpired,
    logger,
  };
}

export class DatabaseRateLimitStore implements Store {
  /** Counters live in a shared table: another instance's hits count here too. */
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: Db,
    /** Prepended to every key, e.g. `website-design:accepted:`; also read by express-rate-limit. */
    readonly prefix: string,
    private readonly now: () => number,
    private readonly onActivity: (windowMs: number) => void,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.onActivity(this.windowMs);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const info = await countHit(this.db, this.prefix + key, this.windowMs, this.now());
    this.onActivity(this.windowMs);
    return info;
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable("rate_limit_hits")
      .set((eb) => ({ hits: eb("hits", "-", 1) }))
      .where("key", "=", this.prefix + key)
      .where("hits", ">", 0)
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db
      .deleteFrom("rate_limit_hits")
      .where("key", "=", this.prefix + key)
      .execute();
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom("rate_limit_hits")
      .select(["hits", "reset_at"])
      .where("key", "=", this.prefix + key)
      .where("reset_at", ">", new Date(this.now()).toISOString())
      .executeTakeFirst();
    return row && { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }
}

/**
 * Counts one hit on a key in its fixed window (opened by the first hit, restarted by a hit
 * after it closed), in one atomic upsert; answers the count and when the window closes.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  now: number,
): Promise<ClientRateLimitInfo> {
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ key, hits: 1, reset_at: new Date(now + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => {
        const expired = eb("rate_limit_hits.reset_at", "<=", new Date(now).toISOString());
        return {
          hits: eb
            .case()
            .when(expired)
            .then(eb.ref("excluded.hits"))
            .else(eb("rate_limit_hits.hits", "+", 1))
            .end(),
          reset_at: eb
            .case()
            .when(expired)
            .then(eb.ref("excluded.reset_at"))
            .else(eb.ref("rate_limit_hits.reset_at"))
            .end(),
        };
      }),
    )
    .returning(["hits", "reset_at"])
    .executeTakeFirstOrThrow();
  return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
}

/** Keys among these whose window is still open at `now`, with when each closes. */
export async function selectOpenWindows(db: Db, keys: string[], now: Date) {
  return db
    .selectFrom("rate_limit_hits")
    .select(["key", "reset_at"])
    .where("key", "in", keys)
    .where("reset_at", ">", now.toISOString())
    .execute();
}

/**
 * Marks open windows among these keys as having been told about (hits 0 → 1): whether any
 * was not yet. Conditional, so of racing callers on every instance one gets true.
 */
export async function markWindowsTold(db: Db, keys: string[], now: Date): Promise<boolean> {
  const marked = await db
    .updateTable("rate_limit_hits")
    .set({ hits: 1 })
    .where("key", "in", keys)
    .where("hits", "=", 0)
    .where("reset_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) > 0;
}

/** Opens (or reopens) a window on the key until `resetAt`, not yet told about. */
export async function openUntoldWindow(db: Db, key: string, resetAt: string): Promise<void> {
  await db
    .insertInto("rate_limit_hits")
    .values({ key, hits: 0, reset_at: resetAt })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ hits: 0, reset_at: resetAt }))
    .execute();
}

/** Deletes the closed windows of keys that start with `prefix`. */
export async function deleteClosedWindows(db: Db, prefix: string, now: Date): Promise<void> {
  await db
    .deleteFrom("rate_limit_hits")
    .where("key", "like", `${prefix}%`)
    .where("reset_at", "<=", now.toISOString())
    .execute();
}

export async function deleteWindows(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("key", "in", keys).execute();
}
