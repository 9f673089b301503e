/**
 * Memory under hostile load: the built server, started as the README documents
 * (`node build/app/index.js`, which adds the heap limits itself: server/start.ts), takes
 * the fuzz suite's mix (generated hostile field values, forged start fields, raw
 * bodies of the wrong type or a corrupt encoding, and bodies of 1 to 20 MB) in rounds;
 * its resident memory is read after each round. It must level off (the last round
 * within 10% of the one before) and stay under 250 MB, or the run fails.
 * RSS is the serving process's; on Node.js without `process.execve` the start file stays
 * as its supervisor, whose own RSS is printed beside it. `--start serve` starts it as
 * `npm run serve` does (the flags given); `--start without-limits` as the README's command
 * started before the start file added them (for comparison only).
 *   npm run build && npm run bench:soak [-- --rounds 6 --round-seconds 40 --concurrency 16 --start documented]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { paths } from "#shared/paths.ts";
import { hostileText } from "#tests/support/hostile-text.ts";
import { endpoints, publicForms as forms, testFormSecret } from "#tests/support/submissions.ts";
import { startBuiltServer } from "./lib/built-server";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "6" },
    "round-seconds": { type: "string", default: "40" },
    concurrency: { type: "string", default: "16" },
    seed: { type: "string", default: "39" },
    start: { type: "string", default: "documented" },
  },
});
const starts = {
  documented: { nodeFlags: [], env: {} },
  serve: { nodeFlags: undefined, env: {} },
  // The start file's own guard against relaunching, set by hand: the limits are never added.
  "without-limits": { nodeFlags: [], env: { SITE_HEAP_FLAGS_ADDED: "1" } },
} as const;
const start = starts[values.start as keyof typeof starts];
if (!start) throw new Error(`--start is one of ${Object.keys(starts).join(", ")}`);
const rounds = Number(values.rounds);
const roundSeconds = Number(values["round-seconds"]);
const concurrency = Number(values.concurrency);
const seed = Number(values.seed);
/** What the run must show (the brief of issue #39): a plateau, under a ceiling. */
const PLATEAU_TOLERANCE = 0.1;
const CEILING_MB = 250;

/** Resident memory of a process in MB, from the kernel's own count. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024);
}

/** The process that serves: the started one, or the child its start file runs with the heap limits. */
function servingPid(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.length > 0 ? Number(children[0]) : pid;
}

type Shot = { url: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | string };

function formEncode(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    params.append(key, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  }
  return params.toString();
}

/**
 * Large bodies, made once and reused: the cost of building 20 MB per request would be
 * the load generator's, not the server's. Each is refused by its size or shape; the
 * server must not keep any of it.
 */
const MB = 1024 * 1024;
const largeBodies: Shot[] = [
  {
    url: endpoints.websiteDesign,
    headers: { "Content-Type": "application/json" },
    body: `{"fullName":"${"x".repeat(1 * MB)}"}`,
  },
  {
    url: endpoints.webApp,
    headers: { "Content-Type": "application/json" },
    body: `{"fullName":"${"y".repeat(5 * MB)}"}`,
  },
  {
    url: endpoints.appointments,
    headers: { "Content-Type": "application/json" },
    body: new Uint8Array(20 * MB).fill(0x7b),
  },
  {
    url: paths.websiteDesign,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `fullName=${"z".repeat(20 * MB)}`,
  },
  {
    url: paths.bookAppointment,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "a=1&".repeat(2 * MB),
  },
  // A small gzip body that inflates to 20 MB.
  {
    url: endpoints.newsletter,
    headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
    body: new Uint8Array(gzipSync(Buffer.from(`{"email":"${"a".repeat(20 * MB)}"}`))),
  },
];

