import { Router } from "express";
import type { Registry } from "prom-client";
import type { Logger } from "#server/platform/logger.ts";
import { metricsAccess, type MetricsAccessPolicy } from "./access";

export const METRICS_PATH = "/metrics";

/**
 * `/metrics` in Prometheus's text format, for a scraper with the token or on this machine
 * (server/metrics/access.ts). Anyone else gets a plain 404, not a 401 with
 * WWW-Authenticate: a stranger is not told there is something here, nor how to ask for
 * it. `no-store` either way, and it answers before the page cache could see the request.
 */
export function metricsEndpoint(deps: {
  registry: Registry;
  policy: MetricsAccessPolicy;
  logger: Logger;
}): Router {
  const router = Router();
  router.get(METRICS_PATH, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const access = metricsAccess(
      { remoteAddress: req.socket.remoteAddress, headers: req.headers },
      deps.policy,
    );
    if (access === "refused") {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const body = await deps.registry.metrics();
      res.type(deps.registry.contentType).send(body);
    } catch (error) {
      deps.logger.error({ err: error }, "metrics could not be collected");
      res.status(500).type("text/plain").send("Internal server error");
    }
  });
  return router;
}
