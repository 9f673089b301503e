import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/platform/config.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { countOutboxByStatus, enqueueOutboxMessage } from "#server/db/outbox.ts";
import { createOutboxWorker, type OutboxWorker } from "#server/mail/outbox-worker.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import {
  createScratchPostgresDatabase,
  startPostgresCluster,
  type PostgresCluster,
} from "#tests/support/postgres.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { until } from "#tests/support/wait.ts";

/**
 * PostgreSQL restarts (fast: every session ends) after the mail server received a message
 * and before it accepted it, so the sender hears "250 OK" while it cannot record the send.
 * Two senders, as two instances, on one database: the message must go out once, and
 * everything queued must go. A stop while the database is still down gives the record up:
 * the next worker sends that message again. A cluster of its own, since this one is
 * restarted mid-test.
 */
describe("the outbox when PostgreSQL restarts mid-send", () => {
  let cluster: PostgresCluster;
  let url = "";
  let sink: SmtpSink;
  const dbs: Db[] = [];
  const workers: OutboxWorker[] = [];
  const messages = 16;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    url = (await createScratchPostgresDatabase(cluster.adminUrl)).url;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(dbs.map((db) => db.destroy()));
    await sink?.close();
    await cluster?.stop();
  });

  it("records the accepted send once the database is back: no message twice, none left", async () => {
    const open = async () => {
      const db = await openDatabase(url, { onClientError: () => {} });
      dbs.push(db);
      return db;
    };
    const db = await open();
    for (let n = 0; n < messages; n++)
      await enqueueOutboxMessage(db, {
        kind: "web-app-lead",
        payload: {
          messageId: `<restart-${n}@test>`,
          visitorName: `V${n}`,
          visitorEmail: `v${n}@example.com`,
          submittedAt: new Date().toISOString(),
          fields: [],
        },
        now: new Date(),
      });
    let restarted: Promise<void> | undefined;
    sink = await startSmtpSink(0, {
      async beforeReply(n) {
        if (n !== 3) return;
        // Stopped as `pg_ctl restart -m fast` stops it; started again only after the reply.
        await cluster.halt();
        restarted = new Promise((resolve) => setTimeout(resolve, 500)).then(() => cluster.restart());
      },
    });
    const lines: Array<{ msg: string }> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const config = loadConfig({ DATABASE_URL: url });
    for (let n = 0; n < 2; n++) {
      const worker = createOutboxWorker({
        db: await open(),
        transport: createSmtpTransport(sink.url, { maxConnections: 2 }),
        config,
        logger,
        options: { concurrency: 2 },
      });
      workers.push(worker);
      worker.start();
    }

    await until(() => restarted !== undefined, 15_000, "the restart");
    await restarted;
    // Well inside the 30 s lease: an accepted send left to it would come back after it.
    await until(
      async () => (await countOutboxByStatus(db).catch(() => undefined))?.sent === messages,
      20_000,
      "every message recorded as sent",
    );
    const ids = sink.messages.map((mail) => /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1]);
    expect(ids).toHaveLength(messages);
    expect(new Set(ids).size).toBe(messages);
    expect(
      lines.some((line) => line.msg === "e-mail sent but not yet recorded; keeping it and trying again"),
    ).toBe(true);
    expect(lines.some((line) => line.msg === "outbox send could not be recorded")).toBe(false);
  }, 60_000);

  it("gives up the record on a stop that outlasts its grace; the next worker sends the message again, same Message-ID", async () => {
    // Running already, unless the test before stopped mid-restart: start refuses a running one.
    await cluster.restart().catch(() => undefined);
    const scratchUrl = (await createScratchPostgresDatabase(cluster.adminUrl)).url;
    const db = await openDatabase(scratchUrl, { onClientError: () => {} });
    dbs.push(db);
    await enqueueOutboxMessage(db, {
      kind: "web-app-lead",
      payload: {
        messageId: "<stop@test>",
        visitorName: "V",
        visitorEmail: "v@example.com",
        submittedAt: new Date().toISOString(),
        fields: [],
      },
      now: new Date(),
    });
    const stopSink = await startSmtpSink(0, {
      async beforeReply(n) {
        if (n === 1) await cluster.halt();
      },
    });
    const lines: Array<{ msg: string }> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const config = loadConfig({ DATABASE_URL: scratchUrl });
    const worker = createOutboxWorker({
      db,
      transport: createSmtpTransport(stopSink.url),
      config,
      logger,
      options: { stopGraceMs: 300 },
    });
    workers.push(worker);
    worker.start();
    await until(
      () =>
        lines.some((line) => line.msg === "e-mail sent but not yet recorded; keeping it and trying again"),
      15_000,
      "the record to fail",
    );
    await worker.stop();
    expect(lines.some((line) => /not recorded before the stop/.test(line.msg))).toBe(true);

    await cluster.restart();
    const next = createOutboxWorker({ db, transport: createSmtpTransport(stopSink.url), config, logger });
    workers.push(next);
    next.start();
    await until(
      async () => (await countOutboxByStatus(db).catch(() => undefined))?.sent === 1,
      15_000,
      "the message sent by the next worker",
    );
    // Sent twice, as the decision says, and the same message to the recipient's client.
    const ids = stopSink.messages.map((mail) => /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1]);
    expect(ids).toEqual(["<stop@test>", "<stop@test>"]);
    await next.stop();
    await stopSink.close();
  }, 60_000);
});
