import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, type AppOptions, type SiteApp } from "#server/app.ts";
import { loadConfig, projectRoot, type AppConfig } from "#server/platform/config.ts";
import { createLogger } from "#server/platform/logger.ts";
import { testFormSecret } from "./submissions";
import { createScratchDatabase, type ScratchDatabase } from "./test-database";
import { testTotpKey } from "./totp-key";

/** The production React Router build; `npm test` builds before running the API tests. */
export async function loadServerBuild(): Promise<ServerBuild> {
  const file = path.join(projectRoot, "build", "server", "index.js");
  try {
    return (await import(pathToFileURL(file).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`No server build at ${file}: run \`npm run build\` first`, { cause: error });
  }
}

export type TestApp = SiteApp & {
  config: AppConfig;
  dataDir: string;
  /** Its database: SQLite in dataDir, or on the `postgres` test project a PostgreSQL database of its own. */
  database: ScratchDatabase;
  cleanup(): Promise<void>;
};

/** An app on its own temporary data folder and database, both removed by cleanup(); silent unless given a logger. */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Omit<AppOptions, "config">> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-test-"));
  const database = await createScratchDatabase(dataDir);
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    FORM_SECRET: testFormSecret,
    // Suites count the agency's e-mails; the acknowledgment's own suite turns it on.
    ACKNOWLEDGE_SUBMISSIONS: "false",
    ...database.env,
    // Required on PostgreSQL, the engine of the database made here or of one named.
    ...(database.engine === "postgres" || env.DATABASE_URL ? { TOTP_KEY: testTotpKey } : {}),
    ...env,
  });
  const site = await createApp({
    config,
    logger: createLogger("silent"),
    build: await loadServerBuild(),
    // A page the test changes shows the change on its next request (page-cache.test.ts keeps the real interval).
    pageCacheRevisionCheckMs: 0,
    // Suites that date rows years back must not race a sweep; the retention suite runs it itself.
    retention: { autoStart: false },
    // Nor may the weekly e-mail to admins add to the e-mails a suite counts; its suite runs it itself.
    weeklyReport: { autoStart: false },
    ...overrides,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    ...site,
    config,
    dataDir,
    database,
    async cleanup() {
      await site.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
