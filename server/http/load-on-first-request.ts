import type { RequestHandler } from "express";

/**
 * A handler made the first time a request needs it: its modules (and the packages they
 * import) are parsed then, not when the server starts (docs/decisions/077-server-chunks.md).
 * Requests that come while it loads wait for the same load; a load that fails is answered
 * as any error, and the next request tries again.
 */
export function loadOnFirstRequest(load: () => Promise<RequestHandler>): RequestHandler {
  let loading: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    loading.then((handler) => handler(req, res, next), next);
  };
}
