import express, { type Router } from "express";
import { z } from "zod";
import { answerInvalidBody, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";

/**
 * /admin/api/news-categories: the list a news post's category is chosen from, for editors
 * and admins, through the operations `site-admin content categories` runs
 * (server/operations/content/news-categories.ts). Names travel in the body: they hold
 * spaces and "&".
 */

const loadCategories = () => import("#server/operations/content/news-categories.ts");

const nameSchema = z.object({
  name: z.string("Send the category's name.").max(200, "The name is too long."),
});
const renameSchema = nameSchema.extend({
  newName: z.string("Send the category's new name.").max(200, "The new name is too long."),
});

export function newsCategoryRoutes(deps: WorkspaceDeps): Router {
  const { db } = deps;
  const router = express.Router();
  const editor = requireStaff("content");
  const { now } = deps;

  router.get("/news-categories", editor, async (_req, res) => {
    const { listCategories } = await loadCategories();
    res.json({ categories: await listCategories(db) });
  });

  router.post("/news-categories", editor, async (req, res) => {
    const parsed = nameSchema.safeParse(req.body);
    if (!parsed.success) return answerInvalidBody(res, parsed.error);
    const { addCategory } = await loadCategories();
    const added = await addCategory({ db, actor: actorOf(req, res), now }, parsed.data.name);
    if (!added.ok) return answerRefusal(res, added);
    res.status(201).json({ category: added.value });
  });

  router.post("/news-categories/rename", editor, async (req, res) => {
    const parsed = renameSchema.safeParse(req.body);
    if (!parsed.success) return answerInvalidBody(res, parsed.error);
    const { renameCategory } = await loadCategories();
    const renamed = await renameCategory(
      { db, actor: actorOf(req, res), now },
      parsed.data.name,
      parsed.data.newName,
    );
    // The form's field is the new name.
    if (!renamed.ok) return answerRefusal(res, renamed, { name: "newName" });
    res.json({ category: renamed.value });
  });

  router.post("/news-categories/remove", editor, async (req, res) => {
    const parsed = nameSchema.safeParse(req.body);
    if (!parsed.success) return answerInvalidBody(res, parsed.error);
    const { removeCategory } = await loadCategories();
    const removed = await removeCategory({ db, actor: actorOf(req, res), now }, parsed.data.name);
    if (!removed.ok) return answerRefusal(res, removed);
    res.json(removed.value);
  });

  return router;
}
