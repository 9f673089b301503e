import express, { type Router } from "express";
import { loadOverview } from "#server/operations/overview/overview.ts";
import type { WorkspaceDeps } from "./deps";
import { requireStaff, signedIn } from "./guard";

/** GET /overview: what needs doing, for the areas the member's role gives them. */
export function overviewRoutes(deps: WorkspaceDeps): Router {
  const { now } = deps;
  const router = express.Router();
  // Everyone signed in has an overview; the operation counts only their role's areas.
  router.get("/overview", requireStaff("account"), async (_req, res) => {
    res.json(await loadOverview(deps.db, deps.config, signedIn(res).role, now()));
  });
  return router;
}
