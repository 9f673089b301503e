import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnBuiltServer } from "#scripts/lib/built-server.ts";
import { routePatterns } from "#shared/paths.ts";
import { staffPaths } from "#shared/staff-paths.ts";

/**
 * Paths as an attacker or a broken client sends them, to every route shape of the site
 * (shared/paths.ts, shared/staff-paths.ts), against the built server: escaped control
 * characters, lone and half `%`, escapes that are not UTF-8, backslashes, double and mixed
 * encodings, dot segments and over-long paths. None may answer 5xx; every page answered is
 * a whole HTML page; and everything the process writes, stdout and stderr, is JSON lines
 * (docs/decisions/057-hostile-paths-logs-and-one-start.md).
 *
 * `npm run fuzz` sends 10,000 paths; `npm test`, a few hundred. FUZZ_SEED repeats a run.
 */
const PATHS = Number(process.env.FUZZ_REQUESTS ?? 240);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = 8;

const PARAM = /:\w+|\*/g;

/** Each route's pattern, a parameter (`:id`, `*`) being where a hostile segment goes. */
const shapes = [...Object.values(routePatterns), ...Object.values(staffPaths)];

const pieces = fc.oneof(
  // Escaped C0 controls and DEL, in either case of hex digit.
  fc.integer({ min: 0, max: 0x1f }).map((code) => `%${code.toString(16).padStart(2, "0")}`),
  fc.constantFrom("%7F", "%7f", "%0a", "%0D", "%09"),
  // A lone `%`, half an escape, an escape that is not hex.
  fc.constantFrom("%", "%2", "%zz", "%%", "%g0", "%%25"),
  // Escapes that are not UTF-8: a lone continuation byte, a truncated sequence, an overlong form.
  fc.constantFrom("%ff", "%C3", "%E2%82", "%C0%AF", "%ED%A0%80", "%80"),
  // Backslashes and slashes, raw and escaped; dot segments, raw and escaped.
  fc.constantFrom("%5C", "%5c%5c", "%2F", "%2f%2f", "..", ".", "%2e%2E", "%2e"),
  // Double and mixed encodings. (A byte outside ASCII sent as it is never reaches the site:
  // Node.js's HTTP parser answers 400 and closes the connection, as RFC 9112 allows.)
  fc.constantFrom("%2509", "%25", "%2525", "%252", "%25%30%39", "%u0009", "%C3%A9", "%E2%80%AE", "%c3%a9%5c"),
  // Ordinary text, so pieces mix with what a real address holds.
  fc.stringMatching(/^[a-z0-9_~-]{1,12}$/),
);

const segment = fc.array(pieces, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
/** Long enough to be over any sane address, short enough for the server's header limit. */
const overLong = fc
  .tuple(pieces, fc.integer({ min: 200, max: 1500 }))
  .map(([piece, times]) => piece.repeat(times).slice(0, 6000));

const hostilePath = fc
  .tuple(
    fc.constantFrom(...shapes),
    fc.oneof({ weight: 8, arbitrary: segment }, { weight: 1, arbitrary: overLong }),
    fc.constantFrom("param", "append", "prefix", "between"),
  )
  .map(([shape, hostile, where]) => {
    const pattern = shape === "/" ? "" : shape;
    if (where === "param" && PARAM.test(pattern)) return pattern.replace(PARAM, hostile);
    // Parameters the hostile segment does not take get a plain value.
    const base = pattern.replace(PARAM, "x");
    if (where === "prefix") return `/${hostile}${base}`;
    if (where === "between") {
      const [first = "", ...rest] = base.split("/").filter(Boolean);
      return `/${first}/${hostile}/${rest.join("/")}`;
    }
    return `${base}/${hostile}`;
  });

/** A redirect or an answer that a page may give; never a 5xx. */
const PAGE_STATUSES = new Set([200, 301, 302, 303, 307, 308, 400, 404]);

let url: string;
let dataDir: string;
let stop: () => Promise<void>;
const lines: string[] = [];
const statusCounts = new Map<number, number>();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-hostile-paths-"));
  url = `http://127.0.0.1:${await freePort()}`;
  const child = spawnBuiltServer(
    { DATA_DIR: dataDir, PORT: new URL(url).port, SITE_URL: url, LOG_LEVEL: "info" },
    { stderr: "pipe" },
  );
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => lines.push(line));
  }
  stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  };
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
}, 60_000);

afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
  const counts = [...statusCounts.entries()].sort().map(([status, count]) => `${status}: ${count}`);
  console.info(`hostile paths (seed ${SEED}, ${PATHS} paths): ${counts.join(", ")}`);
});

/** GET with the path sent byte for byte as generated (fetch would re-encode it). */
async function get(
  pathText: string,
): Promise<{ status: number; type: string; body: string; location: string }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    // Node.js writes a path's characters as Latin-1: its UTF-8 bytes are sent as such.
    const bytes = Buffer.from(pathText, "utf8").toString("latin1");
    const req = request(`${url}/`, { path: bytes, method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks).toString("utf8"),
          location: String(res.headers.location ?? ""),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("hostile paths", () => {
  it("answer every route shape with a page or a redirect, never a 5xx", async () => {
    const sample = fc.sample(hostilePath, { numRuns: PATHS, seed: SEED });
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < sample.length) {
        const pathText = sample[next++] ?? "/";
        const answer = await get(pathText).catch((error: unknown) => error as Error);
        if (answer instanceof Error) {
          failures.push(`${pathText.slice(0, 120)} (${pathText.length} characters): ${answer.message}`);
          continue;
        }
        statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
        const problem = !PAGE_STATUSES.has(answer.status)
          ? `answered ${answer.status}`
          : answer.status >= 300 && answer.status < 400
            ? answer.location.startsWith("/") && !answer.location.startsWith("//")
              ? undefined
              : `redirected to ${JSON.stringify(answer.location)}`
            : !answer.type.startsWith("text/html")
              ? `answered ${answer.type}`
              : !/^<!DOCTYPE html>/i.test(answer.body) || !answer.body.trimEnd().endsWith("</html>")
                ? "answered a page that is not whole"
                : undefined;
        if (problem) failures.push(`${pathText.slice(0, 120)}: ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 180_000);

  it("answer the site's not-found page: 400 when an escape cannot be decoded, 404 when it decodes to a control character", async () => {
    const tab = await get("/%09/%25");
    expect(tab.status).toBe(404);
    expect(tab.body).toContain("Page not found");
    const lone = await get("/news/%");
    expect(lone.status).toBe(400);
    expect(lone.body).toContain("Page not found");
  });

  it("send a workspace address that is no page's, or too long, to sign-in without it", async () => {
    for (const pathText of [
      "/admin/%09",
      `/admin/${"%%25".repeat(1500)}`,
      `/admin/leads/${"a".repeat(3000)}`,
    ]) {
      const answer = await get(pathText);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/admin/sign-in?next=${encodeURIComponent("/admin")}`);
    }
  });

  it("leave only JSON lines in what the server wrote", async () => {
    // Lines arrive a little after the answers.
    await sleep(200);
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson.slice(0, 5)).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
  });
});
