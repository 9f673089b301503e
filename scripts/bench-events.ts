/**
 * The page-view counter under load (docs/decisions/044-first-party-counting.md): the
 * production build takes --events beacons as fast as --connections can send them (from a
 * process of their own, scripts/lib/beacon-client.ts, so the client does not slow the page
 * measured alongside), from
 * 10,000 client addresses across the site's pages, referrers, campaigns and devices, while
 * a page (/about) is loaded alongside; then the server is stopped (writing its last batch)
 * and the rows the counts gained are read. Prints the page's requests per second alone and
 * during the beacons, the beacons per second, and rows and seen visitors per 100,000.
 *   npm run build && npm run bench:events [-- --events 100000 --connections 20]
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { databaseLocation, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { countPageViewRows } from "#server/db/page-view-counts.ts";
import { paths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "100000" },
    connections: { type: "string", default: "20" },
    seconds: { type: "string", default: "5" },
  },
});
const events = Number(values.events);
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const PAGE = paths.about;
const client = fileURLToPath(new URL("./lib/beacon-client.ts", import.meta.url));

type BeaconResult = { elapsed: number; p99: number; non2xx: number; errors: number };

/**
 * Starts the beacons in a process of their own (beacon-client.ts); resolves once they are
 * being sent, with the promise of the client's result.
 */
async function startBeacons(url: string): Promise<{ finished: Promise<BeaconResult> }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", client, url, String(events), String(connections)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = once(child, "exit") as Promise<[number | null]>;
  // The client's first line says it is sending; the page is measured from then on.
  while (!output.includes("\n")) await Promise.race([once(child.stdout, "data"), exited]);
  const finished = exited.then(([code]) => {
    if (code !== 0) throw new Error(`the beacon client exited with ${code}`);
    return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as BeaconResult;
  });
  return { finished };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-events-"));
const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY_HOPS: "1" });
try {
  await fetch(`${server.url}${PAGE}`);
  const alone = await autocannon({ url: `${server.url}${PAGE}`, connections: 10, duration: seconds });
  const beacons = (await startBeacons(server.url)).finished;
  const during = autocannon({ url: `${server.url}${PAGE}`, connections: 10, duration: seconds });
  const [beaconResult, duringResult] = await Promise.all([beacons, during]);
  if (beaconResult.non2xx > 0 || beaconResult.errors > 0) {
    throw new Error(`beacons: ${beaconResult.non2xx} non-2xx answers and ${beaconResult.errors} errors`);
  }
  // Stopping writes the last batch, as a deploy's restart does.
  await server.stop();
  const db = await openDatabase(databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })));
  const rows = await countPageViewRows(db);
  const seen = await db
    .selectFrom("visitors_seen")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const views = await db
    .selectFrom("page_view_counts")
    .select((eb) => eb.fn.sum<number>("views").as("views"))
    .executeTakeFirst();
  await db.destroy();
  const per100k = (count: number) => Math.round((count / events) * 100_000);
  console.table([
    {
      "page req/s alone": Math.round(alone.requests.average),
      "page req/s with beacons": Math.round(duringResult.requests.average),
      "beacons/s": Math.round(events / beaconResult.elapsed),
      "beacon p99 ms": beaconResult.p99,
      "views stored": Number(views?.views ?? 0),
      "count rows per 100k": per100k(rows),
      "seen visitors per 100k (deleted daily)": per100k(Number(seen?.n ?? 0)),
    },
  ]);
} finally {
  await server.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
