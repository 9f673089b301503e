import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { ResolvedTarget } from "#server/operations/history/history.ts";
import { answerInvalidBody, answerInvalidQuery, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn, workspaceMessages } from "./guard";

/**
 * /admin/api/revisions: the history of anything visitors read, and putting an earlier
 * version back (docs/decisions/041-revisions.md). Any member of staff may ask; the kind
 * of target then decides whose role may see or restore it (an editor a news post, not
 * the site settings; sales neither). Restores run the operation the CLI's `restore` runs.
 */

const loadRevisions = () => import("#server/operations/history/history.ts");

const targetText = z
  .string({ error: "Say whose history to show." })
  .trim()
  .min(1, "Say whose history to show.")
  .max(200, "That is not the name of anything with a history.");
const revisionNumber = z.coerce
  .number({ error: "The revision must be a number." })
  .int("The revision must be a whole number.")
  .positive("The revision must be a whole number from 1.");

const historyQuery = z.object({ target: targetText });
const compareQuery = z.object({ target: targetText, revision: revisionNumber });
const restoreBody = z.object({ target: targetText, revision: revisionNumber });

export function historyRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const router = express.Router();
  // Every role signs in and sends the CSRF token; the target's kind decides the rest.
  const staff = requireStaff("account");
  const ctx = (req: Request, res: Response) => ({ db, config, actor: actorOf(req, res), now });

  /** The target the request names, if this member of staff may see it; else answered. */
  async function targetOf(res: Response, name: string): Promise<ResolvedTarget | undefined> {
    const { resolveTargetFor } = await loadRevisions();
    const resolved = resolveTargetFor(name, signedIn(res).role);
    if (resolved === "forbidden") return void res.status(403).json({ error: workspaceMessages.forbidden });
    if (!resolved.ok) return void answerRefusal(res, resolved);
    return resolved.value;
  }

  router.get("/revisions", staff, async (req, res) => {
    const query = historyQuery.safeParse(req.query);
    if (!query.success) return answerInvalidQuery(res, query.error);
    const resolved = await targetOf(res, query.data.target);
    if (!resolved) return;
    const { showHistory } = await loadRevisions();
    res.json(await showHistory(ctx(req, res), resolved));
  });

  router.get("/revisions/compare", staff, async (req, res) => {
    const query = compareQuery.safeParse(req.query);
    if (!query.success) return answerInvalidQuery(res, query.error);
    const resolved = await targetOf(res, query.data.target);
    if (!resolved) return;
    const { compareWithCurrent } = await loadRevisions();
    const compared = await compareWithCurrent(ctx(req, res), resolved, query.data.revision);
    if (!compared.ok) return answerRefusal(res, compared);
    res.json({ changes: compared.value });
  });

  router.post("/revisions/restore", staff, async (req, res) => {
    const body = restoreBody.safeParse(req.body);
    if (!body.success) return answerInvalidBody(res, body.error);
    const resolved = await targetOf(res, body.data.target);
    if (!resolved) return;
    const { restoreRevision } = await loadRevisions();
    const restored = await restoreRevision(ctx(req, res), resolved, body.data.revision);
    if (!restored.ok) return answerRefusal(res, restored);
    // A restore that moved the mail route queued the admins' notices.
    deps.onQueued();
    res.json(restored.value);
  });

  return router;
}
