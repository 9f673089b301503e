import express, { type Router } from "express";
import { z } from "zod";
import { loadNotifications, requeueNotifications } from "#server/operations/notifications/notifications.ts";
import { answerInvalidQuery, answerRefusal, badRequest } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";

/**
 * The workspace's Notifications page: the e-mails about leads waiting or dead in the
 * outbox, and retrying them, for those who see leads. Each route runs the CLI's own code for it.
 */

const notificationIds = "ids must be a list of notification ids";
const retryBody = z.object({
  ids: z
    .array(
      z
        .number({ error: notificationIds })
        .int({ error: notificationIds })
        .positive({ error: notificationIds }),
      { error: notificationIds },
    )
    .min(1, { error: "ids must name at least one notification, or be left out for all dead ones" })
    .max(1000)
    .optional(),
});

export function notificationRoutes(deps: WorkspaceDeps): Router {
  const { db, now } = deps;
  const router = express.Router();
  router.use("/notifications", requireStaff("leads"));

  router.get("/notifications", async (req, res) => {
    const status = typeof req.query.status === "string" ? req.query.status : undefined;
    if (req.query.status !== undefined && status === undefined) {
      return badRequest(res, "Give one status: pending or dead.");
    }
    const loaded = await loadNotifications(db, status);
    if (!loaded.ok) return answerRefusal(res, loaded);
    res.json({ notifications: loaded.value.records });
  });

  router.post("/notifications/retry", async (req, res) => {
    const body = retryBody.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidQuery(res, body.error);
    const ids = body.data.ids?.map(String);
    const retried = await requeueNotifications({ db, actor: actorOf(req, res), now }, ids);
    if (!retried.ok) return answerRefusal(res, retried);
    if (retried.value.requeued.length > 0) deps.onQueued();
    res.json(retried.value);
  });

  return router;
}
