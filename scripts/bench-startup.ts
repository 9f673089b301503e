/**
 * How fast the built server answers its first page after the process starts, and how much
 * memory it holds: idle, and after load on every route. Beside it, a bare Node process
 * that answers HTTP, for scale. Each run gets a fresh data folder (migrations and seeding
 * included, as a new container would).
 *   npm run build && npm run bench:startup [-- --runs 3 --load-seconds 60]
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { indexablePages, paths } from "#shared/paths.ts";
import { freePort, spawnBuiltServer } from "./lib/built-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "load-seconds": { type: "string", default: "60" },
    connections: { type: "string", default: "10" },
  },
});
const runs = Number(values.runs);
const loadSeconds = Number(values["load-seconds"]);
const connections = Number(values.connections);
const routes = [...indexablePages, paths.caseStudy("craft"), paths.thankYouWebApp, "/no/such/page"];
/** Memory settles this long before "idle" is read (timers, lazy first work). */
const IDLE_SETTLE_MS = 3_000;

/** Resident memory of a process in MB, from the kernel's own count. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** Polls until `url` answers 200; resolves with the time since `startedAt`. */
async function firstOk(url: string, startedAt: bigint, exited: () => boolean): Promise<number> {
  for (;;) {
    if (exited()) throw new Error("the process exited before it answered; run `npm run build` first");
    const ok = await fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return Number(process.hrtime.bigint() - startedAt) / 1e6;
    await sleep(5);
  }
}

type Run = { firstPageMs: number; idleMb: number; loadedMb?: number };

async function measureNode(): Promise<Run> {
  const port = await freePort();
  const code = `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1")`;
  const startedAt = process.hrtime.bigint();
  const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  try {
    const firstPageMs = await firstOk(`http://127.0.0.1:${port}/`, startedAt, () => child.exitCode !== null);
    await sleep(IDLE_SETTLE_MS);
    return { firstPageMs, idleMb: rssMb(child.pid ?? 0) };
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
}

async function measureServer(): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-startup-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = process.hrtime.bigint();
  const child = spawnBuiltServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: url, LOG_LEVEL: "warn" });
  child.stdout.resume();
  try {
    const firstPageMs = await firstOk(`${url}/`, startedAt, () => child.exitCode !== null);
    await sleep(IDLE_SETTLE_MS);
    const idleMb = rssMb(child.pid ?? 0);
    // Every route gets an equal share of the load time.
    const perRoute = Math.max(1, Math.round(loadSeconds / routes.length));
    for (const route of routes) {
      await autocannon({ url: `${url}${route}`, connections, duration: perRoute });
    }
    return { firstPageMs, idleMb, loadedMb: rssMb(child.pid ?? 0) };
  } finally {
    child.kill("SIGTERM");
    await once(child, "exit");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Array<Record<string, string | number>> = [];
for (let run = 1; run <= runs; run++) {
  const bare = await measureNode();
  rows.push({
    process: "node -e (bare HTTP)",
    run,
    "first 200 ms": Math.round(bare.firstPageMs),
    "RSS idle MB": bare.idleMb,
    "RSS after load MB": "-",
  });
  const site = await measureServer();
  rows.push({
    process: "build/app/index.js",
    run,
    "first 200 ms": Math.round(site.firstPageMs),
    "RSS idle MB": site.idleMb,
    "RSS after load MB": site.loadedMb ?? "-",
  });
}
console.log(
  `first 200 on / from spawn; RSS from /proc after ${IDLE_SETTLE_MS / 1000} s idle and after ` +
    `${loadSeconds} s of autocannon (${connections} connections) across ${routes.length} routes`,
);
console.table(rows);
