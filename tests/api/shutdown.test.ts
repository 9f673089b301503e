import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startBuiltServer } from "#scripts/lib/built-server.ts";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("graceful shutdown", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`exits 0 within 10 s on ${signal}, even with an idle keep-alive connection open`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "site-shutdown-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
      // Only if the test fails before its own signal: a no-op once the server has exited.
      cleanups.push(() => server.stop());
      const agent = new http.Agent({ keepAlive: true });
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port: new URL(server.url).port, path: "/healthz", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
      expect(status).toBe(200);
      const sentAt = Date.now();
      const code = await server.kill(signal);
      // Read after the exit is seen, so it can only overstate how long the shutdown took.
      const took = Date.now() - sentAt;
      agent.destroy();
      expect(code).toBe(0);
      expect(took).toBeLessThan(10_000);
    });
  }
});
