import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "#server/platform/config.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { countOutboxByStatus, enqueueOutboxMessage } from "#server/db/outbox.ts";
import { createLogger, type Logger } from "#server/platform/logger.ts";
import { formatLeaseOwner, isAbandonedLease, parseLeaseOwner, type LeaseOwner } from "./outbox-lease";
import { createOutboxWorker, retryDelayMs, type OutboxWorkerOptions } from "./outbox-worker";
import { STAFF_INVITATION } from "./invitation-message";
import { NEWSLETTER_CONFIRMATION } from "./newsletter-confirmation-message";
import { REMOVED_SECRET } from "./sent-payload";
import { createSmtpTransport, type MailTransport } from "./transport";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";
import {
  createScratchDatabase,
  testsRunOnPostgres,
  type ScratchDatabase,
} from "#tests/support/test-database.ts";
import { until } from "#tests/support/wait.ts";

const payload = {
  messageId: "<m@test>",
  visitorName: "V",
  visitorEmail: "v@example.com",
  submittedAt: new Date().toISOString(),
  fields: [],
};

type WorkerDeps = Omit<Parameters<typeof createOutboxWorker>[0], "db" | "config" | "logger"> & {
  logger?: Logger;
};

/** A fresh database per test (on the test project's engine), so counts and leases never leak between tests. */
function useScratchDatabase() {
  const scratch = {
    db: undefined as unknown as Db,
    config: loadConfig({}),
    /** This test's temporary folder (its SQLite file is there). */
    dir: () => dir,
    /** A worker on this test's database; silent unless given a logger. */
    worker: ({ logger = createLogger("silent"), ...deps }: WorkerDeps) =>
      createOutboxWorker({ db: scratch.db, config: scratch.config, logger, ...deps }),
  };
  let dir = "";
  let database: ScratchDatabase | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
    database = await createScratchDatabase(dir);
    scratch.config = loadConfig({ DATA_DIR: dir, ...database.env });
    scratch.db = await openDatabase(database.location);
  });
  afterEach(async () => {
    await scratch.db.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return scratch;
}

async function enqueue(db: Db, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await enqueueOutboxMessage(db, { kind: "web-app-lead", payload, now: new Date() }));
  return ids;
}

/** Waits until the worker has tried every queued message once, and released each. */
async function untilEachRefusedOnce(db: Db): Promise<void> {
  await until(
    async () => {
      const rows = await db.selectFrom("outbox").select(["attempts", "lease_owner"]).execute();
      return rows.every((row) => row.attempts === 1 && row.lease_owner === null);
    },
    10_000,
    "every message refused once",
  );
}

/** A logger whose lines the test can read. */
function recordingLogger(): { logger: Logger; lines: Array<{ level: number; msg: string; count?: number }> } {
  const lines: Array<{ level: number; msg: string; count?: number }> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("retry backoff", () => {
  it("starts at the base, doubles, and stops at the cap", () => {
    const options = { baseDelayMs: 5_000, maxDelayMs: 15 * 60_000 };
    expect([1, 2, 3, 4, 8, 9, 10, 50].map((n) => retryDelayMs(n, options))).toEqual([
      5_000, 10_000, 20_000, 40_000, 640_000, 900_000, 900_000, 900_000,
    ]);
  });
});

describe("several workers on one outbox", () => {
  const scratch = useScratchDatabase();

  it("send each message exactly once", async () => {
    await enqueue(scratch.db, 45);
    const delivered: string[] = [];
    const transport: MailTransport = {
      async deliver(_message, key) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        delivered.push(key);
      },
      async close() {},
    };
    const workers = [1, 2, 3].map(() =>
      scratch.worker({
        transport,
        options: { concurrency: 7 },
      }),
    );
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(delivered).toHaveLength(45);
    expect(new Set(delivered).size).toBe(45);
    expect(await countOutboxByStatus(scratch.db)).toEqual({ pending: 0, sent: 45, dead: 0 });
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it("marks a message whose data cannot be rendered dead at once", async () => {
    await enqueueOutboxMessage(scratch.db, { kind: "mystery", payload: {}, now: new Date() });
    const transport: MailTransport = { deliver: async () => {}, async close() {} };
    const worker = scratch.worker({
      transport,
    });
    expect(await worker.drain()).toEqual({ sent: 0, failed: 1 });
    const row = await scratch.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "mystery")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "dead", attempts: 1 });
    expect(row.last_error).toContain("unknown outbox kind");
    await worker.stop();
  });
});

