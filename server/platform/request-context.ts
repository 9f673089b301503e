import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

declare module "express-serve-static-core" {
  interface Locals {
    /** Names this request in every log line it causes and in its error answers. */
    requestId: string;
  }
}

const requests = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being handled, wherever in its async work this runs. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

/** What a proxy's X-Request-Id may look like to be adopted: short, plain characters. */
const FORWARDED_ID = /^[\w.:-]{8,64}$/;

/**
 * Gives each request an id, sent back as X-Request-Id and carried by every log line
 * written while it is handled (the logger's mixin), so "it failed at 10:02" can be found.
 * A trusted proxy's id is kept, so its logs and ours share one name for the request.
 */
export function assignRequestId(trustProxyHops: number): RequestHandler {
  return (req, res, next) => {
    const forwarded = trustProxyHops > 0 ? req.get("x-request-id") : undefined;
    const requestId = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    requests.run({ requestId }, next);
  };
}

/**
 * Re-enters the request's context. Middleware that resumes from a stream event (the
 * body parser) runs outside it; put this after such middleware.
 */
export const keepRequestContext: RequestHandler = (_req, res, next) => {
  requests.run({ requestId: res.locals.requestId }, next);
};
