/**
 * The beacons of `npm run bench:events`, sent from a process of their own so that making
 * the requests does not take CPU from the page load measured alongside:
 *   tsx scripts/lib/beacon-client.ts URL --events 100000 --connections 20
 *     as fast as the connections can send them; prints one JSON line: elapsed seconds,
 *     p99 latency, non-2xx answers and errors;
 *   tsx scripts/lib/beacon-client.ts URL --rate 2000 --seconds 20 [--first N]
 *     at that fixed rate (pacer.ts), beacons N onwards; prints one JSON line, a
 *     PacedResult (paced-requests.ts).
 * Either way it prints a line when it starts sending first.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";
import { indexablePages } from "#shared/paths.ts";
import { runPacedRequests } from "./paced-requests";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    events: { type: "string", default: "100000" },
    connections: { type: "string", default: "20" },
    rate: { type: "string" },
    seconds: { type: "string", default: "20" },
    first: { type: "string", default: "0" },
  },
});
const url = positionals[0] ?? "";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
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

/** Client addresses the beacons come from, each seen by the server as one visitor. */
const ADDRESSES = 10_000;

/** The n-th beacon: a page, maybe a referrer and a campaign, a device, from one of 10,000 addresses. */
function beacon(n: number): { body: string; headers: Record<string, string> } {
  const pick = <T>(list: readonly T[], salt: number) => list[(n * salt + (n >> 3)) % list.length] as T;
  const body: PageViewBeacon = { p: pick(pages, 7), d: pick(devices, 5), ...pick(campaigns, 11) };
  const referrer = pick(referrers, 13);
  if (referrer) body.r = referrer;
  const address = n % ADDRESSES;
  return {
    body: JSON.stringify(body),
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": BROWSER,
      "sec-fetch-site": "same-origin",
      // The server trusts one proxy hop (TRUST_PROXY_HOPS=1), so this is the client's IP.
      "x-forwarded-for": `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`,
    },
  };
}

/** As fast as the connections allow, beacons 0 … events − 1. */
async function sendBurst(events: number, connections: number) {
  let sent = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${url}${PAGE_VIEW_ENDPOINT}`,
    connections,
    amount: events,
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, ...beacon(sent++) }) }],
  });
  return {
    elapsed: (performance.now() - started) / 1000,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

console.log("sending");
const connections = Number(values.connections);
const first = Number(values.first);
const result =
  values.rate === undefined
    ? await sendBurst(Number(values.events), connections)
    : await runPacedRequests({
        origin: url,
        rate: Number(values.rate),
        seconds: Number(values.seconds),
        connections,
        request: (n) => ({ method: "POST", path: PAGE_VIEW_ENDPOINT, ...beacon(first + n) }),
      });
console.log(JSON.stringify(result));
