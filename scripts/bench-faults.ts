/**
 * The outbox under two faults, repeatable: two senders (each its own pool, as two
 * instances) on one throwaway PostgreSQL, sending through a loopback SMTP server that
 * notes every Message-ID it accepts.
 *   --fault pg-restart: `pg_ctl restart -m fast` while e-mails are being sent (the mail
 *     server answers each after --reply-delay-ms, so some are accepted while PostgreSQL
 *     is down); prints the Message-IDs accepted twice and how long everything took.
 *   --fault smtp-outage: --messages e-mails queued while the mail server refuses every
 *     message (451) for --outage-seconds, then accepts; prints how long the backlog took
 *     to go after the server came back.
 *   npm run bench:faults -- --fault pg-restart|smtp-outage [--messages N]
 */
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "#server/platform/config.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { countOutboxByStatus, enqueueOutboxMessage } from "#server/db/outbox.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createOutboxWorker, type OutboxWorker } from "#server/mail/outbox-worker.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import { createMessageIdSmtp } from "./lib/message-id-smtp";
import { createScratchPostgresDatabase, startPostgresCluster } from "./lib/postgres-cluster";

const { values } = parseArgs({
  options: {
    fault: { type: "string", default: "pg-restart" },
    messages: { type: "string" },
    "reply-delay-ms": { type: "string" },
    "outage-seconds": { type: "string", default: "30" },
    concurrency: { type: "string", default: "32" },
  },
});
const fault = values.fault;
if (fault !== "pg-restart" && fault !== "smtp-outage") throw new Error("--fault pg-restart|smtp-outage");
const messages = Number(values.messages ?? (fault === "pg-restart" ? 200 : 238));
const replyDelayMs = Number(values["reply-delay-ms"] ?? (fault === "pg-restart" ? 200 : 0));
const outageSeconds = Number(values["outage-seconds"]);
const concurrency = Number(values.concurrency);

/** The mail server: refuses (451) while `refusing`, answers after `replyDelayMs`, notes each Message-ID. */
async function startRecordingSmtp() {
  const state = { refusing: false, accepted: [] as Array<{ messageId: string; at: number }> };
  const server = createMessageIdSmtp((id, answer) => {
    setTimeout(() => {
      if (state.refusing) return answer(Object.assign(new Error("try again later"), { responseCode: 451 }));
      state.accepted.push({ messageId: id ?? "(none)", at: Date.now() });
      answer();
    }, replyDelayMs);
  });
  server.on("error", () => {});
  const port = await new Promise<number>((resolve) => {
    const net = server.listen(0, "127.0.0.1", () => {
      const address = net.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

async function queue(db: Db, count: number): Promise<void> {
  for (let n = 0; n < count; n++)
    await enqueueOutboxMessage(db, {
      kind: "web-app-lead",
      payload: {
        messageId: `<fault-${n}@bench.example>`,
        visitorName: `Visitor ${n}`,
        visitorEmail: `visitor-${n}@example.com`,
        submittedAt: new Date().toISOString(),
        fields: [],
      },
      now: new Date(),
    });
}

/** Polls until nothing is pending; a read that fails (PostgreSQL restarting) is tried again. */
async function waitUntilAllSent(db: Db, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const counts = await countOutboxByStatus(db).catch(() => undefined);
    if (counts && counts.pending === 0) return true;
    await sleep(50);
  }
  return false;
}

const cluster = await startPostgresCluster();
const smtp = await startRecordingSmtp();
const workers: OutboxWorker[] = [];
const dbs: Db[] = [];
try {
  const database = await createScratchPostgresDatabase(cluster.adminUrl);
  const config = loadConfig({ DATABASE_URL: database.url });
  const logger = createLogger(process.env.LOG_LEVEL === "info" ? "info" : "silent");
  const open = async () => {
    const db = await openDatabase(database.url, { onClientError: () => {} });
    dbs.push(db);
    return db;
  };
  const reader = await open();
  await queue(reader, messages);
  if (fault === "smtp-outage") smtp.refusing = true;
  for (let n = 0; n < 2; n++) {
    const worker = createOutboxWorker({
      db: await open(),
      transport: createSmtpTransport(smtp.url, { maxConnections: concurrency }),
      config,
      logger,
      options: { concurrency },
    });
    workers.push(worker);
    worker.start();
  }

  if (fault === "pg-restart") {
    const startedAt = Date.now();
    while (smtp.accepted.length < messages / 4) await sleep(5);
    const restartAt = Date.now();
    await cluster.bounce();
    const restartMs = Date.now() - restartAt;
    const done = await waitUntilAllSent(reader, 120_000);
    const tookMs = Date.now() - startedAt;
    await sleep(replyDelayMs * 2);
    const firstAt = new Map<string, number>();
    const repeats: number[] = [];
    for (const { messageId, at } of smtp.accepted) {
      const first = firstAt.get(messageId);
      if (first === undefined) firstAt.set(messageId, at);
      else repeats.push(at - first);
    }
    console.info(
      `pg-restart: ${messages} queued, restart took ${restartMs} ms, ${smtp.accepted.length} accepted, ` +
        `${firstAt.size} distinct, ${repeats.length} duplicates` +
        (repeats.length > 0
          ? ` (sent again ${(Math.min(...repeats) / 1000).toFixed(1)}-${(Math.max(...repeats) / 1000).toFixed(1)} s after the first)`
          : "") +
        `; ${done ? "all sent" : "NOT all sent"} in ${(tookMs / 1000).toFixed(1)} s`,
    );
  } else {
    await sleep(outageSeconds * 1000);
    const counts = await countOutboxByStatus(reader);
    smtp.refusing = false;
    const recoveredAt = Date.now();
    const done = await waitUntilAllSent(reader, 20 * 60_000);
    const drainMs = Date.now() - recoveredAt;
    console.info(
      `smtp-outage: ${messages} queued, refused for ${outageSeconds} s (${counts.pending} pending at recovery), ` +
        `${done ? "all sent" : "NOT all sent"} ${(drainMs / 1000).toFixed(1)} s after the mail server came back; ` +
        `${smtp.accepted.length} accepted, ${new Set(smtp.accepted.map((entry) => entry.messageId)).size} distinct`,
    );
  }
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await Promise.all(dbs.map((db) => db.destroy()));
  await smtp.close();
  await cluster.stop();
}
