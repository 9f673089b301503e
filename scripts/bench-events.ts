/**
 * The page-view counter under load (docs/decisions/044-first-party-counting.md), against
 * the production build, from 10,000 client addresses across the site's pages, referrers,
 * campaigns and devices. Every load generator runs outside the server's process: the
 * beacons in one of their own (scripts/lib/beacon-client.ts), the pages in this one.
 * After the load the server is stopped (writing its last batch) and the rows the counts
 * gained are read.
 *
 * Burst (the default): --events beacons as fast as --connections can send them, while
 * /about is loaded alongside over 10 connections for --seconds (default 5).
 *   npm run build && npm run bench:events [-- --events 100000 --connections 20]
 * Prints /about's requests a second alone and during the beacons, the beacons a second,
 * and rows and seen visitors per 100,000.
 *
 * Fixed rate (--rate): beacons at a steady --rate a second, sent open loop (each at its
 * due time, answered or not: scripts/lib/pacer.ts), and the site's visitor pages at a
 * steady --page-rate, round the indexable pages.
 *   npm run build && npm run bench:events -- --rate 2000 --seconds 20 [--page-rate 100]
 * In order: (1) the pages alone at --page-rate for --seconds; (2) /about saturated alone
 * (autocannon, 10 connections, --saturate-seconds, default 10); (3) the pages at
 * --page-rate again while the beacons arrive at --rate, both for --seconds; (4) /about
 * saturated again while the beacons arrive at --rate. One table, a row each:
 * - "pages …": p50/p90/p99/max latency in ms from the request's start to the answer's
 *   end, non-2xx answers and failed requests, the rate achieved (requests started a
 *   second, measured, not assumed) and answered (from the first start to the last answer:
 *   lower when the server falls behind and requests queue);
 * - "beacons …": the same for the beacons; "max lag ms" is how far the sender ever fell
 *   behind the schedule (a sender too busy to keep the rate shows here);
 * - "/about saturated …": answers a second with 10 connections always waiting;
 * - "views counted": the page_view_counts rows' total views after the stop, against the
 *   beacons answered 204 (they must be equal); rows and seen visitors per 100,000 events.
 *
 * --pin puts the server on the first CPU and every load generator (this process, the
 * beacon client) on the others (taskset), as a server on a machine of its own would be:
 * on a small machine, load generators sharing the server's CPU slow its answers by
 * taking its time, not by what it is asked.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { countPageViewRows } from "#server/db/page-view-counts.ts";
import { indexablePages, paths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";
import { runPacedRequests, type PacedResult } from "./lib/paced-requests";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "100000" },
    // "documented": the server started as the README says, without heap flags, which the
    // start file then adds itself (docs/decisions/057-hostile-paths-logs-and-one-start.md).
    start: { type: "string", default: "serve" },
    connections: { type: "string", default: "20" },
    seconds: { type: "string" },
    rate: { type: "string" },
    "page-rate": { type: "string", default: "100" },
    "saturate-seconds": { type: "string", default: "10" },
    pin: { type: "boolean", default: false },
  },
});

/** With --pin: the server's CPU, and the generators' (the rest). */
const cpus = availableParallelism();
if (values.pin && cpus < 2) throw new Error("--pin needs at least two CPUs");
const generatorCpus = `1-${cpus - 1}`;
/** Runs `argv` on the given CPUs when pinning, as it is otherwise. */
const onCpus = (list: string, argv: string[]) => (values.pin ? ["taskset", "-c", list, ...argv] : argv);
// Every thread of this process (libuv's pool included) moves to the generators' CPUs.
if (values.pin)
  execFileSync("taskset", ["-a", "-p", "-c", generatorCpus, String(process.pid)], { stdio: "ignore" });

const PAGE = paths.about;
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const client = fileURLToPath(new URL("./lib/beacon-client.ts", import.meta.url));

type BurstResult = { elapsed: number; p99: number; non2xx: number; errors: number };

/**
 * Starts the beacon client in a process of its own with `args`; resolves once it is
 * sending, with the promise of the JSON line it ends with.
 */
async function startBeacons<Result>(url: string, args: string[]): Promise<{ finished: Promise<Result> }> {
  const [command = process.execPath, ...rest] = onCpus(generatorCpus, [
    process.execPath,
    "--import",
    "tsx",
    client,
    url,
    ...args,
  ]);
  const child = spawn(command, rest, {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = once(child, "exit") as Promise<[number | null]>;
  // The client's first line says it is sending; the page is measured from then on.
  while (!output.includes("\n")) await Promise.race([once(child.stdout, "data"), exited]);
  const finished = exited.then(([code]) => {
    if (code !== 0) throw new Error(`the beacon client exited with ${code}`);
    return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Result;
  });
  return { finished };
}

/** Rows the counts gained: the stored views' total, count rows and seen visitors. */
async function readCounts(dataDir: string) {
  const db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  try {
    const rows = await countPageViewRows(db);
    const seen = await db
      .selectFrom("visitors_seen")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    const views = await db
      .selectFrom("page_view_counts")
      .select((eb) => eb.fn.sum<number>("views").as("views"))
      .executeTakeFirst();
    return { views: Number(views?.views ?? 0), rows, seen: Number(seen?.n ?? 0) };
  } finally {
    await db.destroy();
  }
}

/** `count` for every 100,000 of `events`. */
const per100k = (count: number, events: number) => Math.round((count / events) * 100_000);

/** /about with 10 connections always waiting for it, for `seconds`: its requests a second. */
async function saturatePage(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url: `${url}${PAGE}`, connections: 10, duration: seconds });
  return Math.round(result.requests.average);
}

