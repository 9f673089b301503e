import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "#scripts/lib/built-server.ts";
import { loadConfig } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createOutboxWorker } from "#server/mail/outbox-worker.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";
import { endpoints, testFormSecret, websiteDesignLead } from "#tests/support/submissions.ts";
import { createScratchDatabase, type ScratchDatabase } from "#tests/support/test-database.ts";
import { until } from "#tests/support/wait.ts";

const dirs: string[] = [];
const databases: ScratchDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A database on the test project's engine (in `dir` on SQLite), dropped after the file's tests. */
async function scratchDatabase(dir: string): Promise<ScratchDatabase> {
  const database = await createScratchDatabase(dir);
  databases.push(database);
  return database;
}

function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built server on this data folder and database, sending through `smtpUrl`. */
function startServer(dataDir: string, database: ScratchDatabase, smtpUrl: string) {
  return startBuiltServer({
    DATA_DIR: dataDir,
    ...database.env,
    SMTP_URL: smtpUrl,
    FORM_SECRET: testFormSecret,
    FORM_MIN_FILL_SECONDS: "0",
    // One e-mail per lead: the notification whose lease is under test.
    ACKNOWLEDGE_SUBMISSIONS: "false",
    LOG_LEVEL: "info",
  });
}

describe("the server is killed while a notification is being sent", () => {
  it("sends it once, within seconds of the restart, not after the lease", async () => {
    const dataDir = scratchDir("site-lease-");
    const database = await scratchDatabase(dataDir);
    // A mail server that takes the message and never answers: the send stays in flight.
    const stalled = await startSmtpSink(0, { stallReplies: true });
    const first = await startServer(dataDir, database, stalled.url);
    const answer = await fetch(`${first.url}${endpoints.websiteDesign}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(websiteDesignLead()),
    });
    expect(answer.status).toBe(201);
    await until(() => stalled.dataStarted === 1, 10_000, "the send to begin");

    await first.kill("SIGKILL");

    const sink = await startSmtpSink();
    const restartedAt = Date.now();
    const second = await startServer(dataDir, database, sink.url);
    const readyMs = Date.now() - restartedAt;
    const [mail] = await sink.waitForMessages(1, 10_000);
    const delayMs = Date.now() - restartedAt;
    console.info(
      `SIGKILL mid-send: notification out ${delayMs} ms after the restart (answering after ${readyMs} ms; lease 30 s)`,
    );
    // Without the takeover it would wait out the rest of the dead server's lease (20-30 s).
    // Start-up alone takes seconds on a busy machine, so the tight bound counts from the
    // moment it answers (the takeover runs before it).
    expect(delayMs - readyMs).toBeLessThan(5_000);
    expect(delayMs).toBeLessThan(12_000);
    expect(mail?.subject).toBe("New website-design lead: Jane Doe (wd-1)");
    expect(second.logs.find((line) => String(line.msg).startsWith("took back"))).toMatchObject({ count: 1 });

    // Give a duplicate time to show up before counting.
    await sleep(1_000);
    expect(sink.messages).toHaveLength(1);
    expect(stalled.messages).toHaveLength(0);
    const db = await openDatabase(database.location);
    const rows = await db.selectFrom("outbox").selectAll().execute();
    await db.destroy();
    expect(rows).toMatchObject([{ status: "sent", attempts: 1, lease_owner: null }]);

    await second.stop();
    await sink.close();
    await stalled.close();
  }, 40_000);
});

describe("a send slower than the lease", () => {
  it("keeps its lease renewed: a second worker on the same database neither claims nor sends it", async () => {
    const dir = scratchDir("outbox-renewal-");
    const database = await scratchDatabase(dir);
    const config = loadConfig({ DATA_DIR: dir, ...database.env });
    const sink = await startSmtpSink(0, { replyDelayMs: 1_500 });
    const [first, second] = [await openDatabase(database.location), await openDatabase(database.location)];
    const id = await enqueueOutboxMessage(first, {
      kind: "web-app-lead",
      payload: {
        messageId: "<renewal@test>",
        visitorName: "Slow Sender",
        visitorEmail: "slow@example.com",
        submittedAt: new Date().toISOString(),
        fields: [],
      },
      now: new Date(),
    });
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(line) });
    const options = { leaseMs: 300, idlePollMs: 50 };
    const sender = createOutboxWorker({
      db: first,
      transport: createSmtpTransport(sink.url, { maxConnections: 1 }),
      config,
      logger,
      options,
    });
    const rival = createOutboxWorker({
      db: second,
      transport: createSmtpTransport(sink.url, { maxConnections: 1 }),
      config,
      logger: createLogger("silent"),
      options,
    });

    let done = false;
    const sending = sender.drain().finally(() => (done = true));
    await until(() => sink.dataStarted === 1, 10_000, "the send to begin");
    // Started now, the rival's start-up takeover and its polls every 50 ms all meet the held row.
    rival.start();
    const lease: number[] = [];
    while (!done) {
      const row = await second
        .selectFrom("outbox")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (row.status === "pending") lease.push(Date.parse(row.next_attempt_at) - Date.now());
      await sleep(20);
    }
    expect(await sending).toEqual({ sent: 1, failed: 0 });
    await sleep(300);
    console.info(
      `1.5 s send, 300 ms lease: renewed throughout (least time left seen: ${Math.min(...lease)} ms over ${lease.length} looks)`,
    );
    // The send outlived its first lease five times over, and the lease never ran out.
    expect(lease.length).toBeGreaterThan(20);
    expect(Math.min(...lease)).toBeGreaterThan(0);
    expect(sink.dataStarted).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(warnings).toEqual([]);
    const row = await first.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lease_owner: null });

    await Promise.all([sender.stop(), rival.stop()]);
    await Promise.all([first.destroy(), second.destroy()]);
    await sink.close();
  }, 30_000);
});
