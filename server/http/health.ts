import { Router } from "express";
import { isPostgres, type Db } from "#server/db/database.ts";
import { writeReadinessProbe } from "#server/db/readiness-probe.ts";
import { outboxQueueStats, type OutboxQueueStats } from "#server/db/outbox.ts";
import { classifyStorageError, storageCauses, type StorageFailure } from "#server/db/storage-errors.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { MetricsRecorder } from "#server/metrics/recorder.ts";
import { describeForLog } from "#shared/error-catalogue.ts";

/**
 * A readiness answer is reused this long: a flood of /readyz requests costs at most one
 * database write per second.
 */
const READINESS_CACHE_MS = 1_000;
/**
 * The probe write gives up waiting for another process's lock after this long, and so
 * does the mail queue's read (a health checker's timeout is ~5 s; they run side by side).
 */
const PROBE_LOCK_WAIT_MS = 2_000;

export type DatabaseCheck =
  | { status: "ok" }
  /** Another process holds the write lock: writes wait for it, pages are unaffected. */
  | { status: "busy" }
  | { status: "unavailable"; cause: StorageFailure | "error" };

export type Readiness = {
  status: "ready" | "not ready";
  checks: {
    /** Which engine answered (or did not): SQLite's file, or the PostgreSQL server of DATABASE_URL. */
    database: DatabaseCheck & { engine: "sqlite" | "postgresql" };
    mailQueue: MailQueueCheck;
  };
  warnings: string[];
};

/**
 * The outbox as read now. A figure that could not be read is null with `unreadable`
 * saying why, never 0: "nothing pending" must not be said of a queue nobody looked at.
 */
export type MailQueueCheck =
  | OutboxQueueStats
  | {
      pending: null;
      oldestUnsentAgeSeconds: null;
      oldestDueAgeSeconds: null;
      unreadable: string;
    };

/** Reads the queue's figures; a read that fails or outlasts the probe's wait gives null with the reason. */
async function readMailQueue(db: Db, now: Date): Promise<MailQueueCheck> {
  const unreadable = (reason: string): MailQueueCheck => ({
    pending: null,
    oldestUnsentAgeSeconds: null,
    oldestDueAgeSeconds: null,
    unreadable: reason,
  });
  const read = outboxQueueStats(db, now).then(
    (stats): MailQueueCheck => stats,
    (error: unknown) => {
      const cause = classifyStorageError(error);
      return unreadable(cause ? storageCauses[cause] : "the read failed");
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<MailQueueCheck>((resolve) => {
    timer = setTimeout(
      () => resolve(unreadable(`not read within ${PROBE_LOCK_WAIT_MS / 1000} s`)),
      PROBE_LOCK_WAIT_MS,
    );
  });
  const check = await Promise.race([read, waited]);
  clearTimeout(timer);
  return check;
}

/** A real, committed write: a full disk, a read-only volume or a broken file shows here. */
async function probeDatabase(
  db: Db,
  now: Date,
  logger: Logger,
  metrics: Pick<MetricsRecorder, "storageFailure"> | undefined,
): Promise<DatabaseCheck> {
  const write = writeReadinessProbe(db, now).then(
    (): DatabaseCheck => ({ status: "ok" }),
    (error: unknown): DatabaseCheck => {
      const cause = classifyStorageError(error);
      if (cause) metrics?.storageFailure(cause, "readiness");
      if (cause === "busy") return { status: "busy" };
      logger.error({ storage: cause, error: describeForLog("readiness", error) }, "database not writable");
      return { status: "unavailable", cause: cause ?? "error" };
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<DatabaseCheck>((resolve) => {
    timer = setTimeout(() => resolve({ status: "busy" }), PROBE_LOCK_WAIT_MS);
  });
  const check = await Promise.race([write, waited]);
  clearTimeout(timer);
  return check;
}

/**
 * Whether this instance can do its job: take a lead. Busy (another process holds the
 * lock for a while) stays ready: pages render and submissions wait for the lock, and an
 * instance taken out of a load balancer would serve nobody (docs/decisions/007-operability.md).
 */
export type HealthDeps = {
  db: Db;
  logger: Logger;
  warnings: string[];
  /** Counts the probe's storage failures (/metrics). */
  metrics?: Pick<MetricsRecorder, "storageFailure">;
};

export async function checkReadiness(deps: HealthDeps): Promise<Readiness> {
  const now = new Date();
  const engine = isPostgres(deps.db) ? "postgresql" : "sqlite";
  // Side by side: the read does not wait for the write (reads go on while another
  // process holds the write lock), so /readyz answers within the probe's wait.
  const [database, mailQueue] = await Promise.all([
    probeDatabase(deps.db, now, deps.logger, deps.metrics),
    readMailQueue(deps.db, now),
  ]);
  const warnings = [...deps.warnings];
  if (database.status === "busy") {
    warnings.push(
      engine === "sqlite"
        ? "another process holds the database write lock"
        : "PostgreSQL took over 2 s to take a write (every pooled client busy, or a lock held)",
    );
  }
  return {
    status: database.status === "unavailable" ? "not ready" : "ready",
    checks: { database: { engine, ...database }, mailQueue },
    warnings,
  };
}

/**
 * `/healthz`: liveness, the process answers (never touches the database, so a restart
 * cannot be triggered by a slow disk). `/readyz`: readiness, 503 when a lead could not
 * be stored now.
 */
export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  let cached: { at: number; answer: Promise<Readiness> } | undefined;

  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    if (!cached || Date.now() - cached.at > READINESS_CACHE_MS) {
      cached = { at: Date.now(), answer: checkReadiness(deps) };
    }
    const readiness = await cached.answer;
    res
      .status(readiness.status === "ready" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(readiness);
  });

  return router;
}
