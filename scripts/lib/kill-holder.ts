import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { setPublishTime } from "#server/db/content-schedule.ts";
import { findContent, insertContent } from "#server/db/content-items.ts";
import { listJobRuns } from "#server/db/job-runs.ts";
import { listSchedulerLeases } from "#server/db/scheduler-leases.ts";
import type { Db } from "#server/db/database.ts";
import { parseLeaseOwner } from "#server/mail/outbox-lease.ts";
import { ALERT_CHECK_LEASE } from "#server/alerts/alert-check.ts";
import { APPOINTMENT_REMINDER_LEASE } from "#server/operations/meetings/visitor-reminders.ts";
import { SCHEDULED_PUBLISHING_LEASE } from "#server/operations/content/content-publishing.ts";
import { VISITOR_DAYS_LEASE } from "#server/operations/insights/visitor-days.ts";
import { FOLLOW_UP_LEASE } from "#server/operations/leads/follow-up-reminder.ts";
import { RETENTION_LEASE } from "#server/operations/privacy/retention-sweep.ts";
import { WEEKLY_REPORT_LEASE } from "#server/operations/insights/weekly-report.ts";
import { newsPosts } from "#data/seed-news.ts";
import { freePort, startBuiltServer, type BuiltServer } from "./built-server";

/**
 * The fault "the instance holding the jobs is killed" (docs/decisions/056-short-leases.md),
 * shared by its test (tests/api/job-failover.test.ts) and its bench (bench:failover): two
 * built servers on one database; the first takes every job's lease, a news post falls due
 * the moment it is killed (SIGKILL), and the second should publish it and take the jobs.
 */

/** Every job's lease, the alert check's included (ALERT_EMAIL is set). */
export const jobLeases = [
  SCHEDULED_PUBLISHING_LEASE,
  FOLLOW_UP_LEASE,
  RETENTION_LEASE,
  VISITOR_DAYS_LEASE,
  ALERT_CHECK_LEASE,
  WEEKLY_REPORT_LEASE,
  APPOINTMENT_REMINDER_LEASE,
];

export type LeaseRow = { name: string; pid: number | undefined; aheadSeconds: number };
export type JobRunRow = { name: string; last_run_at: string };

export type KillHolderResult = {
  /** The leases a moment before the kill, with both servers up. */
  leasesBefore: LeaseRow[];
  /** From the kill to the post seen published; undefined if it was not within the wait. */
  publishedAfterSeconds: number | undefined;
  /** The leases once the second server held them all, or when the wait ran out. */
  leasesAfter: LeaseRow[];
  /** From the kill to the second server holding every job's lease. */
  allTakenAfterSeconds: number | undefined;
  /** job_runs before the kill and after, when the build has that table. */
  runsBefore: JobRunRow[] | undefined;
  runsAfter: JobRunRow[] | undefined;
  holderPid: number;
  secondPid: number;
};

export async function readLeases(db: Db): Promise<LeaseRow[]> {
  const leases = await listSchedulerLeases(db);
  const now = Date.now();
  return leases.map((lease) => ({
    name: lease.name,
    pid: parseLeaseOwner(lease.owner)?.pid,
    aheadSeconds: (Date.parse(lease.leaseUntil) - now) / 1000,
  }));
}

/** Undefined on a build from before job_runs (migration 0032), for the bench's "before". */
async function readJobRuns(db: Db): Promise<JobRunRow[] | undefined> {
  const runs = await listJobRuns(db).catch(() => undefined);
  return runs?.map((run) => ({ name: run.name, last_run_at: run.lastRunAt }));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

const holdsAll = (leases: LeaseRow[], pid: number) =>
  jobLeases.every((name) => leases.some((lease) => lease.name === name && lease.pid === pid));

export async function killTheHolder(options: {
  db: Db;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Another build's start file (the bench's "before"). */
  serverFile?: string;
  /** How long to wait for the post and for the leases after the kill. */
  waitMs?: number;
  postId?: string;
}): Promise<KillHolderResult> {
  const { db } = options;
  const waitMs = options.waitMs ?? 120_000;
  const dirs: string[] = [];
  const servers: BuiltServer[] = [];
  const start = async (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `site-holder-${name}-`));
    dirs.push(dir);
    const server = await startBuiltServer(
      {
        DATA_DIR: dir,
        DATABASE_URL: options.databaseUrl,
        MAIL_FROM: `Site ${name} <${name}@example.com>`,
        ALERT_EMAIL: "ops@example.com",
        // Nothing listens there: no mail is sent, and none is needed.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        ...options.env,
      },
      { serverFile: options.serverFile },
    );
    servers.push(server);
    return server;
  };
  try {
    const holder = await start("first");
    if (!(await waitFor(async () => holdsAll(await readLeases(db), holder.pid), 60_000)))
      throw new Error("the first server did not take every job's lease within 60 s");
    const second = await start("second");
    // A few of the second's beats, so it has tried the leases and found them held.
    await sleep(4_000);
    const leasesBefore = await readLeases(db);
    const runsBefore = await readJobRuns(db);

    const postId = options.postId ?? `failover-${Date.now()}`;
    const [model] = newsPosts;
    if (!model) throw new Error("no built-in news post to copy");
    await insertContent(
      db,
      "news",
      { ...model, id: postId, title: `Failover ${postId}` },
      { status: "draft" },
    );
    await holder.kill("SIGKILL");
    const killedAt = new Date();
    await setPublishTime(db, "news", postId, killedAt, {
      actor: "cli:bench",
      ip: "cli",
      action: "content.schedule",
    });

    let publishedAt: number | undefined;
    let allTakenAt: number | undefined;
    let leasesAfter: LeaseRow[] = [];
    const deadline = killedAt.getTime() + waitMs;
    while (Date.now() < deadline && (publishedAt === undefined || allTakenAt === undefined)) {
      const post = await findContent(db, "news", postId);
      if (publishedAt === undefined && post?.status === "published") publishedAt = Date.now();
      leasesAfter = await readLeases(db);
      if (allTakenAt === undefined && holdsAll(leasesAfter, second.pid)) allTakenAt = Date.now();
      await sleep(100);
    }
    const since = (at: number | undefined) =>
      at === undefined ? undefined : (at - killedAt.getTime()) / 1000;
    return {
      leasesBefore,
      publishedAfterSeconds: since(publishedAt),
      leasesAfter,
      allTakenAfterSeconds: since(allTakenAt),
      runsBefore,
      runsAfter: await readJobRuns(db),
      holderPid: holder.pid,
      secondPid: second.pid,
    };
  } finally {
    for (const server of servers) await server.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
