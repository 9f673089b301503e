import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { openDatabase, type Db } from "../db/database";
import { countOutboxByStatus, enqueueOutboxMessage } from "../db/outbox";
import { createLogger } from "../logger";
import { createOutboxWorker, retryDelayMs } from "./outbox-worker";
import type { MailTransport } from "./transport";

describe("retry backoff", () => {
  it("starts at the base, doubles, and stops at the cap", () => {
    const options = { baseDelayMs: 5_000, maxDelayMs: 15 * 60_000 };
    expect([1, 2, 3, 4, 8, 9, 10, 50].map((n) => retryDelayMs(n, options))).toEqual([
      5_000, 10_000, 20_000, 40_000, 640_000, 900_000, 900_000, 900_000,
    ]);
  });
});

describe("several workers on one outbox", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
  const config = loadConfig({ DATA_DIR: dir });
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase(path.join(dir, "site.sqlite"));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("send each message exactly once", async () => {
    const payload = {
      messageId: "<m@test>",
      visitorName: "V",
      visitorEmail: "v@example.com",
      submittedAt: new Date().toISOString(),
      fields: [],
    };
    for (let i = 0; i < 45; i++)
      await enqueueOutboxMessage(db, { kind: "web-app-lead", payload, now: new Date() });
    const delivered: string[] = [];
    const transport: MailTransport = {
      async deliver(_message, key) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        delivered.push(key);
      },
      async close() {},
    };
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({
        db,
        transport,
        config,
        logger: createLogger("silent"),
        options: { batchSize: 7 },
      }),
    );
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(delivered).toHaveLength(45);
    expect(new Set(delivered).size).toBe(45);
    expect(await countOutboxByStatus(db)).toEqual({ pending: 0, sent: 45, dead: 0 });
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it("marks a message whose data cannot be rendered dead at once", async () => {
    await enqueueOutboxMessage(db, { kind: "mystery", payload: {}, now: new Date() });
    const transport: MailTransport = { deliver: async () => {}, async close() {} };
    const worker = createOutboxWorker({ db, transport, config, logger: createLogger("silent") });
    expect(await worker.drain()).toEqual({ sent: 0, failed: 1 });
    const row = await db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "mystery")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "dead", attempts: 1 });
    expect(row.last_error).toContain("unknown outbox kind");
    await worker.stop();
  });
});
