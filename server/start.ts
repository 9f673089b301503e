/**
 * The server's start file (build/app/index.js): every start, however it is run (the
 * README's `node --env-file=.env build/app/index.js`, the container, `npm run serve`),
 * serves with the same heap limits and malloc setting (server/platform/heap-limits.ts). Started without them, the
 * process is replaced by (or, on Node.js without `process.execve`, supervises) one that
 * has them. Nothing heavy is imported before that is decided.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { missingHeapFlags, missingMemoryEnvironment } from "#server/platform/heap-limits.ts";

/** Set for the relaunched process, so a flag Node.js did not take can never loop. */
const RELAUNCHED = "SITE_HEAP_FLAGS_ADDED";

/** The server itself, built beside this file (scripts/build-server.mjs); a URL so the bundler leaves it apart. */
const serverModule = new URL("./server.js", import.meta.url).href;

/**
 * The command line as it was typed, so the relaunched process is found by what found this
 * one (`pgrep -f '^node( --[^ ]+)* build/app/index\.js'`): Node.js resolves argv[1].
 */
function typedCommandLine(): string[] {
  try {
    const parts = readFileSync("/proc/self/cmdline", "utf8").split("\0").filter(Boolean);
    if (parts.length > 1) return parts;
  } catch {
    // Not Linux: Node.js's own view of it.
  }
  return [process.argv0, ...process.execArgv, ...process.argv.slice(1)];
}

/** Forwarded once each, as a terminal's Ctrl-C or an orchestrator's stop would reach the server. */
const FORWARDED_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

function relaunch(missing: string[], missingEnv: Partial<Record<string, string>>): void {
  const [argv0 = "node", ...rest] = typedCommandLine();
  const args = [...missing, ...rest];
  const env = { ...process.env, ...missingEnv, [RELAUNCHED]: "1" };
  // Node.js 22.15+ and 24 replace the process in place: same PID, one process.
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never })
    .execve;
  if (execve) execve(process.execPath, [argv0, ...args], env);
  // Node.js 20: a child with the flags, in a session of its own so a terminal's Ctrl-C
  // reaches it once (through here), not twice; it stops if this process dies (the IPC
  // channel closes).
  const child = spawn(process.execPath, args, {
    argv0,
    env,
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    detached: true,
  });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** The relaunched child of a supervisor stops when the supervisor is gone. */
function stopWithSupervisor(): void {
  // Only the channel the supervisor opened: another parent's (a test's fork) is not ours to watch.
  if (!process.env[RELAUNCHED] || !process.channel) return;
  process.channel.unref();
  process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

const missing = process.env[RELAUNCHED] ? [] : missingHeapFlags(process.execArgv, process.env.NODE_OPTIONS);
const missingEnv = process.env[RELAUNCHED] ? {} : missingMemoryEnvironment(process.env);
if (missing.length > 0 || Object.keys(missingEnv).length > 0) {
  relaunch(missing, missingEnv);
} else {
  stopWithSupervisor();
  await import(serverModule);
}
