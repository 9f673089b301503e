import { describe, expect, it } from "vitest";
import {
  countPrunableRevisions,
  findRevision,
  listRevisions,
  pruneRevisions,
  recordRevision,
  revisionRetention,
} from "#server/db/history.ts";
import { useSuiteDatabase } from "#tests/support/test-database.ts";

const suite = useSuiteDatabase();
const day = 86_400_000;

describe("revisions", () => {
  it("keeps each save whole and reads a target's newest first", async () => {
    const first = await recordRevision(suite.db, {
      target: "page:home",
      document: { title: "Før" },
      actor: "a@x.co.za",
    });
    const second = await recordRevision(suite.db, {
      target: "page:home",
      document: { title: "Après 🚀", cards: [1, 2] },
      actor: "cli:root",
      note: `Restored revision ${first}`,
    });
    await recordRevision(suite.db, {
      target: "settings",
      document: { phone: "+27215550199" },
      actor: "a@x.co.za",
    });

    const revisions = await listRevisions(suite.db, "page:home");
    expect(revisions.map((revision) => revision.id)).toEqual([second, first]);
    expect(revisions[0]).toMatchObject({
      target: "page:home",
      document: { title: "Après 🚀", cards: [1, 2] },
      actor: "cli:root",
      note: `Restored revision ${first}`,
    });
    expect((await findRevision(suite.db, "page:home", first))?.document).toEqual({ title: "Før" });
    // A revision is found only under its own target.
    expect(await findRevision(suite.db, "settings", first)).toBeUndefined();
  });

  it("forgets only what is both beyond the newest 50 and older than 30 days", async () => {
    const target = "news/retention-check";
    const now = new Date("2026-11-26T10:00:00Z");
    const old = new Date(now.getTime() - (revisionRetention.days + 1) * day);
    const recent = new Date(now.getTime() - day);
    const ids: number[] = [];
    for (let i = 0; i < revisionRetention.newest + 5; i += 1) {
      ids.push(await recordRevision(suite.db, { target, document: { n: i }, actor: "cli:root" }, old));
    }
    ids.push(
      await recordRevision(suite.db, { target, document: { n: "recent" }, actor: "cli:root" }, recent),
    );

    // The recent one plus the 49 newest old ones make 50; the 6 oldest old ones go.
    expect(await countPrunableRevisions(suite.db, now)).toBe(6);
    expect(await pruneRevisions(suite.db, now)).toBe(6);
    const left = await listRevisions(suite.db, target);
    expect(left).toHaveLength(revisionRetention.newest);
    expect(left.at(-1)?.id).toBe(ids[6]);
    // Another target's revisions are untouched.
    expect(await listRevisions(suite.db, "page:home")).toHaveLength(2);
    expect(await countPrunableRevisions(suite.db, now)).toBe(0);
    expect(await pruneRevisions(suite.db, now)).toBe(0);
  });
});