describe("bounded concurrency", () => {
  const scratch = useScratchDatabase();

  /**
   * Counts sends in flight; the rest take a few ms. The message keyed `slowKey` stays in
   * flight until `slowUntil` others are delivered, or `slowMs` have passed: a worker that
   * waits for its whole batch delivers only the batch's others in that time, however busy
   * the machine is.
   */
  function countingTransport(slowKey?: string, slowMs = 0, slowUntil = Infinity) {
    const stats = { inFlight: 0, most: 0, delivered: [] as string[], deliveredWhileSlow: 0 };
    const holdSlowSend = async () => {
      const giveUpAt = Date.now() + slowMs;
      do await sleep(5);
      while (stats.delivered.length < slowUntil && Date.now() < giveUpAt);
    };
    const transport: MailTransport = {
      async deliver(_message, key) {
        stats.inFlight++;
        stats.most = Math.max(stats.most, stats.inFlight);
        await (key === slowKey ? holdSlowSend() : sleep(2 + Math.random() * 8));
        stats.inFlight--;
        if (key === slowKey) stats.deliveredWhileSlow = stats.delivered.length;
        stats.delivered.push(key);
      },
      async close() {},
    };
    return { transport, stats };
  }

  it("never has more than `concurrency` sends in flight, and fills a freed slot at once", async () => {
    const [first] = await enqueue(scratch.db, 40);
    const { transport, stats } = countingTransport(`outbox-${first}-web-app-lead`, 5000, 39);
    const worker = scratch.worker({
      transport,
      options: { concurrency: 4 },
    });
    expect(await worker.drain()).toEqual({ sent: 40, failed: 0 });
    expect(stats.most).toBe(4);
    expect(new Set(stats.delivered).size).toBe(40);
    // Batch-then-wait would hold three slots idle behind the slow send; here the others flow past it.
    expect(stats.deliveredWhileSlow).toBeGreaterThanOrEqual(30);
    await worker.stop();
  });

  it("keeps to the bound in the background too, sending what is queued while it runs", async () => {
    const { transport, stats } = countingTransport();
    const worker = scratch.worker({
      transport,
      options: { concurrency: 3 },
    });
    worker.start();
    for (let round = 0; round < 5; round++) {
      await enqueue(scratch.db, 6);
      worker.wake();
      await sleep(5);
    }
    await until(async () => (await countOutboxByStatus(scratch.db)).sent === 30, 5_000, "30 sent");
    expect(stats.most).toBe(3);
    expect(new Set(stats.delivered).size).toBe(30);
    await worker.stop();
  });

  it("waits on stop for sends in flight, and gives back rows it claimed but never started", async () => {
    await enqueue(scratch.db, 6);
    let started = 0;
    const worker = scratch.worker({
      transport: {
        async deliver() {
          started++;
          await sleep(150);
        },
        async close() {},
      },
      options: { concurrency: 2 },
    });
    worker.start();
    await until(() => started === 2, 5_000, "two sends started");
    await worker.stop();
    expect(started).toBe(2);
    const rows = await scratch.db.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(2);
    const waiting = rows.filter((row) => row.status === "pending");
    expect(waiting).toHaveLength(4);
    // Unclaimed, and due at once for the next worker.
    for (const row of waiting) {
      expect(row.lease_owner).toBeNull();
      expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe("lease takeover rules", () => {
  const self: LeaseOwner = { host: "web-1", pid: 4242, nonce: "aaaa1111" };
  const context = {
    self,
    liveInProcess: new Set([formatLeaseOwner(self), "web-1:4242:bbbb2222"]),
    isProcessRunning: (pid: number) => pid === 77,
  };

  it.each([
    ["this host, a process that is gone", "web-1:99:cccc3333", true],
    ["this host, this pid, an earlier process (a restart reusing the pid)", "web-1:4242:cccc3333", true],
    ["this host, this pid, another worker alive in this process", "web-1:4242:bbbb2222", false],
    ["this worker itself", formatLeaseOwner(self), false],
    ["this host, a process still running", "web-1:77:cccc3333", false],
    ["another host, whatever its pid", "web-2:99:cccc3333", false],
    ["something unreadable", "web-1", false],
  ])("%s: taken back = %s", (_case, owner, abandoned) => {
    expect(isAbandonedLease(owner, context)).toBe(abandoned);
  });

  it("reads an owner from the right, so a host name may hold a colon", () => {
    expect(parseLeaseOwner("fe80::1:123:ab12")).toEqual({ host: "fe80::1", pid: 123, nonce: "ab12" });
    expect(parseLeaseOwner("web-1:x:ab12")).toBeUndefined();
  });
});

describe("taking back a dead predecessor's leases at start-up", () => {
  const scratch = useScratchDatabase();

  /** A worker whose deliveries and log lines the test reads. */
  function recordingWorker(options: Partial<OutboxWorkerOptions> = {}) {
    const delivered: string[] = [];
    const { logger, lines } = recordingLogger();
    const worker = scratch.worker({
      transport: { deliver: async (_message, key) => void delivered.push(key), async close() {} },
      logger,
      options,
    });
    return { worker, delivered, lines };
  }

  /** A pid no process has any more: a child that has already exited. */
  function goneProcessId(): number {
    const child = spawnSync(process.execPath, ["-e", ""]);
    if (!child.pid) throw new Error("could not start a child process");
    return child.pid;
  }

  it("makes rows of dead workers on this host due at once, and leaves every other lease alone", async () => {
    const host = os.hostname();
    // Another worker alive in this process (same host and pid): never taken over.
    const neighbourIdentity: LeaseOwner = { host, pid: process.pid, nonce: "near0001" };
    const neighbour = scratch.worker({
      transport: { deliver: async () => {}, async close() {} },
      identity: neighbourIdentity,
    });
    const owners = {
      deadProcess: `${host}:${goneProcessId()}:dead0001`,
      earlierSelf: `${host}:${process.pid}:prev0001`,
      runningProcess: `${host}:${process.ppid}:live0001`,
      otherHost: `elsewhere.example:${goneProcessId()}:far00001`,
      neighbour: formatLeaseOwner(neighbourIdentity),
    };
    const ids = await enqueue(scratch.db, 5);
    const [deadRow, earlierRow] = ids;
    const leaseUntil = new Date(Date.now() + 60_000).toISOString();
    for (const [index, owner] of Object.values(owners).entries())
      await scratch.db
        .updateTable("outbox")
        .set({ lease_owner: owner, next_attempt_at: leaseUntil })
        .where("id", "=", ids[index]!)
        .execute();

    const { worker, delivered, lines } = recordingWorker();
    const startedAt = Date.now();
    worker.start();
    await until(() => delivered.length === 2, 5_000, "two delivered");
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(delivered.sort()).toEqual(
      [`outbox-${deadRow}-web-app-lead`, `outbox-${earlierRow}-web-app-lead`].sort(),
    );
    expect(lines.find((line) => line.msg.startsWith("took back"))).toMatchObject({ count: 2 });

    await sleep(100);
    const rows = await scratch.db.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(rows.map((row) => [row.status, row.lease_owner])).toEqual([
      ["sent", null],
      ["sent", null],
      ["pending", owners.runningProcess],
      ["pending", owners.otherHost],
      ["pending", owners.neighbour],
    ]);
    expect(delivered).toHaveLength(2);
    await worker.stop();
    await neighbour.stop();
  });

  it("while running, sends the rows of a worker on this host that dies later, without waiting for its lease", async () => {
    const { worker, delivered, lines } = recordingWorker({ takeoverCheckMs: 100 });
    worker.start();
    // A sibling instance on this machine claimed a row for a minute, then was killed. The
    // row is queued not due, so the running worker cannot take it before it is leased.
    const id = await enqueueOutboxMessage(scratch.db, {
      kind: "web-app-lead",
      payload,
      now: new Date(Date.now() + 60_000),
    });
    await scratch.db
      .updateTable("outbox")
      .set({
        lease_owner: `${os.hostname()}:${goneProcessId()}:gone0001`,
        next_attempt_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const since = Date.now();
    await until(() => delivered.length === 1, 5_000, "the dead sibling's row to be sent");
    expect(Date.now() - since).toBeLessThan(2_000);
    expect(delivered).toEqual([`outbox-${id}-web-app-lead`]);
    expect(lines.find((line) => line.msg.startsWith("took back"))).toMatchObject({ count: 1 });
    await worker.stop();
  });

  it("warns when a send outlives its lease, and leaves the row to its new owner", async () => {
    const [id] = await enqueue(scratch.db, 1);
    const thief = "elsewhere.example:1:thief001";
    const { logger, lines } = recordingLogger();
    const worker = scratch.worker({
      transport: {
        async deliver() {
          // Another worker took the row meanwhile (this one's renewals were lost, say).
          await scratch.db.updateTable("outbox").set({ lease_owner: thief }).where("id", "=", id!).execute();
        },
        async close() {},
      },
      logger,
    });
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    const row = await scratch.db
      .selectFrom("outbox")
      .selectAll()
      .where("id", "=", id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", lease_owner: thief, attempts: 0 });
    expect(lines.some((line) => line.level === 40 && /lease had expired/.test(line.msg))).toBe(true);
    await worker.stop();
  });
});

describe("secrets in a sent e-mail's payload", () => {
  const scratch = useScratchDatabase();

  /** Every outbox row as stored, and on SQLite the bytes of the database file and its log after a checkpoint. */
  async function storedText(): Promise<string> {
    const rows = await scratch.db.selectFrom("outbox").selectAll().execute();
    const text = [JSON.stringify(rows)];
    if (!testsRunOnPostgres()) {
      const file = path.join(scratch.dir(), "site.sqlite");
      // A checkpoint moves the log's pages into the file and truncates the log, as a backup would see it.
      const raw = new SQLite(file);
      raw.pragma("wal_checkpoint(TRUNCATE)");
      raw.close();
      for (const part of [file, `${file}-wal`])
        if (existsSync(part)) text.push(readFileSync(part).toString("latin1"));
    }
    return text.join("\n");
  }

  it("leave the row in the statement that marks it sent: the invitation link's token and the newsletter's tokens", async () => {
    const sink = await startSmtpSink();
    const invitationToken = `inv${randomBytes(16).toString("hex")}`;
    const confirmToken = `cnf${randomBytes(16).toString("hex")}`;
    const unsubscribeToken = `uns${randomBytes(16).toString("hex")}`;
    const now = new Date();
    await enqueueOutboxMessage(scratch.db, {
      kind: STAFF_INVITATION,
      payload: {
        messageId: "<invite@test>",
        email: "new.staff@example.com",
        role: "sales",
        token: invitationToken,
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      },
      now,
    });
    await enqueueOutboxMessage(scratch.db, {
      kind: NEWSLETTER_CONFIRMATION,
      payload: { messageId: "<news@test>", email: "reader@example.com", confirmToken, unsubscribeToken },
      now,
    });
    await enqueue(scratch.db, 1);
    // Before sending, the tokens are there: the test would see them if they stayed.
    const before = await storedText();
    for (const token of [invitationToken, confirmToken, unsubscribeToken])
      expect(before.includes(token), `${token} stored before sending`).toBe(true);

    const worker = scratch.worker({ transport: createSmtpTransport(sink.url) });
    expect(await worker.drain()).toEqual({ sent: 3, failed: 0 });
    await worker.stop();
    const mails = await sink.waitForMessages(3);
    // The e-mails themselves carry the links.
    expect(mails.map((mail) => mail.raw).join("\n")).toContain(invitationToken);
    expect(mails.map((mail) => mail.raw).join("\n")).toContain(confirmToken);

    const after = await storedText();
    // Not toContain: a failure would print the whole file.
    for (const token of [invitationToken, confirmToken, unsubscribeToken])
      expect(after.includes(token), `${token} still stored`).toBe(false);
    const rows = await scratch.db.selectFrom("outbox").select(["kind", "status", "payload"]).execute();
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
    const invitation = JSON.parse(rows.find((row) => row.kind === STAFF_INVITATION)?.payload ?? "{}");
    expect(invitation).toMatchObject({
      email: "new.staff@example.com",
      role: "sales",
      token: REMOVED_SECRET,
    });
    // A kind without secrets keeps its payload as queued.
    expect(JSON.parse(rows.find((row) => row.kind === "web-app-lead")?.payload ?? "{}")).toEqual(payload);
    await sink.close();
  });

  it("keep a payload whose e-mail was not sent: the retry needs the link", async () => {
    const token = `inv${randomBytes(16).toString("hex")}`;
    await enqueueOutboxMessage(scratch.db, {
      kind: STAFF_INVITATION,
      payload: {
        messageId: "<i@test>",
        email: "x@example.com",
        role: "admin",
        token,
        expiresAt: new Date().toISOString(),
      },
      now: new Date(),
    });
    const worker = scratch.worker({
      transport: {
        async deliver() {
          throw new Error("451 try again later");
        },
        async close() {},
      },
    });
    expect(await worker.drain()).toEqual({ sent: 0, failed: 1 });
    await worker.stop();
    const row = await scratch.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.payload).toContain(token);
  });
});

describe("a mail server that takes e-mails again after refusing them", () => {
  const scratch = useScratchDatabase();

  /** The real SMTP transport, counting the sends in flight. */
  function countingSmtp(url: string) {
    const smtp = createSmtpTransport(url, { maxConnections: 4 });
    const stats = { inFlight: 0, most: 0 };
    const transport: MailTransport = {
      async deliver(message, key) {
        stats.inFlight++;
        stats.most = Math.max(stats.most, stats.inFlight);
        try {
          await smtp.deliver(message, key);
        } finally {
          stats.inFlight--;
        }
      },
      close: (options) => smtp.close(options),
    };
    return { transport, stats };
  }

  it("sends the backlog at once, `concurrency` at a time, instead of after each message's backoff", async () => {
    const sink = await startSmtpSink();
    sink.refuse = true;
    await enqueue(scratch.db, 30);
    const { transport, stats } = countingSmtp(sink.url);
    // A minute's backoff: without the recovery nothing would be retried within the test.
    const worker = scratch.worker({ transport, options: { concurrency: 4, baseDelayMs: 60_000 } });
    worker.start();
    await untilEachRefusedOnce(scratch.db);
    sink.refuse = false;
    // A new lead's notification is the first message the recovered server takes.
    await enqueue(scratch.db, 1);
    worker.wake();
    await until(
      async () => (await countOutboxByStatus(scratch.db)).sent === 31,
      10_000,
      "the backlog to be sent",
    );
    expect(sink.messages).toHaveLength(31);
    expect(stats.most).toBeLessThanOrEqual(4);
    await worker.stop();
    await sink.close();
  });

  it("notices the recovery by trying the oldest message early, without counting that as an attempt", async () => {
    const sink = await startSmtpSink();
    sink.refuse = true;
    await enqueue(scratch.db, 10);
    const { transport } = countingSmtp(sink.url);
    const worker = scratch.worker({
      transport,
      options: { concurrency: 4, baseDelayMs: 60_000, recoveryProbeMs: 100 },
    });
    worker.start();
    await untilEachRefusedOnce(scratch.db);
    // Several probes are refused meanwhile; each leaves its message's attempts and retry time.
    await until(() => sink.dataStarted >= 13, 10_000, "three probes");
    const waiting = await scratch.db
      .selectFrom("outbox")
      .select(["attempts", "next_attempt_at", "lease_owner"])
      .execute();
    expect(waiting.every((row) => row.attempts === 1)).toBe(true);
    // A row being probed right now carries its lease's time instead of its retry's.
    const unleased = waiting.filter((row) => row.lease_owner === null);
    expect(unleased.every((row) => Date.parse(row.next_attempt_at) > Date.now() + 40_000)).toBe(true);
    sink.refuse = false;
    // No new message: the probe is what finds the server back.
    await until(
      async () => (await countOutboxByStatus(scratch.db)).sent === 10,
      10_000,
      "the backlog to be sent",
    );
    expect(sink.messages).toHaveLength(10);
    await worker.stop();
    await sink.close();
  });

  it("retries a message that fails on its own early once, not at every other message's success", async () => {
    const [bad] = await enqueue(scratch.db, 1);
    const badKey = `outbox-${bad}-web-app-lead`;
    const delivered: string[] = [];
    const worker = scratch.worker({
      transport: {
        async deliver(_message, key) {
          if (key === badKey) throw new Error("550 mailbox unavailable");
          delivered.push(key);
        },
        async close() {},
      },
      options: { baseDelayMs: 60_000 },
    });
    const badRow = () =>
      scratch.db.selectFrom("outbox").selectAll().where("id", "=", bad!).executeTakeFirstOrThrow();
    const sendOthers = async (count: number) => {
      for (let n = 0; n < count; n++) {
        const before = delivered.length;
        await enqueue(scratch.db, 1);
        worker.wake();
        await until(() => delivered.length === before + 1, 5_000, "another message sent");
      }
    };
    worker.start();
    await until(async () => (await badRow()).attempts === 1, 5_000, "the first failure");
    await sendOthers(3);
    // The first success after its failure made it due once; it failed again.
    await until(async () => (await badRow()).attempts === 2, 5_000, "the early retry");
    await sendOthers(5);
    await sleep(200);
    expect(await badRow()).toMatchObject({ status: "pending", attempts: 2 });
    await worker.stop();
  });
});
