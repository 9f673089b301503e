import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { findNginx } from "#scripts/lib/test-services.ts";
import { freePort } from "./smtp-sink";

/** The compose stack's proxy configuration; the tests run this file, not a copy of their own. */
export const deployNginxConf = fileURLToPath(new URL("../../deploy/nginx.conf", import.meta.url));

/** One request as nginx logged it: which instances it went to (in order) and what each answered. */
export type ProxiedRequest = { requestId: string; upstreams: string[]; statuses: string[]; status: number };

export type NginxProxy = {
  url: string;
  pid: number;
  /** Every request logged so far, from the access log (nginx's stdout). */
  requests(): ProxiedRequest[];
  stop(): Promise<void>;
};

const appServerLine = /^(\s*)server app\d+:\d+(\s[^;]*)?;$/gm;

/**
 * deploy/nginx.conf with the `server app…` lines of its upstream block pointed at these
 * instances (their parameters kept) and its `listen` at a free loopback port. Throws if
 * the file no longer has the lines this relies on.
 */
export function loopbackNginxConf(conf: string, instanceUrls: string[], port: number): string {
  const appLines = [...conf.matchAll(appServerLine)];
  if (appLines.length !== instanceUrls.length) {
    throw new Error(
      `deploy/nginx.conf has ${appLines.length} "server appN:port" lines, expected ${instanceUrls.length}`,
    );
  }
  let index = 0;
  const rewritten = conf.replace(appServerLine, (_line, indent: string, params = "") => {
    const url = new URL(instanceUrls[index++] ?? "");
    return `${indent}server ${url.host}${params};`;
  });
  if ((rewritten.match(/^\s*listen 80;$/gm) ?? []).length !== 1) {
    throw new Error('deploy/nginx.conf has no single "listen 80;" line');
  }
  return rewritten.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

const accessLine = /" (\d{3}) .*upstream="([^"]*)" upstream_status="([^"]*)" .*request_id=(\w+)/;

/** A line of the `proxied` log format; several upstreams when nginx moved on to the next. */
function parseAccessLine(line: string): ProxiedRequest[] {
  const match = accessLine.exec(line);
  if (!match) return [];
  return [
    {
      status: Number(match[1]),
      upstreams: match[2]!.split(/,\s*|\s+:\s+/),
      statuses: match[3]!.split(/,\s*|\s+:\s+/),
      requestId: match[4]!,
    },
  ];
}

/**
 * nginx in front of the given instances, from deploy/nginx.conf (see loopbackNginxConf).
 * The configuration is checked with `nginx -t` first, so a broken file fails here with
 * nginx's own message. As root the workers run as root: the packaged nginx's temporary
 * folders are its own user's.
 */
export async function startNginxProxy(instanceUrls: string[]): Promise<NginxProxy> {
  const nginx = findNginx({ env: process.env, exists: existsSync });
  if (!nginx) throw new Error("nginx is not installed: run `npx tsx scripts/ensure-postgres.ts`");
  const dir = mkdtempSync(path.join(tmpdir(), "site-nginx-"));
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  const errorLog = path.join(dir, "error.log");
  writeFileSync(conf, loopbackNginxConf(readFileSync(deployNginxConf, "utf8"), instanceUrls, port));
  const globals = [
    "daemon off;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${errorLog} warn;`,
    process.getuid?.() === 0 ? "user root;" : "",
  ].join(" ");
  const args = ["-p", dir, "-c", conf, "-g", globals];

  const check = spawnSync(nginx, ["-t", "-q", ...args], {
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused deploy/nginx.conf (as rewritten for loopback):\n${check.stderr}`);
  }
  // stdout a file: nginx opens /dev/stdout for its access log, which a pipe from Node
  // (a socket) refuses.
  const accessLog = path.join(dir, "access.log");
  const stdout = openSync(accessLog, "a");
  // Its complaints (an instance killed mid-request, as tests do) go to error.log only.
  const child = spawn(nginx, args, { stdio: ["ignore", stdout, "ignore"] });
  closeSync(stdout);
  const exit = once(child, "exit");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited with ${child.exitCode}: ${readFileSync(errorLog, "utf8").trim()}`);
    }
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error("nginx did not answer within 10 s");
    await sleep(50);
  }
  return {
    url,
    pid: child.pid ?? 0,
    requests: () => readFileSync(accessLog, "utf8").split("\n").flatMap(parseAccessLine),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exit;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
