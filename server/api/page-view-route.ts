import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from "express";
import { rateLimit } from "express-rate-limit";
import { isbot } from "isbot";
import type { AppConfig } from "#server/config.ts";
import type { PageViewCounter } from "#server/operations/insights/page-view-counter.ts";
import { readPageView } from "#server/operations/insights/page-view-input.ts";
import { isUtf8 } from "#shared/utf8-body.ts";
import { PAGE_VIEW_ENDPOINT } from "#shared/page-view-beacon.ts";
import { rejectCrossSite } from "./guards";
import { sendFailure } from "./responses";

/**
 * Page views one client IP may send a minute: ten a second, far above a person reading
 * (an office behind one address is many people), far below a flood.
 */
const VIEWS_PER_MINUTE = 600;
/** A beacon is a few hundred bytes; anything larger is not one. */
const BODY_LIMIT = "2kb";

/**
 * Whether the visitor or their browser asked not to be counted, or is a known bot by its
 * user agent (isbot's maintained list). The site script checks the first two itself;
 * this holds for any client.
 */
function mayCount(req: Request): boolean {
  if (req.get("dnt") === "1" || req.get("sec-gpc") === "1") return false;
  const userAgent = req.get("user-agent");
  return Boolean(userAgent) && !isbot(userAgent);
}

/** The beacon's JSON (sent as text/plain by navigator.sendBeacon, or as JSON), or undefined. */
function parsedBody(req: Request): unknown {
  if (typeof req.body !== "string") return undefined;
  try {
    return JSON.parse(req.body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/events: the site script's page-view beacon
 * (docs/decisions/044-first-party-counting.md). Mounted at /api ahead of the request log,
 * compression, files and page headers: every page view sends one, and none of those has
 * anything to do for a body-less 204. Answers 204 at once, counted or not (a bot,
 * Do Not Track, Global Privacy Control); 400 for a body that is no page view of this site;
 * never a cookie. The view is counted in memory and written with the next batch.
 */
export function pageViewRoute(deps: { config: AppConfig; counter: PageViewCounter }): Router {
  const router = express.Router();
  const limit: RequestHandler = rateLimit({
    windowMs: 60_000,
    limit: VIEWS_PER_MINUTE,
    standardHeaders: false,
    legacyHeaders: false,
    handler: (_req: Request, res: Response) => void res.status(429).end(),
  });
  const parseText = express.text({
    type: ["text/plain", "application/json"],
    limit: BODY_LIMIT,
    verify: (_req, _res, body) => {
      if (!isUtf8(body)) throw new Error("request body is not UTF-8");
    },
  });
  router.post(
    PAGE_VIEW_ENDPOINT.replace(/^\/api/, ""),
    rejectCrossSite(deps.config, sendFailure),
    // Before the limit: what is never counted uses up no allowance.
    (req, res, next) => (mayCount(req) ? next() : void res.status(204).end()),
    limit,
    parseText,
    (req, res) => {
      const view = readPageView(parsedBody(req));
      if (!view) return void res.status(400).end();
      // req.ip honours TRUST_PROXY_HOPS; with the user agent it is hashed at the next write, never stored.
      deps.counter.count(view, { ip: req.ip ?? "", userAgent: req.get("user-agent") ?? "" });
      res.status(204).end();
    },
  );
  // A body too large (413) or not UTF-8 (400): answered here, quietly, as any refused beacon.
  const refuseBody: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    res.status(error.status === 413 ? 413 : 400).end();
  };
  router.use(refuseBody);
  return router;
}
