import express, { type Request, type Response, type Router } from "express";
import { listPreviewLinks, revokePreviewLink } from "#server/operations/previews/preview-links.ts";
import { answerRefusal, badRequest } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";

/**
 * /admin/api/previews: the preview links that still open, listed beside what they show
 * (`?target=page:home`, `news/<id>`), and revoking one
 * (docs/decisions/050-stored-preview-links.md), for editors and admins, through the
 * operations `site-admin previews list|revoke` runs. Links are made on their subject's
 * own routes (page-routes.ts, publishing-routes.ts).
 */
export function previewRoutes(deps: WorkspaceDeps): Router {
  const { db } = deps;
  const router = express.Router();
  const editor = requireStaff("content");
  const { now } = deps;
  const ctx = (req: Request, res: Response) => ({ db, actor: actorOf(req, res), now });

  router.get("/previews", editor, async (req, res) => {
    const target = req.query.target;
    if (typeof target !== "string" || target === "")
      return badRequest(res, "Say which page or item: ?target=.");
    const outcome = await listPreviewLinks(ctx(req, res), target);
    if (!outcome.ok) return answerRefusal(res, outcome);
    res.json({ links: outcome.value });
  });

  router.post("/previews/:id/revoke", editor, async (req, res) => {
    const outcome = await revokePreviewLink(ctx(req, res), String(req.params.id));
    if (!outcome.ok) return answerRefusal(res, outcome);
    res.json({ revoked: outcome.value });
  });

  return router;
}
