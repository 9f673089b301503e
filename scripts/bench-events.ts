/**
 * The page-view counter under load (docs/decisions/044-first-party-counting.md): the
 * production build takes --events beacons as fast as --connections can send them, from
 * 10,000 client addresses across the site's pages, referrers, campaigns and devices, while
 * a page (/about) is loaded alongside; then the server is stopped (writing its last batch)
 * and the rows the counts gained are read. Prints the page's requests per second alone and
 * during the beacons, the beacons per second, and rows and seen visitors per 100,000.
 *   npm run build && npm run bench:events [-- --events 100000 --connections 20]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { databaseLocation, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { countPageViewRows } from "#server/db/page-view-counts.ts";
import { PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";
import { indexablePages, paths } from "#shared/paths.ts";
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

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const PAGE = paths.about;
const pages = [...indexablePages];
const referrers = [
  undefined,
  undefined,
  "www.google.com",
  "www.linkedin.com",
  "duckduckgo.com",
  "news.ycombinator.com",
];
const campaigns: Array<Pick<PageViewBeacon, "s" | "m" | "c">> = [
  {},
  {},
  {},
  { s: "linkedin", m: "paid", c: "november-launch" },
  { s: "newsletter", m: "email", c: "weekly" },
  { s: "google", m: "cpc", c: "web-apps" },
];
const devices = ["phone", "tablet", "desktop"] as const;

/** The n-th beacon: a page, maybe a referrer and a campaign, a device, from one of 10,000 addresses. */
function beacon(n: number): { body: string; address: string } {
  const pick = <T>(list: readonly T[], salt: number) => list[(n * salt + (n >> 3)) % list.length] as T;
  const body: PageViewBeacon = { p: pick(pages, 7), d: pick(devices, 5), ...pick(campaigns, 11) };
  const referrer = pick(referrers, 13);
  if (referrer) body.r = referrer;
  return { body: JSON.stringify(body), address: `10.${(n >> 16) & 255}.${(n >> 8) & 39}.${n % 250}` };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-events-"));
const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY_HOPS: "1" });
try {
  await fetch(`${server.url}${PAGE}`);
  const alone = await autocannon({ url: `${server.url}${PAGE}`, connections: 10, duration: seconds });
  let sent = 0;
  const started = performance.now();
  const beacons = autocannon({
    url: `${server.url}${PAGE_VIEW_ENDPOINT}`,
    connections,
    amount: events,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const { body, address } = beacon(sent++);
          return {
            ...request,
            body,
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": BROWSER,
              "sec-fetch-site": "same-origin",
              "x-forwarded-for": address,
            },
          };
        },
      },
    ],
  });
  const during = autocannon({ url: `${server.url}${PAGE}`, connections: 10, duration: seconds });
  const [beaconResult, duringResult] = await Promise.all([beacons, during]);
  const elapsed = (performance.now() - started) / 1000;
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
      "beacons/s": Math.round(events / elapsed),
      "beacon p99 ms": beaconResult.latency.p99,
      "views stored": Number(views?.views ?? 0),
      "count rows per 100k": per100k(rows),
      "seen visitors per 100k (deleted daily)": per100k(Number(seen?.n ?? 0)),
    },
  ]);
} finally {
  await server.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
