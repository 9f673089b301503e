/**
 * Throughput of the form endpoints on the production build: each endpoint for about
 * five seconds with valid bodies, on a throw-away data folder (SQLite + .eml outbox).
 *   npm run build && npm run bench:leads
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { appointmentDateOptions } from "../shared/forms/appointment";
import { createFormTokens } from "../server/leads/form-guard";
import { botGuardFields } from "../shared/forms/bot-guard";
import { apiPaths } from "../shared/paths";
import { startBuiltServer } from "./lib/built-server";

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

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
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  LEAD_RATE_LIMIT_MAX: "100000000",
  FORM_MIN_FILL_SECONDS: "0",
  FORM_SECRET,
});

type Row = Record<string, string | number>;
const rows: Array<{ table: string; row: Row }> = [];
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
} finally {
  await server.stop();
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
