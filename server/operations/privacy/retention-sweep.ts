import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import type { Actor } from "#server/operations/context.ts";
import {
  countPastRetention,
  deletePastRetention,
  outboxIdsPastRetention,
  retainedTables,
  retentionCutoffs,
  type RetentionCounts,
} from "#server/db/retention.ts";
import { deleteCountsBefore } from "#server/db/page-view-counts.ts";
import { forgetValuesBefore } from "#server/db/page-view-values.ts";
import { deleteEndedPreviewLinks } from "#server/db/preview-links.ts";
import { countPrunableRevisions, pruneRevisions } from "#server/db/history.ts";
import { createLeasedJob, type LeasedJob } from "#server/jobs/leased-job.ts";
import type { Logger } from "#server/platform/logger.ts";
import { mailFilesOf, removeFiles } from "#server/mail/mail-files.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";
import { INSIGHTS_MAX_DAYS } from "#shared/insights.ts";

/**
 * The retention sweep (docs/decisions/025-retention.md): what is past its keeping time
 * goes, rows in one transaction and then their mail files. The server runs it daily on
 * one instance at a time; `site-admin privacy sweep` runs it (or, with --dry-run, counts
 * it) by hand.
 */

export const RETENTION_LEASE = "retention-sweep";

const DAY_MS = 86_400_000;

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

/**
 * Deletes what is past its keeping time. Given an actor (a sweep by hand, from the CLI), the
 * audit entry is written in the deletion's transaction; the daily job's sweeps are not audited.
 */
export async function sweepPastRetention(
  db: Db,
  config: SweepConfig,
  now: Date,
  actor?: Actor,
): Promise<SweepResult> {
  const audit = actor
    ? (trx: Db, counts: RetentionCounts) =>
        recordAudit(trx, { ...actor, action: "privacy.sweep", detail: { deleted: counts } }, now)
    : undefined;
  const { counts, outboxIds } = await deletePastRetention(db, retentionCutoffs(config.retention, now), audit);
  // After the commit: a rolled-back sweep keeps its files.
  const files = await mailFilesOf(config.mail.outboxDir, outboxIds);
  await removeFiles(files);
  return { ...counts, revisions: await pruneRevisions(db, now), mailFiles: files.length };
}

/**
 * How long page-view counts are kept (docs/decisions/049-bounded-counting.md): the
 * longest period the insights show and the period before it they compare it with, and a
 * day either side for the agency's time zone. Counts hold nobody's data; past this
 * nothing reads them.
 */
export const COUNTS_KEPT_DAYS = 2 * INSIGHTS_MAX_DAYS + 2;

/**
 * Deletes page-view counts older than COUNTS_KEPT_DAYS, and the values admitted on days
 * before yesterday (UTC): only a day still being written needs them.
 */
export async function sweepPastCounting(db: Db, now: Date): Promise<{ counts: number; values: number }> {
  const cutoff = new Date(now.getTime() - COUNTS_KEPT_DAYS * DAY_MS).toISOString().slice(0, 13);
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  return { counts: await deleteCountsBefore(db, cutoff), values: await forgetValuesBefore(db, yesterday) };
}

export function createRetentionSweep(deps: {
  db: Db;
  config: SweepConfig;
  logger: Logger;
  now: () => Date;
  identity?: LeaseOwner;
}): LeasedJob<SweepResult> {
  const { db, config, logger } = deps;
  const everyMs = config.retention.sweepEveryMs;
  return createLeasedJob({
    db,
    name: RETENTION_LEASE,
    everyMs,
    logger,
    failure: "retention sweep failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const result = await sweepPastRetention(db, config, at);
      // Counts only, never what was deleted: the log must not become the copy retention removes.
      if (sweepTotal(result) > 0 || result.mailFiles > 0) logger.info(result, "retention sweep deleted");
      else logger.debug("retention sweep: nothing past due");
      // No personal data, so apart from the sweep's result, which `privacy sweep` reports.
      const counting = await sweepPastCounting(db, at);
      if (counting.counts > 0) logger.info(counting, "page-view counts past keeping deleted");
      const previewLinks = await deleteEndedPreviewLinks(db, at);
      if (previewLinks > 0) logger.info({ previewLinks }, "ended preview links deleted");
      return result;
    },
  });
}
