import type { Db } from "#server/db/database.ts";
import { forgetVisitorDaysBefore } from "#server/db/page-view-counts.ts";
import { createLeasedJob, type LeasedJob } from "#server/jobs/leased-job.ts";
import type { Logger } from "#server/platform/logger.ts";

/**
 * Forgets each day's visitor salt and the hashes of that day's visitors once the (UTC)
 * day is over (docs/decisions/044-first-party-counting.md): after that, nobody, the
 * agency included, can tell whether two visits were the same person's. Hourly, on one
 * instance at a time.
 */
export const VISITOR_DAYS_LEASE = "visitor-days";
const HOUR_MS = 3_600_000;

export type ForgottenDays = { salts: number; visitors: number };

export function createVisitorDaysSweep(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
}): LeasedJob<ForgottenDays> {
  const { db, logger } = deps;
  return createLeasedJob({
    db,
    name: VISITOR_DAYS_LEASE,
    everyMs: HOUR_MS,
    logger,
    failure: "forgetting past visitor days failed",
    now: deps.now,
    async work(at) {
      const forgotten = await forgetVisitorDaysBefore(db, at.toISOString().slice(0, 10));
      if (forgotten.salts > 0 || forgotten.visitors > 0) logger.info(forgotten, "forgot past visitor days");
      return forgotten;
    },
  });
}
