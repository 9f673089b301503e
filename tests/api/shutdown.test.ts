import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../../server/config";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the built server on an ephemeral loopback port and resolves once it listens. */
async function startBuiltServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-shutdown-"));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [path.join(projectRoot, "build", "app", "index.js")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === "server listening" && entry.port) resolve(entry.port);
    });
    child.once("exit", (code) => reject(new Error(`server exited early with ${code}`)));
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  return { child, port, exited };
}

describe("graceful shutdown", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`exits 0 within 10 s on ${signal}, even with an idle keep-alive connection open`, async () => {
      const { child, port, exited } = await startBuiltServer();
      const agent = new http.Agent({ keepAlive: true });
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
      expect(status).toBe(200);
      const sentAt = Date.now();
      child.kill(signal);
      const { code, at } = await exited;
      agent.destroy();
      expect(code).toBe(0);
      expect(at - sentAt).toBeLessThan(10_000);
    });
  }
});
