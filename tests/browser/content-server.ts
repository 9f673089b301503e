import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";

export type ContentServer = { baseURL: string; stop(): Promise<void> };

/** Starts tests/support/content-server.ts and waits for its port. */
export async function startContentServer(kind: "empty" | "failing" | "analytics"): Promise<ContentServer> {
  const child: ChildProcess = spawn("node", ["--import", "tsx", "tests/support/content-server.ts", kind], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (!child.stdout) throw new Error("content server has no stdout");
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`content server exited with ${code}`)));
    lines.on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}
