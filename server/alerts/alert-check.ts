import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { closeAlertIncident, openAlertIncident, readAlertIncidents } from "#server/db/alert-incidents.ts";
import {
  enqueueOutboxMessage,
  findNewestDeadOutboxMessage,
  readOutboxOverview,
  type OutboxOverview,
} from "#server/db/outbox.ts";
import { createLeasedJob } from "#server/jobs/leased-job.ts";
import type { Logger } from "#server/platform/logger.ts";
import { OPERATIONS_ALERT, type OperationsAlert } from "#server/mail/alert-message.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";
import {
  alertConditions,
  deadMailTransition,
  oldestPendingAgeSeconds,
  queueStallTransition,
  type AlertCondition,
  type IncidentState,
  type Transition,
} from "./incidents";

/**
 * Looks at the outbox every minute, under a lease so one instance at a time does, and
 * opens or closes the incidents of server/alerts/incidents.ts. Opening one queues its
 * alert to ALERT_EMAIL in the same transaction, so an incident has exactly one alert
 * whichever instance saw it first (docs/decisions/026-metrics-and-alerts.md).
 */

export const ALERT_CHECK_LEASE = "operations-alerts";
/** Often enough that ALERT_QUEUE_MINUTES (at least 1) is kept to the minute. */
export const ALERT_CHECK_EVERY_MS = 60_000;

export type AlertCheckResult = { opened: AlertCondition[]; closed: AlertCondition[] };

type AlertConfig = Pick<AppConfig, "metrics" | "settings">;

function decide(
  condition: AlertCondition,
  state: IncidentState | undefined,
  outbox: OutboxOverview,
  at: Date,
  config: AlertConfig,
): Transition {
  return condition === "dead-mail"
    ? deadMailTransition(state, outbox)
    : queueStallTransition(state, outbox, at, config.metrics.alertQueueAgeMs);
}

async function alertPayload(
  db: Db,
  alert: { condition: AlertCondition; to: string; at: Date },
  outbox: OutboxOverview,
  config: AlertConfig,
): Promise<OperationsAlert> {
  const { condition, at } = alert;
  const newest =
    condition === "dead-mail"
      ? await findNewestDeadOutboxMessage(db, { exceptKind: OPERATIONS_ALERT })
      : undefined;
  return {
    messageId: newMessageId(config.settings.siteUrl),
    to: alert.to,
    condition,
    openedAt: at.toISOString(),
    pending: outbox.counts.pending,
    dead: outbox.counts.dead,
    oldestPendingAgeSeconds: oldestPendingAgeSeconds(outbox, at),
    thresholdMinutes: config.metrics.alertQueueAgeMs / 60_000,
    ...(newest ? { newestDead: { id: newest.id, kind: newest.kind, error: newest.last_error } } : {}),
  };
}

/** One look: opens and closes incidents as the outbox now stands; answers what changed. */
export async function checkAlerts(db: Db, config: AlertConfig, at: Date): Promise<AlertCheckResult> {
  const result: AlertCheckResult = { opened: [], closed: [] };
  const alertEmail = config.metrics.alertEmail;
  if (!alertEmail) return result;
  // The alerts' own e-mails are left out: one that cannot be sent must not keep an incident going.
  const outbox = await readOutboxOverview(db, { exceptKind: OPERATIONS_ALERT });
  const incidents = await readAlertIncidents(db);
  for (const condition of alertConditions) {
    const state = incidents.get(condition);
    const transition = decide(condition, state, outbox, at, config);
    if (transition.action === "open") {
      const opened = await db.transaction().execute(async (trx) => {
        const won = await openAlertIncident(trx, {
          name: condition,
          seen: state,
          at,
          coveredUntil: transition.coveredUntil,
        });
        if (!won) return false;
        const payload = await alertPayload(trx, { condition, to: alertEmail, at }, outbox, config);
        await enqueueOutboxMessage(trx, { kind: OPERATIONS_ALERT, payload, now: at });
        return true;
      });
      if (opened) result.opened.push(condition);
    } else if (transition.action === "close" && state?.opened_at) {
      const closed = await closeAlertIncident(db, {
        name: condition,
        openedAt: state.opened_at,
        at,
        coveredUntil: transition.coveredUntil,
      });
      if (closed) result.closed.push(condition);
    }
  }
  return result;
}

export type AlertScheduler = {
  /** Checks at once, then every minute; nothing when ALERT_EMAIL is unset. */
  start(): void;
  /** One check, if this instance holds (or takes) the lease. */
  runOnce(): Promise<AlertCheckResult>;
  stop(): Promise<void>;
};

export function createAlertScheduler(deps: {
  db: Db;
  config: AlertConfig;
  logger: Logger;
  /** Called after an alert was queued (wakes the outbox worker). */
  onQueued?: () => void;
  now: () => Date;
  identity?: LeaseOwner;
}): AlertScheduler {
  const { db, config, logger } = deps;
  const job = createLeasedJob({
    db,
    name: ALERT_CHECK_LEASE,
    everyMs: ALERT_CHECK_EVERY_MS,
    logger,
    failure: "alert check failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const result = await checkAlerts(db, config, at);
      for (const condition of result.opened) logger.warn({ condition }, "alert incident began; alert queued");
      for (const condition of result.closed) logger.info({ condition }, "alert incident ended");
      if (result.opened.length > 0) deps.onQueued?.();
      return result;
    },
  });
  return {
    start() {
      if (config.metrics.alertEmail) job.start();
    },
    runOnce: async () => (await job.runOnce()) ?? { opened: [], closed: [] },
    stop: job.stop,
  };
}