async function benchBurst(url: string, stop: () => Promise<void>, dataDir: string) {
  const events = Number(values.events);
  const seconds = Number(values.seconds ?? "5");
  const alone = await autocannon({ url: `${url}${PAGE}`, connections: 10, duration: seconds });
  const beacons = (
    await startBeacons<BurstResult>(url, ["--events", String(events), "--connections", values.connections])
  ).finished;
  const during = autocannon({ url: `${url}${PAGE}`, connections: 10, duration: seconds });
  const [beaconResult, duringResult] = await Promise.all([beacons, during]);
  if (beaconResult.non2xx > 0 || beaconResult.errors > 0) {
    throw new Error(`beacons: ${beaconResult.non2xx} non-2xx answers and ${beaconResult.errors} errors`);
  }
  // Stopping writes the last batch, as a deploy's restart does.
  await stop();
  const counts = await readCounts(dataDir);
  console.table([
    {
      "page req/s alone": Math.round(alone.requests.average),
      "page req/s with beacons": Math.round(duringResult.requests.average),
      "beacons/s": Math.round(events / beaconResult.elapsed),
      "beacon p99 ms": beaconResult.p99,
      "views stored": counts.views,
      "count rows per 100k": per100k(counts.rows, events),
      "seen visitors per 100k (deleted daily)": per100k(counts.seen, events),
    },
  ]);
}

/** A row of the fixed-rate table: a paced run's figures. */
function pacedRow(result: PacedResult) {
  return {
    "sent/s": result.perSecond,
    "answered/s": result.answeredPerSecond,
    "p50 ms": result.p50,
    "p90 ms": result.p90,
    "p99 ms": result.p99,
    "max ms": result.max,
    "non-2xx": result.non2xx,
    errors: result.errors,
    "max lag ms": result.maxLagMs,
  };
}

async function benchFixedRate(url: string, stop: () => Promise<void>, dataDir: string) {
  const rate = Number(values.rate);
  const seconds = Number(values.seconds ?? "20");
  const pageRate = Number(values["page-rate"]);
  const saturateSeconds = Number(values["saturate-seconds"]);
  const loadPages = () =>
    runPacedRequests({
      origin: url,
      rate: pageRate,
      seconds,
      connections: 10,
      request: (n) => ({
        method: "GET",
        path: indexablePages[n % indexablePages.length] ?? PAGE,
        headers: { "user-agent": BROWSER, accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" },
      }),
    });
  const beaconArgs = (first: number, forSeconds: number) => [
    "--rate",
    String(rate),
    "--seconds",
    String(forSeconds),
    "--first",
    String(first),
    "--connections",
    "50",
  ];

  const pagesAlone = await loadPages();
  const saturatedAlone = await saturatePage(url, saturateSeconds);
  const withPages = (await startBeacons<PacedResult>(url, beaconArgs(0, seconds))).finished;
  const [beaconsWithPages, pagesDuring] = await Promise.all([withPages, loadPages()]);
  const withSaturated = (
    await startBeacons<PacedResult>(url, beaconArgs(beaconsWithPages.sent, saturateSeconds))
  ).finished;
  const [saturatedDuring, beaconsWithSaturated] = await Promise.all([
    saturatePage(url, saturateSeconds),
    withSaturated,
  ]);
  // Stopping writes the last batch, as a deploy's restart does.
  await stop();
  const counts = await readCounts(dataDir);
  const events = beaconsWithPages.sent + beaconsWithSaturated.sent;
  const answered204 = (beaconsWithPages.statuses["204"] ?? 0) + (beaconsWithSaturated.statuses["204"] ?? 0);
  const refused = (beaconsWithPages.statuses["429"] ?? 0) + (beaconsWithSaturated.statuses["429"] ?? 0);
  console.table({
    [`pages at ${pageRate}/s alone`]: pacedRow(pagesAlone),
    [`pages at ${pageRate}/s, beacons at ${rate}/s`]: pacedRow(pagesDuring),
    [`beacons at ${rate}/s, with the pages`]: pacedRow(beaconsWithPages),
    [`/about saturated alone`]: { "answered/s": saturatedAlone },
    [`/about saturated, beacons at ${rate}/s`]: { "answered/s": saturatedDuring },
    [`beacons at ${rate}/s, with /about saturated`]: pacedRow(beaconsWithSaturated),
    [`views counted of ${events} sent (${answered204} answered 204, ${refused} refused by the limit)`]: {
      count: counts.views,
    },
    "count rows per 100k events": { count: per100k(counts.rows, events) },
    "seen visitors per 100k events (deleted daily)": { count: per100k(counts.seen, events) },
  });
  const runs: Array<[string, PacedResult]> = [
    ["pages alone", pagesAlone],
    ["pages with beacons", pagesDuring],
    ["beacons with pages", beaconsWithPages],
    ["beacons with /about saturated", beaconsWithSaturated],
  ];
  for (const [name, run] of runs) {
    if (run.non2xx > 0 || run.errors > 0) {
      const codes = JSON.stringify({ ...run.statuses, ...run.errorCodes });
      console.error(`${name}: ${run.non2xx} non-2xx answers and ${run.errors} errors (${codes})`);
      process.exitCode = 1;
    }
  }
  if (counts.views !== answered204) {
    console.error(`the server counted ${counts.views} views of the ${answered204} beacons it answered 204`);
    process.exitCode = 1;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-events-"));
const server = await startBuiltServer(
  { DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY_HOPS: "1" },
  { wrap: (argv) => onCpus("0", argv), nodeFlags: values.start === "documented" ? [] : undefined },
);
try {
  // The first answer of each page fills the page cache; the figures are for what follows.
  for (const page of indexablePages) await fetch(`${server.url}${page}`);
  if (values.rate === undefined) await benchBurst(server.url, server.stop, dataDir);
  else await benchFixedRate(server.url, server.stop, dataDir);
} finally {
  await server.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
