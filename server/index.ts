import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "#server/app.ts";
import {
  ConfigError,
  describeDatabase,
  loadConfig,
  projectRoot,
  type AppConfig,
} from "#server/platform/config.ts";
import { MigrationError } from "#server/db/migrate.ts";
import { classifyStorageError, storageCauses } from "#server/db/storage-errors.ts";
import { errorText } from "#shared/error-catalogue.ts";
import { createLogger, fatalStartLine } from "#server/platform/logger.ts";
import { stopOnProcessFaults } from "#server/platform/process-faults.ts";
import { closeGracefully } from "#server/platform/shutdown.ts";

const isDev = process.argv.includes("--dev");

let config: AppConfig | undefined;

async function start() {
  config = loadConfig();
  if (config.siteUrlRequired && !config.siteUrlSet) throw new ConfigError(config.warnings.join("\n"));
  const logger = createLogger(config.logLevel);
  stopOnProcessFaults(logger);
  // Loud, once, before anything else: an operator reads the first lines of a start.
  for (const warning of config.warnings) logger.warn(warning);

  const vite = isDev
    ? await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }))
    : undefined;
  const build = vite ? undefined : await loadProductionBuild();
  const site = await createApp({ config, logger, build, vite });
  const { port, host } = config;

  const server = site.app.listen(port, host, (error?: Error) => {
    // Express 5 passes a failed listen here; without this the process would log
    // "server listening" and exit 0 when the port is taken.
    if (error) {
      process.stderr.write(`${fatalStartLine(listenFailure(error, host, port))}\n`);
      process.exit(1);
    }
    const address = server.address();
    const listening = typeof address === "object" && address ? address.port : port;
    logger.info(
      { port: listening, url: `http://localhost:${listening}`, env: config?.nodeEnv },
      "server listening",
    );
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      void closeGracefully({ server, logger, resources: [site.close, async () => vite?.close()] }).then(
        (clean) => process.exit(clean ? 0 : 1),
      );
    });
  }
}

/** One line a newcomer can act on, for the ways listening fails on a fresh machine. */
function listenFailure(error: Error, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE")
    return `Port ${port} is already in use on ${host}: stop what uses it, or pick another port, e.g. PORT=3001 npm start`;
  if (code === "EACCES")
    return `Not allowed to listen on port ${port}: pick a port above 1023, e.g. PORT=3001 npm start`;
  return `Cannot listen on ${host}:${port}: ${error.message}`;
}

async function loadProductionBuild(): Promise<ServerBuild> {
  const file = path.join(projectRoot, "build", "server", "index.js");
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/**
 * What stopped the start, in one line an operator can act on: a configuration mistake,
 * a data folder or database that cannot be written, a failed migration. Anything else
 * is a bug and keeps its stack, as a field of the line.
 */
function startupFailure(error: unknown): string {
  if (error instanceof ConfigError) return fatalStartLine(error.message);
  const onPostgres = config?.databaseUrl !== undefined;
  const where = !config
    ? "the data folder"
    : onPostgres
      ? describeDatabase(config)
      : `${config.databaseFile} (DATA_DIR ${config.dataDir})`;
  const storage = classifyStorageError(error);
  if (storage) {
    const advice = onPostgres
      ? "Check DATABASE_URL, and that PostgreSQL is running and accepts this user."
      : "Give the server a writable DATA_DIR with free space.";
    return fatalStartLine(
      `Cannot start: ${storageCauses[storage]} at ${where}. ${advice} (${errorText(error)})`,
    );
  }
  if (error instanceof MigrationError) {
    const cause = errorText(error.cause);
    const inner = classifyStorageError(error.cause);
    return fatalStartLine(
      `Cannot start: ${error.message} on ${where}: ${inner ? storageCauses[inner] : cause}`,
    );
  }
  if (!(error instanceof Error)) return fatalStartLine(`Cannot start: ${String(error)}`);
  return fatalStartLine(`Cannot start: ${error.message}`, error.stack ? { stack: error.stack } : {});
}

start().catch((error: unknown) => {
  process.stderr.write(`${startupFailure(error)}\n`);
  process.exit(1);
});
