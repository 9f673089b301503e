import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type BuiltServer = { url: string; stop(): Promise<void> };

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
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, ["build/app/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: new URL(url).port,
      SITE_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(child, "exit").then(([code]) => {
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
  await Promise.race([ready, exited]);
  exited.catch(() => {});
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
