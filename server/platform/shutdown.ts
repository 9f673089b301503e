import type { Server } from "node:http";
import type { Logger } from "#server/platform/logger.ts";

/** In-flight requests get this long before their connections are cut. */
const GRACE_MS = 8_000;

/**
 * Stops accepting connections, lets in-flight requests finish, then releases
 * resources. Resolves true when everything closed within the grace period.
 */
export async function closeGracefully(options: {
  server: Server;
  logger: Logger;
  resources: Array<() => Promise<unknown>>;
}): Promise<boolean> {
  const { server, logger, resources } = options;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), GRACE_MS);
  });
  const outcome = await Promise.race([closed.then(() => "closed" as const), timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    logger.warn("grace period over; closing remaining connections");
    server.closeAllConnections();
  }
  let clean = true;
  for (const release of resources) {
    try {
      await release();
    } catch (error) {
      clean = false;
      logger.error({ err: error }, "failed to release a resource during shutdown");
    }
  }
  logger.info("shutdown complete");
  return clean;
}
