import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../../server/config";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("start-up on a port that is taken", () => {
  it("exits 1 with one line naming the port and the fix, not a false 'server listening'", async () => {
    const squatter = createServer().listen(0, "127.0.0.1");
    await once(squatter, "listening");
    cleanups.push(() => squatter.close());
    const address = squatter.address();
    if (typeof address !== "object" || !address) throw new Error("no port");
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-port-in-use-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const child = spawn(process.execPath, [path.join(projectRoot, "build", "app", "index.js")], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(address.port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];

    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Port ${address.port} is already in use on 127.0.0.1: stop what uses it, or pick another port, e.g. PORT=3001 npm start`,
    );
    expect(stdout).not.toContain("server listening");
  });
});
