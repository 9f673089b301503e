import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { heapFlags, memoryEnvironment } from "#server/platform/heap-limits.ts";

export type BuiltServer = {
  url: string;
  /** The process that runs the server (inside any wrapper, e.g. a mount namespace). */
  pid: number;
  /** Every JSON log line the server has written so far (stdout), parsed. */
  logs: Array<Record<string, unknown>>;
  /** The first log line with this message, once the server has written it (lines arrive a little after answers). */
  waitForLog(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends a signal and waits for the process to exit; resolves with its exit code. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
};

export type SpawnBuiltServerOptions = {
  /**
   * Node.js flags before the start file: the heap limits by default; none to start it as
   * the README documents (`node build/app/index.js`), when it adds them itself.
   */
  nodeFlags?: readonly string[];
  /** Runs the server through another command (unshare, ...): gets and returns the argv. */
  wrap?: (argv: string[]) => string[];
  /** Where stderr goes: inherited (default), ignored for servers expected to complain, or piped to read. */
  stderr?: "inherit" | "ignore" | "pipe";
  /** Another build's start file, for a bench that compares this build with an older one. */
  serverFile?: string;
};

/** No "pipe": startBuiltServer hands back no process to read stderr from. */
export type BuiltServerOptions = SpawnBuiltServerOptions & { stderr?: "inherit" | "ignore" };

/**
 * The V8 heap limits every start of the server has (server/platform/heap-limits.ts): passed here
 * as `npm run serve` and the container pass them, so the start file need not run itself
 * again to add them.
 */
export const serverNodeFlags: readonly string[] = heapFlags;

/** The built server's start file, wherever the caller runs from. */
const serverFile = fileURLToPath(new URL("../../build/app/index.js", import.meta.url));

/** A free loopback port, so a server's address (SITE_URL, a URL) can be named before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  // Closed before the port is handed out, so whoever takes it next can bind it.
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/**
 * Spawns `build/app/index.js` in production on loopback, `env` over this process's own, and
 * waits for nothing: also for servers expected to exit by themselves.
 */
export function spawnBuiltServer(env: Record<string, string>, options: SpawnBuiltServerOptions = {}) {
  const argv = [
    process.execPath,
    ...(options.nodeFlags ?? serverNodeFlags),
    options.serverFile ?? serverFile,
  ];
  const [command = process.execPath, ...args] = options.wrap ? options.wrap(argv) : argv;
  // stdout is always a pipe; spawn's overloads lose that once stderr may be either kind.
  return spawn(command, args, {
    // As the container and `npm run serve` start it: the start file need not run itself again.
    env: { ...memoryEnvironment, ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", options.stderr ?? "inherit"],
  }) as ChildProcessByStdio<null, Readable, Readable | null>;
}

/** Starts `build/app/index.js` on a free loopback port and waits until /healthz answers. */
export async function startBuiltServer(
  env: Record<string, string>,
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const child = spawnBuiltServer(
    { PORT: new URL(url).port, SITE_URL: url, LOG_LEVEL: "warn", ...env },
    options,
  );
  const logs: BuiltServer["logs"] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      logs.push({ msg: line });
    }
  });
  const exit = once(child, "exit").then(([code]) => code as number | null);
  const exitedEarly = exit.then((code) => {
    throw new Error(`server exited with ${String(code)}; run \`npm run build\` first`);
  });
  const ready = (async () => {
    // Until it exits too: then exitedEarly has already failed the start.
    while (child.exitCode === null && child.signalCode === null) {
      const ok = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
  })();
  await Promise.race([ready, exitedEarly]);
  exitedEarly.catch(() => {});
  const kill = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exit;
  };
  return {
    url,
    pid: child.pid ?? 0,
    logs,
    async waitForLog(msg, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = logs.find((entry) => entry.msg === msg);
        if (line) return line;
        if (Date.now() > deadline) throw new Error(`the server logged no "${msg}" within ${timeoutMs} ms`);
        await sleep(20);
      }
    },
    kill,
    async stop() {
      await kill("SIGTERM");
    },
  };
}
