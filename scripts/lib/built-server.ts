import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { createInterface } from "node:readline";

/** A free loopback port, so SITE_URL (canonical URLs) can name it before the server starts. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

export type BuiltServer = { url: string; stop(): Promise<void> };

/** Starts `build/app/index.js` on a free loopback port and waits until it listens. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, ["build/app/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: new URL(url).port,
      SITE_URL: url,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) =>
      reject(new Error(`server exited with ${code}; run \`npm run build\` first`)),
    );
    lines.on("line", (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string };
        if (entry.msg === "server listening") resolve();
      } catch {
        // Not a log line; ignore.
      }
    });
  });
  lines.removeAllListeners("line");
  lines.on("line", () => {});
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}
