/**
 * What a flood of page-view beacons, each with a campaign never sent before, leaves
 * behind (docs/decisions/049-bounded-counting.md): the rows of page_view_counts, the
 * database file's size, and the size of the insights answer for the last 7 days, as the
 * workspace's API sends it and as `site-admin insights --days 7 --json` prints it.
 *   npm run build && npm run bench:counts [-- --beacons 3000 --addresses 10 --vary all]
 * With --vary all, each beacon's source, medium and referring site are new too.
 * The production build runs on loopback with no proxy trusted, so each beacon's address
 * is the loopback address its connection comes from (127.0.0.2 onwards, one per
 * --addresses); a beacon refused by the limit per address is counted as refused.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { countPageViewRows } from "#server/db/page-view-counts.ts";
import { loadInsights } from "#server/operations/insights/insights.ts";
import { PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";
import { indexablePages } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";

const { values } = parseArgs({
  options: {
    beacons: { type: "string", default: "3000" },
    addresses: { type: "string", default: "10" },
    vary: { type: "string", default: "campaign" },
  },
});
const beacons = Number(values.beacons);
const addresses = Number(values.addresses);
const varyAll = values.vary === "all";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const devices = ["phone", "tablet", "desktop"] as const;
const cliBundle = fileURLToPath(new URL("../build/admin/index.js", import.meta.url));

/** The n-th beacon: a page and a device in turn, and a campaign of its own (with --vary all, more). */
function beaconBody(n: number): string {
  const body: PageViewBeacon = {
    p: indexablePages[n % indexablePages.length] ?? "/",
    d: devices[n % devices.length] ?? "desktop",
    s: varyAll ? `source-${n}` : "google",
    m: varyAll ? `medium-${n}` : "cpc",
    c: `campaign-${n}`,
  };
  if (varyAll) body.r = `site-${n}.example`;
  return JSON.stringify(body);
}

/** Posts one beacon from `localAddress`; resolves with the status. */
function send(url: URL, localAddress: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: PAGE_VIEW_ENDPOINT,
        method: "POST",
        localAddress,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "content-length": Buffer.byteLength(body),
          "user-agent": BROWSER,
          "sec-fetch-site": "same-origin",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The database file and its write-ahead log, in bytes. */
function databaseBytes(file: string): number {
  return [file, `${file}-wal`].reduce((sum, name) => sum + (existsSync(name) ? statSync(name).size : 0), 0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-counts-"));
const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
const config = loadConfig({ NODE_ENV: "production", ...env });
const server = await startBuiltServer(env);
try {
  const url = new URL(server.url);
  const statuses: Record<string, number> = {};
  // One sender per address, each sending its share in turn.
  await Promise.all(
    Array.from({ length: addresses }, async (_, sender) => {
      const from = `127.0.0.${sender + 2}`;
      for (let n = sender; n < beacons; n += addresses) {
        const status = await send(url, from, beaconBody(n));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  // Stopping writes the last batch, as a deploy's restart does.
  await server.stop();
  const db = await openDatabase(databaseLocation(config));
  let rows: number;
  let views: number;
  let apiBytes: number;
  try {
    rows = await countPageViewRows(db);
    const stored = await db
      .selectFrom("page_view_counts")
      .select((eb) => eb.fn.sum<number | string>("views").as("views"))
      .executeTakeFirst();
    views = Number(stored?.views ?? 0);
    const insights = await loadInsights(db, { days: "7" }, new Date());
    if (!insights.ok) throw new Error(insights.message);
    // What the workspace's GET /admin/api/insights?days=7 sends: res.json of this value.
    apiBytes = Buffer.byteLength(JSON.stringify(insights.value));
  } finally {
    await db.destroy();
  }
  const cli = execFileSync(process.execPath, [cliBundle, "insights", "--days", "7", "--json"], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    maxBuffer: 1 << 30,
  });
  console.table({
    [`${beacons} beacons from ${addresses} addresses, new ${varyAll ? "values" : "campaigns"}`]: {
      "answered 204": statuses["204"] ?? 0,
      "refused 429": statuses["429"] ?? 0,
      "views stored": views,
      "count rows": rows,
      "database KB": Math.round(databaseBytes(config.databaseFile) / 1024),
      "insights API KB": Math.round(apiBytes / 1024),
      "insights --json KB": Math.round(cli.length / 1024),
    },
  });
} finally {
  await server.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
