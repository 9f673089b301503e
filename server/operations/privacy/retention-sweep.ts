import type { AppConfig } from "#server/config.ts";
import type { Db } from "#server/db/database.ts";
import {
  countPastRetention,
  deletePastRetention,
  outboxIdsPastRetention,
  retainedTables,
  retentionCutoffs,
  type RetentionCounts,
} from "#server/db/retention.ts";
import { countPrunableRevisions, pruneRevisions } from "#server/db/revisions.ts";
import { createLeasedJob, type LeasedJob } from "#server/leased-job.ts";
import type { Logger } from "#server/logger.ts";
import { mailFilesOf, removeFiles } from "#server/mail/mail-files.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";

/**
 * The retention sweep (docs/decisions/025-retention.md): what is past its keeping time
 * goes, rows in one transaction and then their mail files. The server runs it daily on
 * one instance at a time; `site-admin privacy sweep` runs it (or, with --dry-run, counts
 * it) by hand.
 */

export const RETENTION_LEASE = "retention-sweep";

/** `revisions`: kept saves of what visitors read beyond their bound (docs/decisions/041-revisions.md). */
export type SweepResult = RetentionCounts & { revisions: number; mailFiles: number };

export function sweepTotal(result: SweepResult): number {
  return retainedTables.reduce((total, table) => total + result[table], result.revisions);
}

type SweepConfig = Pick<AppConfig, "retention" | "mail">;

/** What a sweep at `now` would delete. */
export async function previewSweep(db: Db, config: SweepConfig, now: Date): Promise<SweepResult> {
  const cutoffs = retentionCutoffs(config.retention, now);
  const counts = await countPastRetention(db, cutoffs);
  const files = await mailFilesOf(config.mail.outboxDir, await outboxIdsPastRetention(db, cutoffs));
  return { ...counts, revisions: await countPrunableRevisions(db, now), mailFiles: files.length };
}

export async function sweepPastRetention(db: Db, config: SweepConfig, now: Date): Promise<SweepResult> {
  const { counts, outboxIds } = await deletePastRetention(db, retentionCutoffs(config.retention, now));
  // After the commit: a rolled-back sweep keeps its files.
  const files = await mailFilesOf(config.mail.outboxDir, outboxIds);
  await removeFiles(files);
  return { ...counts, revisions: await pruneRevisions(db, now), mailFiles: files.length };
}

export function createRetentionSweep(deps: {
  db: Db;
  config: SweepConfig;
  logger: Logger;
  now?: () => Date;
  identity?: LeaseOwner;
}): LeasedJob<SweepResult> {
  const { db, config, logger } = deps;
  const everyMs = config.retention.sweepEveryMs;
  return createLeasedJob({
    db,
    name: RETENTION_LEASE,
    everyMs,
    // The holder renews it daily; if it dies, another instance sweeps within the hour after.
    leaseMs: everyMs + 3_600_000,
    logger,
    failure: "retention sweep failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const result = await sweepPastRetention(db, config, at);
      // Counts only, never what was deleted: the log must not become the copy retention removes.
      if (sweepTotal(result) > 0 || result.mailFiles > 0) logger.info(result, "retention sweep deleted");
      else logger.debug("retention sweep: nothing past due");
      return result;
    },
  });
}
