import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./database";
import { outboxQueueStats } from "./outbox";
import type { OutboxStatus } from "./schema";

describe("outbox queue stats", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "outbox-stats-"));
  const now = new Date("2026-11-24T10:00:00.000Z");
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase(path.join(dir, "site.sqlite"));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function queue(status: OutboxStatus, createdSecondsAgo: number, dueSecondsAgo: number) {
    await db
      .insertInto("outbox")
      .values({
        kind: "web-app-lead",
        payload: "{}",
        status,
        attempts: 0,
        next_attempt_at: before(dueSecondsAgo),
        created_at: before(createdSecondsAgo),
      })
      .execute();
  }

  it("reports an empty queue as nothing pending and nothing due", async () => {
    expect(await outboxQueueStats(db, now)).toEqual({ pending: 0, oldestDueAgeSeconds: null });
  });

  it("counts every pending row, but ages only the due ones", async () => {
    await queue("sent", 900, 900);
    await queue("dead", 800, 800);
    // Pending but not due: older than the rest, leased or backing off; counted, never aged.
    await queue("pending", 600, -30);
    await queue("pending", 90.6, 0);
    await queue("pending", 12, 5);
    expect(await outboxQueueStats(db, now)).toEqual({ pending: 3, oldestDueAgeSeconds: 90 });
  });

  it("reports nothing due while every pending row waits", async () => {
    await db.deleteFrom("outbox").where("next_attempt_at", "<=", now.toISOString()).execute();
    expect(await outboxQueueStats(db, now)).toEqual({ pending: 1, oldestDueAgeSeconds: null });
  });
});
