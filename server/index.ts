import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { ConfigError, loadConfig, projectRoot } from "./config";
import { createLogger } from "./logger";
import { closeGracefully } from "./shutdown";

const isDev = process.argv.includes("--dev");

async function start() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);

  const vite = isDev
    ? await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }))
    : undefined;
  const build = vite ? undefined : await loadProductionBuild();
  const site = await createApp({ config, logger, build, vite });

  const server = site.app.listen(config.port, config.host, (error?: Error) => {
    // Express 5 passes a failed listen here; without this the process would log
    // "server listening" and exit 0 when the port is taken.
    if (error) {
      console.error(listenFailure(error, config.host, config.port));
      process.exit(1);
    }
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, url: `http://localhost:${port}`, env: config.nodeEnv }, "server listening");
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

start().catch((error: unknown) => {
  // Configuration mistakes get one readable message, not a stack trace.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
