import { describe, expect, it } from "vitest";
import { useSuiteDatabase } from "#tests/support/test-database.ts";
import { claimDueOutboxMessages, enqueueOutboxMessage, outboxQueueStats } from "./outbox";
import type { OutboxStatus } from "./schema";

describe("outbox queue stats", () => {
  const suite = useSuiteDatabase();
  const now = new Date("2026-11-24T10:00:00.000Z");
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  async function queue(status: OutboxStatus, createdSecondsAgo: number, dueSecondsAgo: number) {
    await suite.db
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
    expect(await outboxQueueStats(suite.db, now)).toEqual({
      pending: 0,
      oldestUnsentAgeSeconds: null,
      oldestDueAgeSeconds: null,
    });
  });

  it("counts every pending row; ages the oldest unsent, and apart from it the oldest due", async () => {
    await queue("sent", 900, 900);
    await queue("dead", 800, 800);
    // Pending but not due: older than the rest, leased or backing off; the oldest unsent.
    await queue("pending", 600, -30);
    await queue("pending", 90.6, 0);
    await queue("pending", 12, 5);
    expect(await outboxQueueStats(suite.db, now)).toEqual({
      pending: 3,
      oldestUnsentAgeSeconds: 600,
      oldestDueAgeSeconds: 90,
    });
  });

  it("reports nothing due while every pending row waits for a retry, but still its age", async () => {
    await suite.db.deleteFrom("outbox").where("next_attempt_at", "<=", now.toISOString()).execute();
    expect(await outboxQueueStats(suite.db, now)).toEqual({
      pending: 1,
      oldestUnsentAgeSeconds: 600,
      oldestDueAgeSeconds: null,
    });
  });
});

describe("outbox claims", () => {
  const suite = useSuiteDatabase({ poolSize: 8 });

  it("made at once by several workers take disjoint rows, and together every due row", async () => {
    const now = new Date();
    for (let i = 0; i < 60; i++)
      await enqueueOutboxMessage(suite.db, { kind: "web-app-lead", payload: {}, now });
    const leaseUntil = new Date(now.getTime() + 60_000);
    const claims = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map((owner) =>
        claimDueOutboxMessages(suite.db, { owner, now, leaseUntil, limit: 15 }),
      ),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...claims.map((claim) => claim.length))).toBeLessThanOrEqual(15);
    // A worker that found nothing free (all locked or taken) simply claims on its next poll.
    const again = await claimDueOutboxMessages(suite.db, { owner: "g", now, leaseUntil, limit: 60 });
    expect(ids.length + again.length).toBe(60);
    for (const [index, claim] of claims.entries()) {
      expect(claim.every((row) => row.lease_owner === ["a", "b", "c", "d", "e", "f"][index])).toBe(true);
    }
  });

  it("takes at most `limit` rows, the longest due first, and leaves the rest due", async () => {
    await suite.db.deleteFrom("outbox").execute();
    const now = new Date();
    for (let i = 0; i < 30; i++)
      await enqueueOutboxMessage(suite.db, {
        kind: "web-app-lead",
        payload: {},
        now: new Date(now.getTime() - (30 - i) * 1000),
      });
    const leaseUntil = new Date(now.getTime() + 60_000);
    const claim = await claimDueOutboxMessages(suite.db, { owner: "a", now, leaseUntil, limit: 4 });
    const oldest = await suite.db.selectFrom("outbox").select("id").orderBy("id").limit(4).execute();
    expect(claim.map((row) => row.id)).toEqual(oldest.map((row) => row.id));
    const leased = await suite.db
      .selectFrom("outbox")
      .select("id")
      .where("lease_owner", "is not", null)
      .execute();
    expect(leased).toHaveLength(4);
  });
});
