import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One clock (docs/decisions/078-one-clock.md, 084-one-clock-everywhere.md): an operation
 * reads the time from its context, `ctx.now()`, and below the doors a clock is a required
 * `now: () => Date`. The real clock is made at the doors only (`systemClock` beside the
 * context), so an operation that reads it itself, or an optional clock with a hidden
 * default, is a time a test cannot fix.
 */
const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The code without its comments, which may well speak of `new Date()`. */
function code(file: string): string {
  return readFileSync(path.join(root, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

/** The lines of `file` matching one of `patterns`, as "file:line: text". */
function offending(file: string, patterns: readonly RegExp[]): string[] {
  return code(file)
    .split("\n")
    .flatMap((line, index) =>
      patterns.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

/** The real clock read where it is not made: `new Date()` with nothing to parse, or `Date.now()`. */
const realClock = [/new Date\(\s*\)/, /\bDate\.now\(\)/];
/** A clock that may be left out, with a hidden default: `now?:`, `now = new Date()`, `() => new Date()`. */
const optionalClock = [/\bnow\?:/, /\bnow(: [^=]+)? = (\(\) => )?new Date\(/, /\bnow\s*\?\?/];

describe("one clock", () => {
  it("no operation reads the real clock: the time is ctx.now()", () => {
    const files = sources("server/operations").filter((file) => file !== "server/operations/context.ts");
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => offending(file, realClock))).toEqual([]);
  });

  it("no operation takes an optional clock", () => {
    const files = sources("server/operations");
    expect(files.flatMap((file) => offending(file, optionalClock))).toEqual([]);
  });

  it("finds what it forbids", () => {
    const lines = [
      "  const at = new Date();",
      "  now?: () => Date;",
      "  now: () => Date = () => new Date(),",
    ];
    expect(lines.filter((line) => [...realClock, ...optionalClock].some((p) => p.test(line)))).toHaveLength(
      3,
    );
    expect(realClock.some((p) => p.test('new Date("2026-11-29")'))).toBe(false);
  });
});
