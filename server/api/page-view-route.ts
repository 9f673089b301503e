import type { Request, RequestHandler, Response } from "express";
import type { AppConfig } from "#server/platform/config.ts";
import type { PageViewCounter } from "#server/operations/insights/page-view-counter.ts";
import { readPageView } from "#server/operations/insights/page-view-input.ts";
import { PAGE_VIEW_ENDPOINT } from "#shared/page-view-beacon.ts";
import { readBeaconBody } from "./beacon-body";
import { createBotVerdicts } from "./bot-verdicts";
import { rejectCrossSite } from "./guards";
import { sendFailure } from "./responses";
import { createViewLimiter } from "./view-limiter";

/**
 * Page views one client IP may send a minute: ten a second, far above a person reading
 * (an office behind one address is many people), far below a flood.
 */
const VIEWS_PER_MINUTE = 600;
/** A beacon is a few hundred bytes; anything larger is not one. */
const BODY_LIMIT = 2_048;
/** User agents whose bot verdict is remembered: far more than a site's visitors send. */
const BOT_VERDICTS_KEPT = 2_000;
/** The endpoint's path under the /api mount. */
const ROUTE_PATH = PAGE_VIEW_ENDPOINT.replace(/^\/api/, "");

/** The beacon's JSON (sent as text/plain by navigator.sendBeacon, or as JSON), or undefined. */
function parseBeacon(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/events: the site script's page-view beacon
 * (docs/decisions/044-first-party-counting.md). Mounted at /api ahead of the request log,
 * compression, files and page headers: every page view sends one, and none of those has
 * anything to do for a body-less 204. One handler with no router, generic body parser or
 * promise in its way: at thousands of beacons a second those were most of its cost.
 * Answers 204 at once, counted or not (a bot, Do Not Track, Global Privacy Control); 400
 * for a body that is no page view of this site; never a cookie. The view is counted in
 * memory and written with the next batch.
 */
export function pageViewRoute(deps: { config: AppConfig; counter: PageViewCounter }): RequestHandler {
  const refuseCrossSite = rejectCrossSite(deps.config, sendFailure);
  const isBot = createBotVerdicts(BOT_VERDICTS_KEPT);
  const limiter = createViewLimiter({ limit: VIEWS_PER_MINUTE, windowMs: 60_000 });

  /**
   * Whether the visitor or their browser asked not to be counted, or is a known bot by its
   * user agent (isbot's maintained list). The site script checks the first two itself;
   * this holds for any client.
   */
  function mayCount(req: Request): boolean {
    const { dnt, "sec-gpc": gpc, "user-agent": userAgent } = req.headers;
    if (dnt === "1" || gpc === "1") return false;
    return Boolean(userAgent) && !isBot(userAgent as string);
  }

  function countView(req: Request, res: Response): void {
    // Before the limit: what is never counted uses up no allowance.
    if (!mayCount(req)) return void res.status(204).end();
    // req.ip honours TRUST_PROXY_HOPS; it is worked out on every read, so read once.
    const ip = req.ip ?? "";
    if (!limiter.admit(ip)) return void res.status(429).end();
    readBeaconBody(req, BODY_LIMIT, (body) => {
      if ("status" in body) return void res.status(body.status).end();
      const view = readPageView(parseBeacon(body.text));
      if (!view) return void res.status(400).end();
      // With the user agent, the IP is hashed at the next write, never stored.
      deps.counter.count(view, { ip, userAgent: req.headers["user-agent"] ?? "" });
      res.status(204).end();
    });
  }

  return (req, res, next) => {
    if (req.method !== "POST" || req.path !== ROUTE_PATH) return next();
    refuseCrossSite(req, res, () => countView(req, res));
  };
}
