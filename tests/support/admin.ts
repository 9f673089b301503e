import type { AdminContext, AdminOutput } from "#server/cli/context.ts";
import { runAdmin } from "#server/cli/program.ts";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { openDatabase } from "#server/db/database.ts";
import type { TestApp } from "./test-app";

/** What a command printed, and its exit code. */
export type AdminRun = { code: number; stdout: string; stderr: string };

/** An AdminOutput that keeps what a command prints, for the test to read. */
export function collectOutput(): { out: AdminOutput; result: { stdout: string; stderr: string } } {
  const result = { stdout: "", stderr: "" };
  const out: AdminOutput = {
    stdout: (text) => void (result.stdout += text),
    stderr: (text) => void (result.stderr += text),
  };
  return { out, result };
}

/** The real admin program (commander and all) in-process, on the test app's database and configuration. */
export async function runAdminOn(site: TestApp, ...argv: string[]): Promise<AdminRun> {
  const { out, result } = collectOutput();
  const context = async (): Promise<AdminContext> => ({
    db: site.db,
    config: site.config,
    out,
    now: () => new Date(),
  });
  const code = await runAdmin(argv, { out, context });
  return { code, ...result };
}

/** As runAdminOn, with someone at the terminal who answers each question `answer`; answers the questions asked. */
export async function runAdminAnswering(
  site: TestApp,
  answer: boolean,
  ...argv: string[]
): Promise<AdminRun & { questions: string[] }> {
  const { out, result } = collectOutput();
  const questions: string[] = [];
  const confirm = async (question: string) => {
    questions.push(question);
    return answer;
  };
  const context = async (): Promise<AdminContext> => ({
    db: site.db,
    config: site.config,
    out,
    confirm,
    now: () => new Date(),
  });
  const code = await runAdmin(argv, { out, context });
  return { code, ...result, questions };
}

/**
 * The real admin program on a data folder a separately running server uses (a browser
 * test's built server): what an admin's `site-admin` does there, without a process per call.
 */
export async function runAdminIn(dataDir: string, ...argv: string[]): Promise<AdminRun> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir });
  const db = await openDatabase(databaseLocation(config));
  try {
    const { out, result } = collectOutput();
    const code = await runAdmin(argv, {
      out,
      context: async () => ({ db, config, out, now: () => new Date() }),
    });
    return { code, ...result };
  } finally {
    await db.destroy();
  }
}
