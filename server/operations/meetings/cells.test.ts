import { describe, expect, it } from "vitest";
import { cellsOf } from "./availability";

/** The five-minute cells a meeting claims (docs/decisions/060-availability-and-slot-claims.md). */

const shared = (a: string[], b: string[]) => a.filter((cell) => b.includes(cell));
const at = (clock: string) => `2026-12-03T${clock}:00.000Z`;

describe("a meeting's cells", () => {
  it("cover the meeting and the buffer after it, on the grid", () => {
    const cells = cellsOf(at("08:00"), 45, 15);
    expect(cells[0]).toBe(at("08:00"));
    expect(cells.at(-1)).toBe(at("08:55"));
    expect(cells).toHaveLength(12);
  });

  it("leave two meetings exactly a buffer apart free of each other, on the grid or off it", () => {
    for (const first of ["08:00", "08:07", "08:34", "08:59"]) {
      const start = Date.parse(at(first));
      const next = new Date(start + (45 + 15) * 60_000).toISOString();
      expect(shared(cellsOf(at(first), 45, 15), cellsOf(next, 45, 15))).toEqual([]);
    }
  });

  it("share a cell when the second starts a cell or more inside the first's buffer", () => {
    for (const first of ["08:00", "08:07", "08:34"]) {
      const start = Date.parse(at(first));
      const early = new Date(start + (45 + 15 - 5) * 60_000).toISOString();
      expect(shared(cellsOf(at(first), 45, 15), cellsOf(early, 45, 15)).length).toBeGreaterThan(0);
    }
  });

  it("always cover the meeting itself, even with no buffer", () => {
    const cells = cellsOf(at("08:02"), 45, 0);
    expect(cells[0]).toBe(at("08:00"));
    expect(cells.at(-1)).toBe(at("08:45"));
    expect(shared(cells, cellsOf(at("08:40"), 45, 0)).length).toBeGreaterThan(0);
  });
});
