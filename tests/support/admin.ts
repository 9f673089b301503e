import type { AdminContext, AdminOutput } from "../../server/admin/context";
import { runAdmin } from "../../server/admin/program";
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
  const context = async (): Promise<AdminContext> => ({ db: site.db, config: site.config, out });
  const code = await runAdmin(argv, { out, context });
  return { code, ...result };
}
