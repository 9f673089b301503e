import { expect } from "vitest";
import type { CliRun } from "./cli";

/** The command succeeded: exit 0 and nothing on stderr. Returns what it printed. */
export function expectSucceeded(run: CliRun): string {
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return run.stdout;
}

/** A failure prints exactly one line on stderr and nothing on stdout. */
export function expectOneErrorLine(run: CliRun, code: number, pattern: RegExp): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe("");
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(pattern);
}
