import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { autosaveDraft, closeEditor, discardDraft, openEditor } from "#server/operations/editing/editing.ts";
import { answerInvalidBody, answerInvalidQuery, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";

/**
 * /admin/api/editing: what a page-copy or content form does while it is open
 * (docs/decisions/065-never-lose-work.md, 066-concurrent-editing.md): says it is open and
 * hears who else is, keeps its text as the person's own draft a few seconds after typing
 * stops, and throws that draft away.
 */
const targetSchema = z.string().min(1, "Say what is being edited.").max(300, "That is not an item to edit.");
const draftSchema = z.object({ target: targetSchema, document: z.record(z.string(), z.unknown()) });
const targetBody = z.object({ target: targetSchema });

export function editingRoutes(deps: WorkspaceDeps): Router {
  const { db } = deps;
  const router = express.Router();
  const editor = requireStaff("content");
  const { now } = deps;
  const ctx = (req: Request, res: Response) => ({ db, actor: actorOf(req, res), now });

  router.get("/editing", editor, async (req, res) => {
    const query = targetBody.safeParse(req.query);
    if (!query.success) return answerInvalidQuery(res, query.error);
    const outcome = await openEditor(ctx(req, res), query.data.target);
    if (!outcome.ok) return answerRefusal(res, outcome);
    // Who is here changes by the second: never kept by a cache.
    res.setHeader("Cache-Control", "no-store");
    res.json(outcome.value);
  });

  router.post("/editing/draft", editor, async (req, res) => {
    const body = draftSchema.safeParse(req.body);
    if (!body.success) return answerInvalidBody(res, body.error);
    const outcome = await autosaveDraft(ctx(req, res), body.data.target, body.data.document);
    if (!outcome.ok) return answerRefusal(res, outcome);
    res.json(outcome.value);
  });

  router.post("/editing/discard", editor, async (req, res) => {
    const body = targetBody.safeParse(req.body);
    if (!body.success) return answerInvalidBody(res, body.error);
    await discardDraft(ctx(req, res), body.data.target);
    res.status(204).end();
  });

  router.post("/editing/close", editor, async (req, res) => {
    const body = targetBody.safeParse(req.body);
    if (!body.success) return answerInvalidBody(res, body.error);
    await closeEditor(ctx(req, res), body.data.target);
    res.status(204).end();
  });

  return router;
}
