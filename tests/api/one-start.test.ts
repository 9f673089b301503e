import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "#scripts/lib/built-server.ts";
import { heapFlags, memoryEnvironment } from "#server/platform/heap-limits.ts";

/**
 * The built server started as the README documents (`node build/app/index.js`, no flags)
 * serves with the same heap limits as `npm run serve` and the container: the start file
 * runs itself again with them (in place where Node.js has `process.execve`, as a child it
 * supervises on Node.js 20). A stop still ends everything, cleanly and at once
 * (docs/decisions/057-hostile-paths-logs-and-one-start.md).
 */
const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** `node build/app/index.js` from the project's folder, as typed; resolves once the site answers. */
async function startAsDocumented() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-one-start-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // As typed in a shell that sets nothing: the start file adds the malloc setting itself.
  const { MALLOC_ARENA_MAX: _unset, ...inherited } = process.env;
  const started: ChildProcess = spawn("node", ["build/app/index.js"], {
    cwd: projectRoot,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_OPTIONS: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(started, "exit").then(([code]) => code as number | null);
  cleanups.push(() => {
    for (const pid of [started.pid ?? 0, ...servingPids]) if (pid && alive(pid)) process.kill(pid, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });
  const servingPids: number[] = [];
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 300 || started.exitCode !== null)
      throw new Error("the built server did not start; run `npm run build`");
    await sleep(100);
  }
  const pid = started.pid ?? 0;
  // In place (same PID), or the one child the start file runs.
  const serving = childrenOf(pid)[0] ?? pid;
  servingPids.push(serving);
  return { pid, serving, exited, url };
}

describe("the server started as the README documents", () => {
  it("serves with the heap limits, under the command line that finds it", async () => {
    const { serving } = await startAsDocumented();
    const args = cmdline(serving);
    expect(args.slice(0, heapFlags.length + 1)).toEqual(["node", ...heapFlags]);
    const environment = readFileSync(`/proc/${serving}/environ`, "utf8").split("\0");
    for (const [name, value] of Object.entries(memoryEnvironment))
      expect(environment).toContain(`${name}=${value}`);
    // What .ci/run looks for (`pgrep -f`), with the flags before the start file.
    expect(args.join(" ")).toMatch(/^node( --[^ ]+)* build\/app\/index\.js/);
  });

  it("stops cleanly and at once on SIGTERM to the process started", async () => {
    const { pid, serving, exited } = await startAsDocumented();
    const stopAt = Date.now();
    process.kill(pid, "SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(5_000);
    await sleep(100);
    expect(alive(serving)).toBe(false);
  });

  it("stops cleanly on SIGTERM to the serving process, and with its supervisor when that is killed", async () => {
    const first = await startAsDocumented();
    process.kill(first.serving, "SIGTERM");
    expect(await first.exited).toBe(0);

    const second = await startAsDocumented();
    if (second.serving === second.pid) return; // replaced in place: there is no supervisor
    process.kill(second.pid, "SIGKILL");
    for (let tries = 0; alive(second.serving) && tries < 100; tries++) await sleep(50);
    expect(alive(second.serving)).toBe(false);
  });
});
