import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnBuiltServer, startBuiltServer } from "#scripts/lib/built-server.ts";
import { canMountScratchDisk, scratchDisk } from "#tests/support/scratch-disk.ts";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-startup-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** Starts the built server expecting it to stop by itself; resolves with its exit code and output. */
async function runUntilExit(env: Record<string, string>, wrap?: (argv: string[]) => string[]) {
  // LOG_LEVEL info: so that "server listening" would show if it were wrongly logged.
  const child = spawnBuiltServer({ PORT: "0", LOG_LEVEL: "info", ...env }, { wrap, stderr: "pipe" });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr: stderr.trim() };
}

/**
 * The sentence of a failed start's only line: one JSON line on stderr at level 60 (fatal),
 * like every line the server writes (docs/decisions/057-hostile-paths-logs-and-one-start.md).
 */
function fatalMessage(stderr: string): string {
  const lines = stderr.split("\n");
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0] ?? "") as { level?: unknown; service?: unknown; msg?: unknown };
  expect(line.level).toBe(60);
  expect(line.service).toBe("agency-site");
  expect(typeof line.msg).toBe("string");
  return String(line.msg);
}

describe("start-up failures: exit 1 with one line naming the problem", () => {
  it("a port that is taken, not a false 'server listening'", async () => {
    const squatter = createServer().listen(0, "127.0.0.1");
    await once(squatter, "listening");
    cleanups.push(() => squatter.close());
    const address = squatter.address();
    if (typeof address !== "object" || !address) throw new Error("no port");

    const result = await runUntilExit({
      PORT: String(address.port),
      DATA_DIR: tempDataDir(),
      SITE_URL: "http://localhost",
    });
    expect(result.code).toBe(1);
    expect(fatalMessage(result.stderr)).toBe(
      `Port ${address.port} is already in use on 127.0.0.1: stop what uses it, or pick another port, e.g. PORT=3001 npm start`,
    );
    expect(result.stdout).not.toContain("server listening");
  });

  it.runIf(canMountScratchDisk)("a data folder on a read-only volume", async () => {
    const disk = await scratchDisk(1024);
    cleanups.push(() => disk.remove());
    await disk.makeReadOnly();
    const result = await runUntilExit({ DATA_DIR: disk.dir, SITE_URL: "http://localhost" }, disk.wrap);
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toHaveLength(1);
    expect(fatalMessage(result.stderr)).toMatch(
      new RegExp(
        `^Cannot start: the (storage is read-only|data file cannot be opened) at ${disk.dir}/site\\.sqlite \\(DATA_DIR ${disk.dir}\\)\\. Give the server a writable DATA_DIR with free space\\.`,
      ),
    );
  });

  it("a PostgreSQL server that does not answer", async () => {
    // A port nothing listens on: refused at once, as when PostgreSQL is down.
    const probe = createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const address = probe.address();
    if (typeof address !== "object" || !address) throw new Error("no port");
    await new Promise((resolve) => probe.close(resolve));
    const result = await runUntilExit({
      DATA_DIR: tempDataDir(),
      SITE_URL: "http://localhost",
      DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${address.port}/site`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toHaveLength(1);
    expect(fatalMessage(result.stderr)).toMatch(
      new RegExp(
        `^Cannot start: the PostgreSQL server cannot be reached at PostgreSQL 127\\.0\\.0\\.1:${address.port}/site\\. Check DATABASE_URL, and that PostgreSQL is running and accepts this user\\. \\(.*ECONNREFUSED`,
      ),
    );
    expect(result.stderr).not.toContain("secret-password");
  });

  it("a DATABASE_URL that is not PostgreSQL's", async () => {
    const result = await runUntilExit({ DATA_DIR: tempDataDir(), DATABASE_URL: "mysql://site@db/site" });
    expect(result.code).toBe(1);
    expect(fatalMessage(result.stderr)).toBe(
      "Invalid configuration:\nDATABASE_URL: DATABASE_URL must be a PostgreSQL URL, e.g. postgres://site:password@db.example.com:5432/site",
    );
  });

  it("a bad variable", async () => {
    const result = await runUntilExit({ DATA_DIR: tempDataDir(), LOG_LEVEL: "chatty" });
    expect(result.code).toBe(1);
    expect(fatalMessage(result.stderr)).toMatch(/^Invalid configuration:\nLOG_LEVEL: /);
  });

  it("no SITE_URL where it is required (the container image)", async () => {
    const result = await runUntilExit({ DATA_DIR: tempDataDir(), REQUIRE_SITE_URL: "true" });
    expect(result.code).toBe(1);
    expect(fatalMessage(result.stderr)).toMatch(
      /^SITE_URL is not set: canonical URLs, the sitemap, robots\.txt and e-mail links point at http:\/\/localhost:0\. Set it to the public address/,
    );
  });
});

describe("production without SITE_URL", () => {
  it("starts, with one warning line at start-up and the warning in /readyz", async () => {
    const server = await startBuiltServer({ DATA_DIR: tempDataDir(), SITE_URL: "", LOG_LEVEL: "info" });
    cleanups.push(() => server.stop());
    const warnings = server.logs.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^SITE_URL is not set/);
    const readiness = (await (await fetch(`${server.url}/readyz`)).json()) as {
      status: string;
      warnings: string[];
    };
    expect(readiness.status).toBe("ready");
    expect(readiness.warnings).toEqual([warnings[0]?.msg]);
  });
});
