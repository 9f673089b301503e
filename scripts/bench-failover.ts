/**
 * The instance holding the scheduled jobs is killed (docs/decisions/056-short-leases.md):
 * two built servers on one PostgreSQL database (a throwaway cluster, fsync on), the first
 * holding every job's lease; a news post falls due the moment it is killed (SIGKILL).
 * Prints, per run, how far ahead each lease reached with both up, how long after the kill
 * the second published the post and held every job, and whether a job ran again before it
 * was due. `--server-file` runs another build's start file (an older build, for "before").
 *   npm run build && npm run bench:failover [-- --runs 3] [-- --server-file other/build/app/index.js]
 */
import { parseArgs } from "node:util";
import { createDatabase } from "#server/db/database.ts";
import { testTotpKey } from "#tests/support/totp-key.ts";
import { jobLeases, killTheHolder, type KillHolderResult } from "./lib/kill-holder";
import { createScratchPostgresDatabase, startPostgresCluster } from "./lib/postgres-cluster";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "server-file": { type: "string" },
    "wait-seconds": { type: "string", default: "150" },
  },
});
const runs = Number(values.runs);

const seconds = (value: number | undefined) =>
  value === undefined ? "not within the wait" : `${value.toFixed(1)} s`;
const ahead = (value: number | undefined) => {
  if (value === undefined) return "-";
  if (Math.abs(value) >= 3_600) return `${(value / 3_600).toFixed(1)} h`;
  if (Math.abs(value) >= 120) return `${(value / 60).toFixed(1)} min`;
  return `${value.toFixed(1)} s`;
};

function report(run: number, result: KillHolderResult): void {
  console.log(`run ${run}`);
  console.log("  lease              ahead before kill   ahead after   held after by");
  for (const name of jobLeases) {
    const before = result.leasesBefore.find((lease) => lease.name === name);
    const after = result.leasesAfter.find((lease) => lease.name === name);
    const by = after?.pid === result.secondPid ? "second" : after?.pid === result.holderPid ? "killed" : "-";
    console.log(
      `  ${name.padEnd(20)} ${ahead(before?.aheadSeconds).padStart(16)} ${ahead(after?.aheadSeconds).padStart(13)}   ${by}`,
    );
  }
  console.log(`  post due at the kill published after: ${seconds(result.publishedAfterSeconds)}`);
  console.log(`  every job's lease held by the second after: ${seconds(result.allTakenAfterSeconds)}`);
  if (!result.runsBefore || !result.runsAfter) {
    console.log("  job runs: this build keeps no job_runs");
    return;
  }
  const again = result.runsAfter
    .filter((after) => {
      const before = result.runsBefore?.find((run) => run.name === after.name);
      return before && before.last_run_at !== after.last_run_at;
    })
    .map((run) => run.name);
  console.log(`  jobs run again after the kill (due by then): ${again.join(", ") || "none"}`);
}

const cluster = await startPostgresCluster({ durable: true });
try {
  const delays: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const database = await createScratchPostgresDatabase(cluster.adminUrl);
    const db = createDatabase(database.url, { poolSize: 2 });
    try {
      const result = await killTheHolder({
        db,
        databaseUrl: database.url,
        env: { TOTP_KEY: testTotpKey },
        serverFile: values["server-file"],
        waitMs: Number(values["wait-seconds"]) * 1000,
      });
      report(run, result);
      if (result.publishedAfterSeconds !== undefined) delays.push(result.publishedAfterSeconds);
    } finally {
      await db.destroy();
      await database.drop();
    }
  }
  if (delays.length > 0)
    console.log(
      `post published after the kill: max ${Math.max(...delays).toFixed(1)} s over ${delays.length} of ${runs} runs`,
    );
} finally {
  await cluster.stop();
}
