import { describe, expect, it } from "vitest";
import type { OutboxOverview } from "#server/db/outbox.ts";
import { deadMailTransition, queueStallTransition, type IncidentState } from "./incidents";

const outbox = (overrides: Partial<OutboxOverview> = {}): OutboxOverview => ({
  counts: { pending: 0, sent: 0, dead: 0 },
  oldestPendingAt: null,
  lastDeadAt: null,
  lastSentAt: null,
  ...overrides,
});
const closed = (coveredUntil: string | null = null): IncidentState => ({
  opened_at: null,
  closed_at: coveredUntil ? "2026-01-01T12:00:00.000Z" : null,
  covered_until: coveredUntil,
});
const open = (coveredUntil: string): IncidentState => ({
  opened_at: "2026-01-01T10:00:00.000Z",
  closed_at: null,
  covered_until: coveredUntil,
});

describe("the dead-mail incident", () => {
  it("begins with the first death, covering it", () => {
    expect(deadMailTransition(undefined, outbox())).toEqual({ action: "none" });
    expect(deadMailTransition(undefined, outbox({ lastDeadAt: "2026-01-01T10:00:00.000Z" }))).toEqual({
      action: "open",
      coveredUntil: "2026-01-01T10:00:00.000Z",
    });
  });

  it("goes on through further deaths while nothing goes out", () => {
    const state = open("2026-01-01T10:00:00.000Z");
    expect(deadMailTransition(state, outbox({ lastDeadAt: "2026-01-01T11:00:00.000Z" }))).toEqual({
      action: "none",
    });
    const sentBefore = { lastDeadAt: "2026-01-01T11:00:00.000Z", lastSentAt: "2026-01-01T09:00:00.000Z" };
    expect(deadMailTransition(state, outbox(sentBefore))).toEqual({ action: "none" });
  });

  it("ends once an e-mail went out after the newest death, covering every death so far", () => {
    const state = open("2026-01-01T10:00:00.000Z");
    const flowing = { lastDeadAt: "2026-01-01T11:00:00.000Z", lastSentAt: "2026-01-01T11:05:00.000Z" };
    expect(deadMailTransition(state, outbox(flowing))).toEqual({
      action: "close",
      coveredUntil: "2026-01-01T11:00:00.000Z",
    });
  });

  it("ends when nothing is left dead (a person retried them), and its watermark never moves back", () => {
    expect(deadMailTransition(open("2026-01-01T10:00:00.000Z"), outbox())).toEqual({ action: "close" });
    // The newest were retried; an older death is what is left.
    const older = { lastDeadAt: "2026-01-01T09:00:00.000Z", lastSentAt: "2026-01-01T11:00:00.000Z" };
    expect(deadMailTransition(open("2026-01-01T10:00:00.000Z"), outbox(older))).toEqual({ action: "close" });
  });

  it("does not begin again for deaths an earlier incident covered; a newer one begins the next", () => {
    const state = closed("2026-01-01T11:00:00.000Z");
    expect(deadMailTransition(state, outbox({ lastDeadAt: "2026-01-01T11:00:00.000Z" }))).toEqual({
      action: "none",
    });
    expect(deadMailTransition(state, outbox({ lastDeadAt: "2026-01-01T13:00:00.000Z" }))).toEqual({
      action: "open",
      coveredUntil: "2026-01-01T13:00:00.000Z",
    });
  });
});

describe("the queue-stalled incident", () => {
  const at = new Date("2026-01-01T12:00:00.000Z");
  const thirtyMinutes = 30 * 60_000;

  it("begins when the oldest pending e-mail has waited the threshold, and not before", () => {
    const young = outbox({ oldestPendingAt: "2026-01-01T11:30:01.000Z" });
    expect(queueStallTransition(undefined, young, at, thirtyMinutes)).toEqual({ action: "none" });
    const old = outbox({ oldestPendingAt: "2026-01-01T11:30:00.000Z" });
    expect(queueStallTransition(undefined, old, at, thirtyMinutes)).toEqual({ action: "open" });
  });

  it("goes on while the queue stays behind, and ends once it has caught up", () => {
    const state = open("");
    const old = outbox({ oldestPendingAt: "2026-01-01T10:00:00.000Z" });
    expect(queueStallTransition(state, old, at, thirtyMinutes)).toEqual({ action: "none" });
    expect(queueStallTransition(state, outbox(), at, thirtyMinutes)).toEqual({ action: "close" });
    const young = outbox({ oldestPendingAt: "2026-01-01T11:59:00.000Z" });
    expect(queueStallTransition(state, young, at, thirtyMinutes)).toEqual({ action: "close" });
  });
});
