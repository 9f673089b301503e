import express, { type RequestHandler, type Router } from "express";
import { parseJsonBody } from "#server/api/body-parsers.ts";
import { apiErrorHandler } from "#server/api/errors.ts";
import { sendFailure } from "#server/api/responses.ts";
import type { WorkspaceDeps } from "./deps";
import { checkSameOrigin } from "./guard";
import { contentRoutes } from "./content-routes";
import { newsCategoryRoutes } from "./news-category-routes";
import { publishingRoutes } from "./publishing-routes";
import { pageRoutes } from "./page-routes";
import { previewRoutes } from "./preview-routes";
import { leadRoutes } from "./lead-routes";
import { notificationRoutes } from "./notification-routes";
import { meetingRoutes } from "./meeting-routes";
import { calendarFeedRoutes } from "./calendar-feed-routes";
import { sessionRoutes } from "./session-routes";
import { authRoutes } from "./auth-routes";
import { accountRoutes } from "./account-routes";
import { stepUpRoutes } from "./step-up-routes";
import { userRoutes } from "./user-routes";
import { auditRoutes } from "./audit-routes";
import { overviewRoutes } from "./overview-routes";
import { historyRoutes } from "./history-routes";
import { settingsRoutes } from "./settings-routes";
import { snippetRoutes } from "./snippet-routes";
import { insightsRoutes } from "./insights-routes";
import { editingRoutes } from "./editing-routes";

/**
 * /admin/api: JSON in and out (image uploads are raw bodies on their own routes). Every state-changing request must come from this origin;
 * each module then says which role may use it (requireStaff), which checks the session's
 * CSRF token too.
 */
export function createWorkspaceApi(deps: WorkspaceDeps): Router {
  const router = express.Router();
  router.use(checkSameOrigin(deps.config.settings.siteUrl));
  // An article's body may be 50,000 characters (shared/content-types.ts), up to six bytes
  // each once JSON-escaped; images come as their own raw uploads.
  router.use(requireJsonBody);
  router.use(parseJsonBody("512kb"));
  router.use(sessionRoutes(deps));
  router.use(authRoutes(deps));
  router.use(stepUpRoutes(deps));
  router.use(accountRoutes(deps));
  router.use(userRoutes(deps));
  router.use(auditRoutes(deps));
  router.use(contentRoutes(deps));
  router.use(newsCategoryRoutes(deps));
  router.use(publishingRoutes(deps));
  router.use(pageRoutes(deps));
  router.use(previewRoutes(deps));
  router.use(leadRoutes(deps));
  router.use(notificationRoutes(deps));
  router.use(meetingRoutes(deps));
  router.use(calendarFeedRoutes(deps));
  router.use(overviewRoutes(deps));
  router.use(historyRoutes(deps));
  router.use(settingsRoutes(deps));
  router.use(snippetRoutes(deps));
  router.use(insightsRoutes(deps));
  router.use(editingRoutes(deps));
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found." });
  });
  // A body that is not JSON, too large or not UTF-8 is answered 400/413/415 here: never
  // by Express's own handler, which would print it.
  router.use(apiErrorHandler(deps.logger));
  return router;
}

const JSON_ONLY = "The workspace only accepts requests sent as JSON. Reload the page and try again.";

/** The image uploads, whose bodies are the file itself (content-routes.ts, snippet-routes.ts). */
const RAW_BODY_ROUTES = /^\/(?:uploads\/[^/]+|screenshots|snippets\/images)\/?$/i;

/** A body on any other route is JSON: anything else is refused before it is read. */
const requireJsonBody: RequestHandler = (req, res, next) => {
  const hasBody = req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
  if (!hasBody || req.is("application/json") || RAW_BODY_ROUTES.test(req.path)) return next();
  res.locals.bodyRefused = "content.type";
  sendFailure(res, 415, JSON_ONLY);
};
