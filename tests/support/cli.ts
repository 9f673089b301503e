import type { CliContext, CliOutput } from "#server/cli/context.ts";
import { runCli } from "#server/cli/program.ts";
import { systemClock } from "#server/operations/context.ts";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import type { TestApp } from "./test-app";

/** What a command printed, and its exit code. */
export type CliRun = { code: number; stdout: string; stderr: string };

/** An CliOutput that keeps what a command prints, for the test to read. */
export function collectOutput(): { out: CliOutput; result: { stdout: string; stderr: string } } {
  const result = { stdout: "", stderr: "" };
  const out: CliOutput = {
    stdout: (text) => void (result.stdout += text),
    stderr: (text) => void (result.stderr += text),
  };
  return { out, result };
}

/** The real CLI program (commander and all) in-process, on the test app's database and configuration. */
export async function runCliOn(site: TestApp, ...argv: string[]): Promise<CliRun> {
  const { out, result } = collectOutput();
  const context = async (): Promise<CliContext> => ({
    db: site.db,
    config: site.config,
    out,
    now: systemClock,
  });
  const code = await runCli(argv, { out, context });
  return { code, ...result };
}

/** As runCliOn, with someone at the terminal who answers each question `answer`; answers the questions asked. */
export async function runCliAnswering(
  site: TestApp,
  answer: boolean,
  ...argv: string[]
): Promise<CliRun & { questions: string[] }> {
  const { out, result } = collectOutput();
  const questions: string[] = [];
  const confirm = async (question: string) => {
    questions.push(question);
    return answer;
  };
  const context = async (): Promise<CliContext> => ({
    db: site.db,
    config: site.config,
    out,
    confirm,
    now: systemClock,
  });
  const code = await runCli(argv, { out, context });
  return { code, ...result, questions };
}

/**
 * The real CLI program on a data folder a separately running server uses (a browser
 * test's built server): what an admin's `site-admin` does there, without a process per call.
 */
export async function runCliIn(dataDir: string, ...argv: string[]): Promise<CliRun> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir });
  const db = await openDatabase(databaseLocation(config));
  try {
    const { out, result } = collectOutput();
    const code = await runCli(argv, {
      out,
      context: async () => ({ db, config, out, now: systemClock }),
    });
    return { code, ...result };
  } finally {
    await db.destroy();
  }
}
