import type { CliOutput } from "./context";

// What a command prints and the exit code it ends with; context.ts holds what it is given.

/** 0 success; 1 not found or invalid input; 2 usage error (unknown command or option). */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

export function printLine(out: CliOutput, text = ""): void {
  out.stdout(`${text}\n`);
}

/** Machine-readable output: pretty JSON, ISO timestamps as stored. */
export function printJson(out: CliOutput, value: unknown): void {
  out.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** One clear line on stderr and exit code 1. */
export function fail(out: CliOutput, message: string): ExitCode {
  out.stderr(`error: ${message}\n`);
  return exitCodes.failed;
}

/** A wrong combination of arguments commander cannot express: exit code 2. */
export function usageError(out: CliOutput, message: string): ExitCode {
  out.stderr(`error: ${message}\n`);
  return exitCodes.usage;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Marked 2 leads read.", "1 lead was already read: wd-4." or both, for `read` and `unread`. */
export function describeMarking(
  noun: string,
  changed: readonly (number | string)[],
  already: readonly (number | string)[],
  state: string,
): string {
  const were = (ids: readonly unknown[]) => `${ids.length === 1 ? "was" : "were"} already ${state}`;
  if (already.length === 0) return `Marked ${plural(changed.length, noun)} ${state}.`;
  if (changed.length === 0) return `${plural(already.length, noun)} ${were(already)}: ${already.join(", ")}.`;
  return (
    `Marked ${plural(changed.length, noun)} ${state} (${changed.join(", ")}); ` +
    `${already.length} ${were(already)} (${already.join(", ")}).`
  );
}
