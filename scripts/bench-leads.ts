/**
 * Throughput of the form endpoints on the production build: each endpoint for about
 * five seconds with valid bodies, on a throw-away database, with the notifications
 * delivered over SMTP to a sink on loopback; then how the mail worker kept up: sent per
 * second during the load, the queue left at its end, and how long after it the last
 * notification was out. The database is a SQLite file (default) or a throwaway
 * PostgreSQL cluster on loopback, with fsync on as in production; `both` runs the two
 * one after the other and prints them side by side.
 *   npm run build && npm run bench:leads [-- --database sqlite|postgres|both]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { type RawBuilder, sql } from "kysely";
import { createDatabase } from "#server/db/database.ts";
import { appointmentDateOptions } from "#shared/forms/appointment.ts";
import { createFormTokens } from "#server/operations/leads/form-guard.ts";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { apiPaths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";
import { startSmtpCounter } from "./lib/smtp-counter";
import { createScratchPostgresDatabase, startPostgresCluster } from "./lib/postgres-cluster";
import { testTotpKey } from "#tests/support/totp-key.ts";

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
/** How long after the load the benchmark waits for the last notification. */
const DELIVERY_DEADLINE_SECONDS = 300;

// The server signs each form's start field; the benchmark signs with the secret it gives the server.
const FORM_SECRET = "bench-form-secret-0123456789abcdefghijkl";
const startedAt = {
  [botGuardFields.startedAt]: createFormTokens(FORM_SECRET, () => new Date()).issue(
    new Date(Date.now() - 60_000),
  ),
};
type Table = "website_design_leads" | "web_app_leads" | "appointment_requests" | "newsletter_subscribers";
const endpoints: Array<{ name: string; path: string; table: Table; body: (n: number) => object }> = [
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

type Engine = "sqlite" | "postgres";
const engineNames: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

const { values: args } = parseArgs({ options: { database: { type: "string", default: "sqlite" } } });
const engines: Engine[] | undefined =
  args.database === "both"
    ? ["sqlite", "postgres"]
    : args.database === "sqlite" || args.database === "postgres"
      ? [args.database]
      : undefined;
if (!engines) {
  console.error(`--database must be sqlite, postgres or both, not ${args.database}`);
  process.exit(2);
}

/** Read-only counts beside the server's own connections. */
type Monitor = {
  countOutbox(pendingOnly: boolean): Promise<number>;
  count(table: Table): Promise<number>;
  outboxByStatus(): Promise<Array<{ status: string; n: number }>>;
  close(): Promise<void>;
};

/** Where one run keeps its data: the server's variables, what to call it, and how to count. */
type Storage = {
  env: Record<string, string>;
  describe(): Promise<string>;
  /** After the server has started (it creates the SQLite file). */
  monitor(): Monitor;
  remove(): Promise<void>;
};

function sqliteStorage(dataDir: string): Storage {
  const file = path.join(dataDir, "site.sqlite");
  return {
    env: {},
    describe: async () => "SQLite WAL, synchronous=FULL",
    monitor() {
      // WAL lets it read while the server writes.
      const db = new SQLite(file, { readonly: true });
      const get = (query: string) => (db.prepare(query).get() as { n: number }).n;
      return {
        countOutbox: async (pendingOnly) =>
          get(`select count(*) as n from outbox ${pendingOnly ? "where status = 'pending'" : ""}`),
        count: async (table) => get(`select count(*) as n from ${table}`),
        outboxByStatus: async () =>
          db.prepare("select status, count(*) as n from outbox group by status").all() as Array<{
            status: string;
            n: number;
          }>,
        close: async () => {
          db.close();
        },
      };
    },
    remove: async () => undefined,
  };
}

async function postgresStorage(): Promise<Storage> {
  const cluster = await startPostgresCluster({ durable: true });
  try {
    const database = await createScratchPostgresDatabase(cluster.adminUrl);
    // A pool of its own, beside the server's (DATABASE_POOL_SIZE, 10 by default).
    const db = createDatabase(database.url, { poolSize: 2 });
    const count = async (query: RawBuilder<{ n: number }>) => (await query.execute(db)).rows[0]?.n ?? 0;
    return {
      env: { DATABASE_URL: database.url, TOTP_KEY: testTotpKey },
      async describe() {
        const { rows } = await sql<{
          version: string;
        }>`select current_setting('server_version') as version`.execute(db);
        const pool = process.env.DATABASE_POOL_SIZE ?? "10";
        return `PostgreSQL ${rows[0]?.version.split(" ")[0]} on loopback, fsync and synchronous_commit on, pool ${pool}`;
      },
      monitor: () => ({
        countOutbox: (pendingOnly) =>
          count(
            sql<{
              n: number;
            }>`select count(*) as n from outbox ${pendingOnly ? sql`where status = 'pending'` : sql``}`,
          ),
        count: (table) => count(sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`),
        outboxByStatus: async () =>
          (
            await sql<{
              status: string;
              n: number;
            }>`select status, count(*) as n from outbox group by status`.execute(db)
          ).rows,
        close: async () => undefined,
      }),
      async remove() {
        await db.destroy();
        await database.drop();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

type Row = Record<string, string | number>;
type Result = {
  engine: Engine;
  description: string;
  rows: Row[];
  outbox: unknown;
  delivery: Row;
  seconds: number;
};

async function run(engine: Engine): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-leads-"));
  const storage = engine === "sqlite" ? sqliteStorage(dataDir) : await postgresStorage();
  const sink = await startSmtpCounter();
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    LEAD_RATE_LIMIT_MAX: "100000000",
    FORM_MIN_FILL_SECONDS: "0",
    FORM_SECRET,
    SMTP_URL: sink.url,
    ...storage.env,
  });
  const monitor = storage.monitor();
  let deepestQueue = 0;
  const sampler = setInterval(() => {
    void monitor.countOutbox(true).then((pending) => (deepestQueue = Math.max(deepestQueue, pending)));
  }, 1_000);

  const rows: Array<{ table: Table; row: Row }> = [];
  const loadStartedAt = Date.now();
  let loadEndedAt = loadStartedAt;
  let delivery: Row = {};
  let description = "";
  let outbox: unknown;
  try {
    description = await storage.describe();
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
    // Stored can exceed accepted by the requests still in flight when a run's time was up.
    for (const { table, row } of rows) row.stored = await monitor.count(table);
    outbox = await monitor.outboxByStatus();
  } finally {
    clearInterval(sampler);
    await monitor.close();
    await server.stop();
    await sink.close();
    await storage.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }

  /** Waits (up to the deadline) until no notification is pending, then sums up. */
  async function measureDelivery(): Promise<Row> {
    const pendingAtEnd = await monitor.countOutbox(true);
    const deadline = loadEndedAt + DELIVERY_DEADLINE_SECONDS * 1000;
    // Requests cut off when the load stopped can still queue rows for a moment after it.
    let allOut = false;
    while (!allOut && Date.now() < deadline) {
      await sleep(100);
      allOut = (await monitor.countOutbox(true)) === 0;
    }
    const { arrivals, distinctMessageIds } = await sink.report();
    const sentDuringLoad = arrivals.filter((at) => at <= loadEndedAt).length;
    const lastArrival = arrivals.at(-1);
    return {
      queued: await monitor.countOutbox(false),
      "sent/s during load": Math.round(sentDuringLoad / ((loadEndedAt - loadStartedAt) / 1000)),
      "deepest queue (1 s samples)": Math.max(deepestQueue, pendingAtEnd),
      "pending at end of load": pendingAtEnd,
      "last out, s after load": allOut && lastArrival ? round1((lastArrival - loadEndedAt) / 1000) : "-",
      delivered: arrivals.length,
      "distinct Message-IDs": distinctMessageIds,
      ...(allOut ? {} : { "NOT all out after": `${DELIVERY_DEADLINE_SECONDS} s` }),
    };
  }

  return {
    engine,
    description,
    rows: rows.map(({ row }) => row),
    outbox,
    delivery,
    seconds: Math.round((loadEndedAt - loadStartedAt) / 1000),
  };
}

function round1(value: number): number {
  return Math.max(0, Math.round(value * 10) / 10);
}

const results: Result[] = [];
for (const engine of engines) {
  const result = await run(engine);
  results.push(result);
  console.log(
    `\n${engineNames[engine]}: form endpoints, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each (${result.description}):`,
  );
  console.table(result.rows);
  console.log("Outbox after the run:", result.outbox);
  console.log(`\nNotifications over SMTP (loopback sink), during the ${result.seconds} s load and after it:`);
  console.table([result.delivery]);
}

if (results.length > 1) {
  console.log("\nSide by side, accepted submissions per second and p99 latency (ms):");
  console.table(
    endpoints.map(({ name }) => {
      const row: Row = { endpoint: name };
      for (const result of results) {
        const measured = result.rows.find((candidate) => candidate.endpoint === name);
        row[`${engineNames[result.engine]} accepted/s`] = measured?.["accepted/s"] ?? "-";
        row[`${engineNames[result.engine]} p99 ms`] = measured?.["p99 ms"] ?? "-";
      }
      return row;
    }),
  );
}
