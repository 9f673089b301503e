/**
 * Throughput of the form endpoints on the production build: each endpoint for about
 * five seconds with valid bodies, on a throw-away data folder (SQLite), with the
 * notifications delivered over SMTP to a sink on loopback; then how the mail worker kept
 * up: sent per second during the load, the queue left at its end, and how long after it
 * the last notification was out.
 *   npm run build && npm run bench:leads
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { appointmentDateOptions } from "../shared/forms/appointment";
import { createFormTokens } from "../server/leads/form-guard";
import { botGuardFields } from "../shared/forms/bot-guard";
import { apiPaths } from "../shared/paths";
import { startBuiltServer } from "./lib/built-server";
import { startSmtpCounter } from "./lib/smtp-counter";

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
/** How long after the load the benchmark waits for the last notification. */
const DELIVERY_DEADLINE_SECONDS = 300;

// The server signs each form's start field; the benchmark signs with the secret it gives the server.
const FORM_SECRET = "bench-form-secret-0123456789abcdefghijkl";
const startedAt = {
  [botGuardFields.startedAt]: createFormTokens(FORM_SECRET).issue(new Date(Date.now() - 60_000)),
};
const endpoints: Array<{ name: string; path: string; table: string; body: (n: number) => object }> = [
  {
    name: "website-design lead",
    path: apiPaths.websiteDesign,
    table: "website_design_leads",
    body: (n) => ({
      fullName: `Bench Visitor ${n}`,
      companyName: "Bench Co",
      businessEmail: `bench-${n}@example.com`,
      websiteType: "redesign",
      budget: "30k-60k",
      timeline: "not-sure",
      ...startedAt,
    }),
  },
  {
    name: "web-app lead",
    path: apiPaths.webApp,
    table: "web_app_leads",
    body: (n) => ({
      fullName: `Bench Visitor ${n}`,
      workEmail: `bench-${n}@example.com`,
      phoneNumber: "+27 21 555 0123",
      companyName: "Bench Co",
      industry: "Retail",
      companySize: "11-50",
      ...startedAt,
    }),
  },
  {
    name: "appointment",
    path: apiPaths.appointments,
    table: "appointment_requests",
    body: (n) => ({
      name: `Bench Visitor ${n}`,
      email: `bench-${n}@example.com`,
      phone: "+27 21 555 0123",
      company: "Bench Co",
      service_type: "consultation",
      preferred_date: appointmentDateOptions(new Date())[0]?.value,
      preferred_time: "10:00 AM",
      project_details: "Benchmarking the appointment endpoint.",
      ...startedAt,
    }),
  },
  {
    name: "newsletter",
    path: apiPaths.newsletter,
    table: "newsletter_subscribers",
    body: (n) => ({ email: `bench-${n}@example.com`, ...startedAt }),
  },
];

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-leads-"));
const sink = await startSmtpCounter();
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  LEAD_RATE_LIMIT_MAX: "100000000",
  FORM_MIN_FILL_SECONDS: "0",
  FORM_SECRET,
  SMTP_URL: sink.url,
});
// Read-only, beside the server's own connections (WAL lets it read while the server writes).
const monitor = new SQLite(path.join(dataDir, "site.sqlite"), { readonly: true });
const countOutbox = (where: string) =>
  (monitor.prepare(`select count(*) as n from outbox ${where}`).get() as { n: number }).n;
let deepestQueue = 0;
const sampler = setInterval(() => {
  deepestQueue = Math.max(deepestQueue, countOutbox("where status = 'pending'"));
}, 1_000);

type Row = Record<string, string | number>;
const rows: Array<{ table: string; row: Row }> = [];
const loadStartedAt = Date.now();
let loadEndedAt = loadStartedAt;
let delivery: Row = {};
try {
  for (const endpoint of endpoints) {
    let n = 0;
    const result = await autocannon({
      url: `${server.url}${endpoint.path}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      // A fresh body per request, so every submission is a distinct row.
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(endpoint.body(n++)) }) }],
    });
    rows.push({
      table: endpoint.table,
      row: {
        endpoint: endpoint.name,
        "accepted/s": Math.round(result["2xx"] / result.duration),
        "p99 ms": result.latency.p99,
        "p50 ms": result.latency.p50,
        accepted: result["2xx"],
        "non-2xx": result.non2xx,
        errors: result.errors,
      },
    });
  }
  loadEndedAt = Date.now();
  clearInterval(sampler);
  delivery = await measureDelivery();
} finally {
  clearInterval(sampler);
  monitor.close();
  await server.stop();
  await sink.close();
}

/** Waits (up to the deadline) until no notification is pending, then sums up. */
async function measureDelivery(): Promise<Row> {
  const pendingAtEnd = countOutbox("where status = 'pending'");
  const deadline = loadEndedAt + DELIVERY_DEADLINE_SECONDS * 1000;
  // Requests cut off when the load stopped can still queue rows for a moment after it.
  let allOut = false;
  while (!allOut && Date.now() < deadline) {
    await sleep(100);
    allOut = countOutbox("where status = 'pending'") === 0;
  }
  const { arrivals, distinctMessageIds } = await sink.report();
  const sentDuringLoad = arrivals.filter((at) => at <= loadEndedAt).length;
  const lastArrival = arrivals.at(-1);
  return {
    queued: countOutbox(""),
    "sent/s during load": Math.round(sentDuringLoad / ((loadEndedAt - loadStartedAt) / 1000)),
    "deepest queue (1 s samples)": Math.max(deepestQueue, pendingAtEnd),
    "pending at end of load": pendingAtEnd,
    "last out, s after load": allOut && lastArrival ? round1((lastArrival - loadEndedAt) / 1000) : "-",
    delivered: arrivals.length,
    "distinct Message-IDs": distinctMessageIds,
    ...(allOut ? {} : { "NOT all out after": `${DELIVERY_DEADLINE_SECONDS} s` }),
  };
}

function round1(value: number): number {
  return Math.max(0, Math.round(value * 10) / 10);
}

const db = new SQLite(path.join(dataDir, "site.sqlite"), { readonly: true });
const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
// Stored can exceed accepted by the requests still in flight when a run's time was up.
for (const { table, row } of rows) row.stored = count(table);
const outbox = db.prepare("select status, count(*) as n from outbox group by status").all();
db.close();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\nForm endpoints, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (SQLite WAL, synchronous=FULL):`,
);
console.table(rows.map(({ row }) => row));
console.log("Outbox after the run:", outbox);
console.log(
  `\nNotifications over SMTP (loopback sink), during the ${Math.round((loadEndedAt - loadStartedAt) / 1000)} s load and after it:`,
);
console.table([delivery]);
