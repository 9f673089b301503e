import { errorForLog } from "#shared/error-catalogue.ts";
import type { Logger } from "#server/platform/logger.ts";

/**
 * A throw nobody caught, or a promise rejected with nobody waiting, is a bug whose state
 * cannot be trusted: as Node.js does by default the process stops, but after one JSON
 * line with the stack as a field and the request id when a request caused it (the
 * logger's mixin reads the async context the fault happened in), not a bare stack on
 * stderr. The orchestrator restarts it.
 */
export function stopOnProcessFaults(logger: Logger): void {
  const stop = (kind: string) => (reason: unknown) => {
    logger.fatal({ error: errorForLog(reason) }, `${kind}; the server stops`);
    process.exit(1);
  };
  process.on("uncaughtException", stop("uncaught exception"));
  process.on("unhandledRejection", stop("unhandled rejection"));
}
