import express, { type Router } from "express";
import type { WorkspaceDeps } from "./deps";
import { checkSameOrigin } from "./guard";
import { contentRoutes } from "./content-routes";
import { leadRoutes } from "./lead-routes";
import { sessionRoutes } from "./session-routes";
import { authRoutes } from "./auth-routes";
import { accountRoutes } from "./account-routes";
import { stepUpRoutes } from "./step-up-routes";
import { userRoutes } from "./user-routes";

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
  router.use(express.json({ limit: "512kb" }));
  router.use(sessionRoutes(deps));
  router.use(authRoutes(deps));
  router.use(stepUpRoutes(deps));
  router.use(accountRoutes(deps));
  router.use(userRoutes(deps));
  router.use(contentRoutes(deps));
  router.use(leadRoutes(deps));
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found." });
  });
  return router;
}
