/**
 * Start-up cost of the admin CLI: the median wall time of a few everyday commands, each
 * run as a fresh process the three ways there are, on a throw-away data folder seeded
 * with a few hundred rows. Prints figures only; timings depend on the machine.
 *   npm run bench:admin [-- --runs 9]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { insertAppointmentRequest, insertWebAppLead, insertWebsiteDesignLead } from "#server/db/leads.ts";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs wants a whole number from 1, not "${args.runs}"`);

const ROWS_PER_TABLE = 200;
const commands = [["--help"], ["leads", "list"], ["appointments", "list", "--json"]];

const tsx = [path.join("node_modules", ".bin", "tsx"), "scripts/cli.ts"];

/** How each way starts the CLI: the command line before the admin's arguments. */
const ways: { name: string; argv: string[]; env?: Record<string, string> }[] = [
  // What `npm run admin` ran before it ran the build: first with tsx's transform cache
  // cold (a fresh checkout, or sources just changed), then warm.
  { name: "tsx, cold cache", argv: tsx, env: { TSX_DISABLE_CACHE: "1" } },
  { name: "tsx, warm cache", argv: tsx },
  { name: "site-admin (built)", argv: [process.execPath, path.join("build", "admin", "index.js")] },
  // The built CLI behind npm's own start-up and the launcher's freshness check.
  { name: "npm run -s admin --", argv: ["npm", "run", "-s", "admin", "--"] },
];

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-admin-"));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };

/** Lists with something in them, as on a site that has run for a while. */
async function seed(): Promise<void> {
  const db = await openDatabase(path.join(dataDir, "site.sqlite"));
  const base = Date.parse("2026-11-02T08:00:00Z");
  for (let n = 0; n < ROWS_PER_TABLE; n++) {
    const common = { created_at: new Date(base + n * 3_600_000).toISOString(), suspected_spam: null };
    await insertWebsiteDesignLead(db, {
      ...common,
      full_name: `Visitor ${n}`,
      company_name: "Bench Co",
      business_email: `visitor-${n}@example.com`,
      website_type: "redesign",
      budget: "30k-60k",
      timeline: "not-sure",
    });
    await insertWebAppLead(db, {
      ...common,
      full_name: `Visitor ${n}`,
      work_email: `visitor-${n}@example.com`,
      phone_number: "+27215550123",
      company_name: "Bench Co",
      industry: "Retail",
      company_size: "11-50",
    });
    await insertAppointmentRequest(db, {
      ...common,
      name: `Visitor ${n}`,
      email: `visitor-${n}@example.com`,
      phone: "+27215550123",
      company: "Bench Co",
      service_type: "ui-ux",
      preferred_date: "2026-11-24",
      preferred_time: "10:00 AM",
      project_details: "A booking portal for our consulting clients.",
    });
  }
  await db.destroy();
}

/** One run's wall time in seconds; a failed command stops the benchmark. */
function timeRun({ argv, env: wayEnv }: (typeof ways)[number], command: string[]): number {
  const [file = "", ...rest] = argv;
  const started = performance.now();
  const run = spawnSync(file, [...rest, ...command], {
    cwd: projectRoot,
    env: { ...env, ...wayEnv },
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    throw new Error(
      `${argv.join(" ")} ${command.join(" ")} exited ${run.status}: ${run.stderr || run.error}`,
    );
  }
  return seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

try {
  await seed();
  // Warm-up, not counted: builds the bundle if it is stale and fills tsx's transform cache.
  for (const way of ways) timeRun(way, ["--help"]);

  const times = new Map<string, number[]>();
  const key = (command: string[], way: string) => `${command.join(" ")}\u0000${way}`;
  // Ways interleaved, so a busy moment on the machine does not land on one of them only.
  for (let run = 0; run < runs; run++) {
    for (const command of commands) {
      for (const way of ways) {
        const seconds = timeRun(way, command);
        times.set(key(command, way.name), [...(times.get(key(command, way.name)) ?? []), seconds]);
      }
    }
  }

  console.log(
    `Admin CLI wall time, median of ${runs} runs; ${ROWS_PER_TABLE} rows per table; Node.js ${process.version}\n`,
  );
  const header = ["command", ...ways.map((way) => way.name)];
  const rows = commands.map((command) => [
    command.join(" "),
    ...ways.map((way) => `${median(times.get(key(command, way.name)) ?? []).toFixed(2)} s`),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((text, column) => text.padEnd(widths[column] ?? 0))
        .join("   ")
        .trimEnd(),
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
