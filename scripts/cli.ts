/**
 * The command line (`site-admin`): leads, appointment requests, subscribers, notifications,
 * projects, news, case studies, service-page screenshots and backups, on the database the server uses (it may be running).
 *   npm run admin -- --help           (from the repository)
 *   site-admin --help                 (the built copy, build/admin/index.js)
 */
import { createInterface } from "node:readline/promises";
import { runCli } from "#server/cli/program.ts";
import { systemClock } from "#server/operations/context.ts";
import type { CliOutput } from "#server/cli/context.ts";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase, type Db } from "#server/db/database.ts";

// A reader that stops early (`| head`) closes the pipe; that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}

/** A yes from the person at the terminal (privacy erase). */
async function askAtTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await terminal.question(question)).trim().toLowerCase() === "yes";
  } finally {
    terminal.close();
  }
}

const out: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

let db: Db | undefined;
try {
  process.exitCode = await runCli(process.argv.slice(2), {
    out,
    async context() {
      const config = loadConfig();
      // Migrations run here too, so a fresh data folder works before the server ever started.
      db ??= await openDatabase(databaseLocation(config), { poolSize: 2 });
      // The command line's one clock: every command reads the time through it.
      return {
        db,
        config,
        out,
        now: systemClock,
        confirm: process.stdin.isTTY ? askAtTerminal : undefined,
      };
    },
    // `backup` opens the file itself: no migrations, and it works when the file is damaged.
    async fileContext() {
      return { config: loadConfig(), out };
    },
  });
} finally {
  await db?.destroy();
}
