import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#server/platform/config.ts";

/** A route module reads as an outline of its page's sections; its copy lives in data/pages/. */
const MAX_LINES = 150;

const routesDir = path.join(projectRoot, "client", "routes");

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Lines as `wc -l` counts them, and a last line without a newline too. */
const lineCount = (text: string) =>
  text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("client/routes/", () => {
  it(`has no file longer than ${MAX_LINES} lines`, () => {
    const files = filesUnder(routesDir);
    expect(files.length).toBeGreaterThan(10);
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(routesDir, file), "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `client/routes/${file}: ${lines} lines`);
    expect(tooLong, "move its copy to data/pages/ or its markup to a section component").toEqual([]);
  });

  it("counts lines as wc -l does, and an unterminated last one", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("one\n")).toBe(1);
    expect(lineCount("one\ntwo")).toBe(2);
  });
});