/** One generated request of the fuzz mix; a large body one time in `largeEvery`. */
function makeShots(count: number, runSeed: number): Shot[] {
  const value = fc.oneof(
    { weight: 6, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant("x".repeat(5000)) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
  const raw = fc.oneof(
    fc.uint8Array({ maxLength: 200 }).map((bytes) => new Uint8Array(bytes)),
    fc.json().map((text) => new Uint8Array(new TextEncoder().encode(text))),
    fc.constant(new Uint8Array(new TextEncoder().encode(`${"[".repeat(5000)}${"]".repeat(5000)}`))),
  );
  const shot = fc
    .tuple(
      fc.nat(forms.length - 1),
      fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 }),
      fc.constantFrom("json", "form", "page", "raw", "raw"),
      fc.constantFrom("", "gzip", "deflate", "br", "identity"),
      raw,
      fc.boolean(),
    )
    .map(([formIndex, fields, kind, encoding, rawBody, keepStart]): Shot => {
      const form = forms[formIndex] ?? forms[0];
      if (!form) throw new Error("no forms");
      const { [botGuardFields.startedAt]: start, ...base } = form.submission() as Record<string, unknown>;
      const body = { ...base, ...fields, ...(keepStart ? { [botGuardFields.startedAt]: start } : {}) };
      if (kind === "json")
        return {
          url: form.endpoint,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        };
      const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };
      if (kind === "form") return { url: form.endpoint, headers: formHeaders, body: formEncode(body) };
      if (kind === "page") return { url: form.page, headers: formHeaders, body: formEncode(body) };
      return {
        url: keepStart ? form.endpoint : form.page,
        headers: {
          "Content-Type": "application/json",
          ...(encoding ? { "Content-Encoding": encoding } : {}),
        },
        body: rawBody,
      };
    });
  return fc.sample(shot, { numRuns: count, seed: runSeed });
}

const shots = makeShots(2_000, seed);
/** One request in this many carries a large body. */
const LARGE_EVERY = 25;

async function fire(baseUrl: string, shot: Shot): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}${shot.url}`, {
      method: "POST",
      headers: shot.headers,
      body: shot.body,
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    // The server may close a connection on a body it refuses before reading it all.
    return 0;
  }
}

async function runRound(baseUrl: string, round: number): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  const endAt = Date.now() + roundSeconds * 1000;
  let sent = round * 100_000;
  const worker = async () => {
    while (Date.now() < endAt) {
      const n = sent++;
      const shot =
        n % LARGE_EVERY === 0 ? largeBodies[(n / LARGE_EVERY) % largeBodies.length] : shots[n % shots.length];
      if (!shot) continue;
      const status = await fire(baseUrl, shot);
      const key = status >= 500 ? `${status} ${shot.url}` : String(status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "site-soak-"));
const server = await startBuiltServer(
  {
    DATA_DIR: dataDir,
    FORM_SECRET: testFormSecret,
    FORM_MIN_FILL_SECONDS: "0",
    LEAD_RATE_LIMIT_MAX: "100000000",
    LOG_LEVEL: "error",
    ...start.env,
  },
  { nodeFlags: start.nodeFlags },
);
const serving = servingPid(server.pid);
const supervisor = serving === server.pid ? undefined : server.pid;
let supervisorMb = 0;
const series: number[] = [];
let serverErrors = 0;
try {
  const startMb = rssMb(serving);
  console.info(
    `soak (start: ${values.start}): ${rounds} rounds of ${roundSeconds} s, ${concurrency} at once, seed ${seed}; ` +
      `RSS at start ${startMb} MB${supervisor ? `; the start file's supervisor ${rssMb(supervisor)} MB` : ""}`,
  );
  for (let round = 0; round < rounds; round++) {
    const statuses = await runRound(server.url, round);
    const requests = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    for (const [key, count] of statuses) if (key.startsWith("5")) serverErrors += count;
    const mb = rssMb(serving);
    if (supervisor) supervisorMb = rssMb(supervisor);
    series.push(mb);
    const summary = [...statuses.entries()]
      .sort()
      .map(([key, count]) => `${key}: ${count}`)
      .join(", ");
    console.info(`round ${round + 1}: ${requests} requests (${summary}); RSS ${mb} MB`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const last = series.at(-1) ?? Number.NaN;
const before = series.at(-2) ?? Number.NaN;
const levelled = Math.abs(last - before) <= before * PLATEAU_TOLERANCE;
const under = Math.max(...series) < CEILING_MB;
console.info(
  `RSS series (MB): ${series.join(", ")}; last round ${levelled ? "within" : "NOT within"} 10% of the one before; ` +
    `peak ${Math.max(...series)} MB ${under ? "under" : "NOT under"} ${CEILING_MB} MB; ${serverErrors} answers 5xx` +
    (supervisor ? `; the supervisor after the last round ${supervisorMb} MB` : ""),
);
if (!levelled || !under || serverErrors > 0) process.exitCode = 1;
