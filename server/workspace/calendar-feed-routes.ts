import express, { type Router } from "express";
import { z } from "zod";
import {
  makeCalendarFeed,
  revokeCalendarFeed,
  showCalendarFeed,
} from "#server/operations/meetings/calendar-feed.ts";
import { calendarFeedScopes } from "#shared/calendar-feed.ts";
import { answerInvalidBody, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn } from "./guard";
import { mayUse } from "#server/auth/staff.ts";

/**
 * The signed-in member of staff's own calendar feed (docs/decisions/063-staff-calendar-feeds.md):
 * whether they have one, making or replacing it (a fresh proof, as the policy says), and
 * revoking it. Only their own: an admin's feed of every meeting is still theirs.
 */
const makeBody = z.object({
  scope: z.enum(calendarFeedScopes, { error: "Choose whose meetings the feed lists." }).default("own"),
});

export function calendarFeedRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const router = express.Router();
  const path = "/account/calendar-feed";

  // Every account page asks; only roles that work meetings have a feed to show.
  router.get(path, requireStaff("account"), async (_req, res) => {
    const staff = signedIn(res);
    if (!mayUse(staff.role, "leads")) return void res.json({ available: false, feed: null });
    const shown = await showCalendarFeed(db, { id: staff.userId });
    if (!shown.ok) return answerRefusal(res, shown);
    res.json({ available: true, feed: shown.value });
  });

  router.post(path, requireStaff("leads"), async (req, res) => {
    const body = makeBody.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidBody(res, body.error);
    const made = await makeCalendarFeed(
      { db, config, actor: actorOf(req, res), now },
      { id: signedIn(res).userId },
      body.data.scope,
    );
    if (!made.ok) return answerRefusal(res, made);
    // The address is a credential: no cache keeps the answer that carries it.
    res.set("Cache-Control", "no-store").json(made.value);
  });

  router.delete(path, requireStaff("leads"), async (req, res) => {
    const revoked = await revokeCalendarFeed(
      { db, config, actor: actorOf(req, res), now },
      { id: signedIn(res).userId },
    );
    if (!revoked.ok) return answerRefusal(res, revoked);
    res.status(204).end();
  });

  return router;
}
