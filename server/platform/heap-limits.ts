/**
 * The V8 heap limits every start of the server runs with (docs/decisions/023-start-up-and-memory.md,
 * docs/decisions/057-hostile-paths-logs-and-one-start.md): a small young generation and an
 * old-space ceiling make V8 collect before it grows. V8 reads them only when the process
 * starts, so a start without them is run again with them (server/start.ts).
 */
export const heapFlags = ["--max-semi-space-size=2", "--max-old-space-size=128"] as const;

const flagName = (flag: string) => flag.split("=")[0]?.replace(/_/g, "-") ?? flag;

/**
 * The heap flags a process was not started with, from its own flags and NODE_OPTIONS. A
 * limit given with another value is kept: a host with more memory may raise it.
 */
export function missingHeapFlags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return heapFlags.filter((flag) => !given.has(flagName(flag)));
}
