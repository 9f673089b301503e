import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

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

export type BuiltServerOptions = {
  /** Runs the server through another command (unshare, ...): gets and returns the argv. */
  wrap?: (argv: string[]) => string[];
  /** Where stderr goes: inherited (default), or ignored for servers expected to complain. */
  stderr?: "inherit" | "ignore";
};

/** The built server's start file, wherever the caller runs from. */
const serverFile = fileURLToPath(new URL("../../build/app/index.js", import.meta.url));

/** A free loopback port, so SITE_URL (canonical URLs) can name it before the server starts. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/** Starts `build/app/index.js` on a free loopback port and waits until /healthz answers. */
export async function startBuiltServer(
  env: Record<string, string>,
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const argv = [process.execPath, serverFile];
  const [command = process.execPath, ...args] = options.wrap ? options.wrap(argv) : argv;
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: new URL(url).port,
      SITE_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", options.stderr ?? "inherit"],
  });
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
    for (;;) {
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
