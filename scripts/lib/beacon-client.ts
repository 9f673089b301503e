/**
 * The beacons of `npm run bench:events`, sent from a process of their own so that making
 * the requests does not take CPU from the page load measured alongside:
 *   tsx scripts/lib/beacon-client.ts URL EVENTS CONNECTIONS
 * Prints a line when it starts sending, then one JSON line: elapsed seconds, p99 latency,
 * non-2xx answers and errors.
 */
import autocannon from "autocannon";
import { PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";
import { indexablePages } from "#shared/paths.ts";

const [url = "", events = "100000", connections = "20"] = process.argv.slice(2);

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

/** The n-th beacon: a page, maybe a referrer and a campaign, a device, from one of 10,000 addresses. */
function beacon(n: number): { body: string; address: string } {
  const pick = <T>(list: readonly T[], salt: number) => list[(n * salt + (n >> 3)) % list.length] as T;
  const body: PageViewBeacon = { p: pick(pages, 7), d: pick(devices, 5), ...pick(campaigns, 11) };
  const referrer = pick(referrers, 13);
  if (referrer) body.r = referrer;
  return { body: JSON.stringify(body), address: `10.${(n >> 16) & 255}.${(n >> 8) & 39}.${n % 250}` };
}

let sent = 0;
console.log("sending");
const started = performance.now();
const result = await autocannon({
  url: `${url}${PAGE_VIEW_ENDPOINT}`,
  connections: Number(connections),
  amount: Number(events),
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
console.log(
  JSON.stringify({
    elapsed: (performance.now() - started) / 1000,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
