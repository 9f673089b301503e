import express, { type Router } from "express";
import { CALENDAR_FEED_PATH } from "#server/auth/calendar-feed-tokens.ts";
import type { Db } from "#server/db/database.ts";
import { readCalendarFeed } from "#server/operations/meetings/calendar-feed.ts";

/**
 * GET /calendar/<token>.ics: a member of staff's meetings for their calendar app
 * (docs/decisions/063-staff-calendar-feeds.md). No cookie and no session: the token is
 * the credential, so the answer is never kept by a shared cache (nor, being a credential's
 * answer, by the app's own disk cache), never indexed, and a token that opens nothing is
 * a plain 404 that does not say why. The request log sees the path redacted
 * (server/platform/log-redaction.ts).
 */
export function calendarFeedRoute(deps: {
  db: Db;
  site: () => Promise<{ siteUrl: string; brandName: string }>;
  now: () => Date;
}): Router {
  const router = express.Router();
  const notFound = (res: express.Response) => {
    res.set("Cache-Control", "no-store");
    res.status(404).type("text/plain").send("Not found.\n");
  };
  router.get(`${CALENDAR_FEED_PATH}/:file`, async (req, res, next) => {
    const file = String(req.params.file);
    if (!file.endsWith(".ics")) return notFound(res);
    try {
      const text = await readCalendarFeed(
        deps.db,
        await deps.site(),
        file.slice(0, -".ics".length),
        deps.now(),
      );
      if (text === undefined) return notFound(res);
      res.set({
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="meetings.ics"',
        // private: no shared cache keeps it; no-store: nor the app's, a credential's answer.
        // Calendar apps poll (REFRESH-INTERVAL in the body), so each poll reads it afresh.
        "Cache-Control": "private, no-store, max-age=0",
        "X-Robots-Tag": "noindex, nofollow",
      });
      res.send(text);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
