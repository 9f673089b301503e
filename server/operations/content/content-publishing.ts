import { findContent, type ContentKind, type ContentRecord } from "#server/db/content-items.ts";
import { listDueContent, publishDueItem, setFeatured, setPublishTime } from "#server/db/content-schedule.ts";
import type { Db } from "#server/db/database.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { createLeasedJob, type LeasedJob } from "#server/jobs/leased-job.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";
import { agencyDate, agencyMidnight, formatLocalDateTime } from "#server/operations/agency-time.ts";
import { failed, notFound, refuse, type Outcome } from "#shared/outcome.ts";
import { contentKindSpecs } from "#shared/content-fields.ts";
import { PUBLISH_TIME_FORMAT, PUBLISH_TIME_MISSING } from "#shared/publish-time.ts";
import type { ContentContext } from "./content-operations";

/**
 * Scheduled publishing and pinned news (docs/decisions/042-preview-and-scheduled-publishing.md),
 * for the admin CLI and the workspace alike: a draft given a publish time in the agency's
 * time zone is scheduled; the publishing job, on one instance at a time, publishes it
 * when the time comes.
 */

const missing = (kind: ContentKind, id: string) => notFound(`unknown ${contentKindSpecs[kind].one} ${id}`);
const auditTarget = (kind: ContentKind, id: string) => `${kind}/${id}`;

/**
 * "2026-11-30 08:00" (a "T" between also does) in the agency's time zone → the instant;
 * undefined for anything else, a day or time that does not exist included.
 */
export function parsePublishTime(text: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match?.[1]) return undefined;
  const midnight = agencyMidnight(match[1]);
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (!midnight || hour > 23 || minute > 59) return undefined;
  const instant = new Date(midnight.getTime() + (hour * 60 + minute) * 60_000);
  // Read back on the agency's clock: a time a clock change skips is refused, not moved.
  return formatLocalDateTime(instant.toISOString()) === `${match[1]} ${match[2]}:${match[3]}`
    ? instant
    : undefined;
}

/** Schedules a draft to publish at `atText` (agency time); a new time replaces the old one. */
export async function scheduleContent(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  atText: string,
): Promise<Outcome<ContentRecord>> {
  const now = ctx.now();
  const at = parsePublishTime(atText);
  if (!at) {
    // The workspace's picker sends only real times, so its people meet this only for an empty one.
    return refuse(`invalid publish time "${atText}": expected ${PUBLISH_TIME_FORMAT}`, {
      publishAt: PUBLISH_TIME_MISSING,
    });
  }
  if (at.getTime() <= now.getTime()) {
    return refuse(`the publish time ${formatLocalDateTime(at.toISOString())} has passed`, {
      publishAt: "That time has passed. Choose a later one, or publish now.",
    });
  }
  const record = await findContent(ctx.db, kind, id);
  if (!record) return missing(kind, id);
  if (record.status === "published") {
    return failed("conflict", `${contentKindSpecs[kind].one} ${id} is published already`);
  }
  const scheduled = await setPublishTime(
    ctx.db,
    kind,
    id,
    at,
    {
      ...ctx.actor,
      action: "content.schedule",
      target: auditTarget(kind, id),
      detail: { publishAt: at.toISOString() },
    },
    now,
  );
  const after = scheduled && (await findContent(ctx.db, kind, id));
  if (!after) return failed("conflict", `${contentKindSpecs[kind].one} ${id} is published already`);
  return { ok: true, value: after };
}

/** Takes a draft's publish time away: it stays a draft. `changed` is false when it had none. */
export async function unscheduleContent(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
): Promise<Outcome<{ record: ContentRecord; changed: boolean }>> {
  const now = ctx.now();
  const record = await findContent(ctx.db, kind, id);
  if (!record) return missing(kind, id);
  if (record.publishAt === null) return { ok: true, value: { record, changed: false } };
  await setPublishTime(
    ctx.db,
    kind,
    id,
    null,
    { ...ctx.actor, action: "content.unschedule", target: auditTarget(kind, id) },
    now,
  );
  const after = await findContent(ctx.db, kind, id);
  if (!after) return missing(kind, id);
  return { ok: true, value: { record: after, changed: true } };
}

/** Pins a news post above the others (or unpins it); the other kinds keep their hand-made order. */
export async function featureContent(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  featured: boolean,
): Promise<Outcome<{ record: ContentRecord; changed: boolean }>> {
  if (kind !== "news") {
    return refuse(
      `only news posts can be featured; ${contentKindSpecs[kind].many} keep the order you give them`,
    );
  }
  const record = await findContent(ctx.db, kind, id);
  if (!record) return missing(kind, id);
  if (record.featured === featured) return { ok: true, value: { record, changed: false } };
  await setFeatured(ctx.db, kind, id, featured, (done) =>
    done
      ? {
          ...ctx.actor,
          action: featured ? "content.feature" : "content.unfeature",
          target: auditTarget(kind, id),
        }
      : undefined,
  );
  const after = await findContent(ctx.db, kind, id);
  if (!after) return missing(kind, id);
  return { ok: true, value: { record: after, changed: true } };
}

/** Who the audit log names for what the publishing job does. */
export const SCHEDULED_PUBLISHER = { actor: "system:scheduled-publishing", ip: "system" } as const;

/** Publishes every scheduled item whose time has come; answers which it published. */
export async function publishDueContent({
  db,
  now: clock,
}: Pick<OperationContext, "db" | "now">): Promise<Array<{ kind: ContentKind; id: string }>> {
  const now = clock();
  const published: Array<{ kind: ContentKind; id: string }> = [];
  for (const due of await listDueContent(db, now)) {
    const done = await publishDueItem(db, due, {
      now,
      // The day it was due, as the agency reads it: a post published on Monday is Monday's news.
      date: agencyDate(new Date(due.publishAt)),
      audit: {
        ...SCHEDULED_PUBLISHER,
        action: "content.publish",
        target: auditTarget(due.kind, due.id),
        detail: { scheduledFor: due.publishAt },
      },
    });
    if (done) published.push({ kind: due.kind, id: due.id });
  }
  return published;
}

export const SCHEDULED_PUBLISHING_LEASE = "scheduled-publishing";

/**
 * Every 10 s, checked at the lease's beat (3 s): an item scheduled for 08:00 shows by
 * 08:00:13 (and the page caches' second), also when the instance holding the job was
 * killed at 08:00, since a dead holder's lease passes on within 13 s
 * (docs/decisions/056-short-leases.md).
 */
export const SCHEDULED_PUBLISHING_EVERY_MS = 10_000;

/** The publishing job: every instance runs it, one at a time does the work. */
export function createScheduledPublisher(deps: {
  db: Db;
  logger: Logger;
  everyMs?: number;
  now: () => Date;
  identity?: LeaseOwner;
}): LeasedJob<Array<{ kind: ContentKind; id: string }>> {
  const { db, logger } = deps;
  return createLeasedJob({
    db,
    name: SCHEDULED_PUBLISHING_LEASE,
    everyMs: deps.everyMs ?? SCHEDULED_PUBLISHING_EVERY_MS,
    logger,
    failure: "scheduled publishing failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const published = await publishDueContent({ db, now: () => at });
      for (const item of published) logger.info({ kind: item.kind, id: item.id }, "published as scheduled");
      return published;
    },
  });
}
