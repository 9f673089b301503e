import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#server/platform/config.ts";
import { uiStrings } from "#shared/ui-strings.ts";

/** Source files a visitor's words could be written in (tests quote the requirements on purpose, so they are left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("words said in more than one place", () => {
  it("are written only in shared/ui-strings.ts", () => {
    const files = ["client", "shared", "server", "data", "scripts"].flatMap((dir) =>
      sourceFiles(path.join(projectRoot, dir)),
    );
    expect(files.length).toBeGreaterThan(100);
    const copies = files.flatMap((file) => {
      if (file.endsWith(path.join("shared", "ui-strings.ts"))) return [];
      const text = readFileSync(file, "utf8");
      return Object.values(uiStrings)
        .filter((words) => text.includes(words))
        .map((words) => `${path.relative(projectRoot, file)}: ${words}`);
    });
    expect(copies).toEqual([]);
  });
});
