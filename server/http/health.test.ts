import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import { checkReadiness } from "#server/http/health.ts";
import { createLogger } from "#server/platform/logger.ts";

const dir = mkdtempSync(path.join(tmpdir(), "readiness-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the readiness check's mail queue", () => {
  it("reports the oldest unsent e-mail while it waits for a retry, and nothing due", async () => {
    const db = await openDatabase(path.join(dir, "waiting.sqlite"));
    const queuedAt = new Date(Date.now() - 120_000);
    const id = await enqueueOutboxMessage(db, { kind: "web-app-lead", payload: {}, now: queuedAt });
    // A failed attempt: the next one is in ten minutes.
    await db
      .updateTable("outbox")
      .set({ attempts: 1, next_attempt_at: new Date(Date.now() + 600_000).toISOString() })
      .where("id", "=", id)
      .execute();
    const readiness = await checkReadiness({ db, logger: createLogger("silent"), warnings: [] });
    expect(readiness.checks.mailQueue).toMatchObject({ pending: 1, oldestDueAgeSeconds: null });
    const age = readiness.checks.mailQueue.oldestUnsentAgeSeconds;
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(130);
    await db.destroy();
  });

  it("says null and why when the queue cannot be read, never a 0", async () => {
    const db = await openDatabase(path.join(dir, "closed.sqlite"));
    await enqueueOutboxMessage(db, { kind: "web-app-lead", payload: {}, now: new Date() });
    await db.destroy();
    const readiness = await checkReadiness({ db, logger: createLogger("silent"), warnings: [] });
    expect(readiness.status).toBe("not ready");
    expect(readiness.checks.mailQueue).toEqual({
      pending: null,
      oldestUnsentAgeSeconds: null,
      oldestDueAgeSeconds: null,
      unreadable: "the read failed",
    });
  });
});
