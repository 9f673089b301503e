/**
 * The V8 heap limits every start of the server runs with (docs/decisions/023-start-up-and-memory.md,
 * docs/decisions/057-hostile-paths-logs-and-one-start.md): a small young generation and an
 * old-space ceiling make V8 collect before it grows. V8 reads them only when the process
 * starts, so a start without them is run again with them (server/start.ts).
 */
export const heapFlags = ["--max-semi-space-size=2", "--max-old-space-size=128"] as const;

/**
 * The environment every start serves with, beside the heap flags: glibc's malloc gives each
 * thread that allocates (libuv's pool compressing pages, the SMTP thread) an arena of its
 * own and seldom returns their pages, which after a minute of load was 15 MB of the
 * process (docs/decisions/077-server-chunks.md). Read by the C library when the process
 * starts, so, like the flags, a start without it is run again with it.
 */
export const memoryEnvironment = { MALLOC_ARENA_MAX: "2" } as const;

/** The entries of `memoryEnvironment` this environment lacks; one set to any value is kept. */
export function missingMemoryEnvironment(env: NodeJS.ProcessEnv): Partial<Record<string, string>> {
  return Object.fromEntries(Object.entries(memoryEnvironment).filter(([name]) => env[name] === undefined));
}

const flagName = (flag: string) => flag.split("=")[0]?.replace(/_/g, "-") ?? flag;

/**
 * The heap flags a process was not started with, from its own flags and NODE_OPTIONS. A
 * limit given with another value is kept: a host with more memory may raise it.
 */
export function missingHeapFlags(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return heapFlags.filter((flag) => !given.has(flagName(flag)));
}
