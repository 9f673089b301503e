/**
 * What each public route costs on the production build: the HTML's size, whether the page
 * hydrates, the JavaScript a first visit starts (inline and files, gzip level 9, and the
 * files as the server sends them to a browser: Brotli; and every file the page names, a page
 * hydrating on first use of a form included, in bytes, and gzip level 9 in KB), whether a shared cache may keep the
 * page, and server throughput: every route with autocannon for a few seconds, against a
 * small static file from the same process, with the ratio.
 *   npm run build && npm run bench:pages [-- --seconds 5 --connections 10]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { indexablePages, paths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";
import { pageScripts } from "./lib/page-scripts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "5" }, connections: { type: "string", default: "10" } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const routes = [...indexablePages, paths.caseStudy("craft"), paths.thankYouWebApp, "/no/such/page"];
/** A small file the same process serves from disk: what "static speed" means here. */
const STATIC_FILE = "/favicon.svg";

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });

type ScriptSize = { gzip: number; sent: number };
const scriptSizes = new Map<string, ScriptSize>();
/** A script's size gzipped (level 9, as the build stores it) and as the server sends it to a browser (Brotli). */
async function scriptSize(url: string): Promise<ScriptSize> {
  const known = scriptSizes.get(url);
  if (known) return known;
  const plain = Buffer.from(
    await (await fetch(`${server.url}${url}`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer(),
  );
  const sent = await fetch(`${server.url}${url}`, { headers: { "Accept-Encoding": "br, gzip" } });
  await sent.arrayBuffer();
  const size = {
    gzip: gzipSync(plain, { level: 9 }).length,
    sent: Number(sent.headers.get("content-length") ?? plain.length),
  };
  scriptSizes.set(url, size);
  return size;
}

async function requestsPerSecond(route: string): Promise<number> {
  const result = await autocannon({ url: `${server.url}${route}`, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${route}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return Math.round(result.requests.average);
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
type Row = Record<string, string | number>;
const rows: Row[] = [];
try {
  // Warm up: the first render of each route fills whatever the server caches.
  for (const route of routes) await fetch(`${server.url}${route}`);
  const staticRps = await requestsPerSecond(STATIC_FILE);
  for (const route of routes) {
    const response = await fetch(`${server.url}${route}`);
    const html = await response.text();
    const { hydration, inline, urls } = pageScripts(html);
    const inlineGzip = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    // A page that hydrates on interaction names its files but starts them only when a form is used.
    const started = hydration === "interaction" ? [] : urls;
    let js = inlineGzip;
    let sent = 0;
    for (const url of started) {
      const size = await scriptSize(url);
      js += size.gzip;
      sent += size.sent;
    }
    // Everything the page names, started at once or on first use of a form: what it can cost.
    let named = 0;
    let namedGzip = 0;
    for (const url of urls) {
      named += (await scriptSize(url)).sent;
      namedGzip += (await scriptSize(url)).gzip;
    }
    const rps = response.status === 200 ? await requestsPerSecond(route) : Number.NaN;
    rows.push({
      route,
      "HTML KB": kb(Buffer.byteLength(html)),
      "HTML KB gz": kb(gzipSync(html).length),
      "HTML B br": brotliCompressSync(html).length,
      hydrates: hydration,
      "script files": started.length,
      "JS KB gz": kb(js),
      "files KB sent": kb(sent),
      "named files": urls.length,
      "named B sent": named,
      // What tests/api/page-scripts.test.ts holds the form pages to (85 KB).
      "named KB gz": kb(namedGzip),
      "shared cache": /s-maxage=\d+/.test(response.headers.get("cache-control") ?? "") ? "yes" : "no",
      "req/s": Number.isNaN(rps) ? "-" : rps,
      "vs static": Number.isNaN(rps) ? "-" : `${Math.round((rps / staticRps) * 100)}%`,
    });
  }
  console.log(`${STATIC_FILE} (static file, same process): ${staticRps} requests/s`);
  console.log(`autocannon: ${connections} connections, ${seconds} s per route`);
  console.table(rows);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
