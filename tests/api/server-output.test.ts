import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, spawnBuiltServer } from "#scripts/lib/built-server.ts";
import { testFormSecret } from "#tests/support/submissions.ts";

/**
 * Everything the built server writes, stdout and stderr, is one JSON object a line: a
 * page whose rendering throws, an uncaught exception and an unhandled rejection
 * included, each with the request's id and the stack as a field
 * (docs/decisions/057-hostile-paths-logs-and-one-start.md). The faults are injected by a
 * test-only module loaded with `node --import` (tests/support/injected-faults.mjs), which
 * no start of the site loads.
 */

const faults = fileURLToPath(new URL("../support/injected-faults.mjs", import.meta.url));
const FORM_SECRET_IN_ENV = testFormSecret;

type Run = {
  url: string;
  lines: string[];
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startWithFaults(): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-output-"));
  const url = `http://127.0.0.1:${await freePort()}`;
  const child = spawnBuiltServer(
    {
      DATA_DIR: dataDir,
      PORT: new URL(url).port,
      SITE_URL: url,
      LOG_LEVEL: "info",
      FORM_SECRET: FORM_SECRET_IN_ENV,
    },
    { stderr: "pipe", wrap: ([node = "node", ...rest]) => [node, `--import=${faults}`, ...rest] },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => lines.push(line));
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 300 || child.exitCode !== null)
      throw new Error("the built server did not start; run `npm run build`");
    await sleep(100);
  }
  return { url, lines, exited, stop };
}

/** Every line parsed; the test fails on the first that is not a JSON object. */
function parsedLines(lines: string[]): Array<Record<string, unknown>> {
  return lines.map((line) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(`the server wrote a line that is not JSON: ${line.slice(0, 200)}`);
    }
    expect(typeof parsed === "object" && parsed !== null, line).toBe(true);
    return parsed as Record<string, unknown>;
  });
}

async function waitForLine(run: Run, msg: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 100; tries++) {
    const line = parsedLines(run.lines).find((entry) => entry.msg === msg);
    if (line) return line;
    await sleep(50);
  }
  throw new Error(`no "${msg}" line in:\n${run.lines.join("\n")}`);
}

describe("what the built server writes", () => {
  it("logs a page whose rendering throws as one JSON line with the request id and the stack", async () => {
    const run = await startWithFaults();
    const response = await fetch(`${run.url}/injected-render-fault`);
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    const line = await waitForLine(run, "page render failed");
    expect(line.requestId).toBe(requestId);
    const error = line.error as { type: string; message: string; stack: string };
    expect(error.type).toBe("TypeError");
    expect(error.stack).toMatch(/injected by a test[\s\S]*\n\s+at /);
    // The server goes on serving.
    expect((await fetch(`${run.url}/about`)).status).toBe(200);
    await run.stop();
    parsedLines(run.lines);
    expect(run.lines.join("\n")).not.toContain(FORM_SECRET_IN_ENV);
  });

  for (const [fault, msg] of [
    ["/injected-uncaught-fault", "uncaught exception; the server stops"],
    ["/injected-rejection-fault", "unhandled rejection; the server stops"],
  ] as const) {
    it(`stops on ${fault.slice(10).replace("-fault", "")} with one JSON line, the request id and the stack`, async () => {
      const run = await startWithFaults();
      const response = await fetch(`${run.url}${fault}`).catch(() => undefined);
      expect(await run.exited).toBe(1);
      const line = await waitForLine(run, msg);
      expect(line.level).toBe(60);
      if (response) expect(line.requestId).toBe(response.headers.get("x-request-id"));
      else expect(line.requestId).toEqual(expect.any(String));
      expect((line.error as { stack: string }).stack).toMatch(/injected by a test[\s\S]*\n\s+at /);
      parsedLines(run.lines);
    });
  }
});
