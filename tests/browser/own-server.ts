import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startBuiltServer } from "#scripts/lib/built-server.ts";

const run = promisify(execFile);

export type OwnServer = {
  url: string;
  /** The server's data folder: its SQLite database and uploads. */
  dataDir: string;
  /** The built CLI as an admin runs it on the server, on this server's data folder. */
  cli(...args: string[]): Promise<{ stdout: string; stderr: string }>;
  stop(): Promise<void>;
};

/**
 * A built server of a test file's own, on a fresh data folder, for tests that change what
 * every page shows (content, screenshots, configuration) and so cannot share the
 * suite's server.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-browser-"));
  const server = await startBuiltServer({ DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    dataDir,
    cli: (...args) =>
      run(process.execPath, ["build/admin/index.js", ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
      }),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
