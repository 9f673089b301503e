import express, { type Router } from "express";
import { answerRefusal } from "./answers";
import { bodyBytes, readImageBody } from "./content-routes";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";

/**
 * /admin/api/snippets: each page's search snippet, for editors and admins
 * (docs/decisions/040-search-snippets.md). Saves run the operation the admin CLI runs,
 * audited with the member of staff; the operation loads on first use, not at start-up.
 */

const loadSnippets = () => import("#server/operations/snippets/snippets.ts");

export function snippetRoutes(deps: WorkspaceDeps): Router {
  const { db, config, now } = deps;
  const router = express.Router();
  const editor = requireStaff("content");

  router.get("/snippets", editor, async (_req, res) => {
    const { listPageSnippetViews } = await loadSnippets();
    res.json({ pages: await listPageSnippetViews(db) });
  });

  // Before /snippets/:page, which would take "images" for a page.
  router.post("/snippets/images", editor, readImageBody, async (req, res) => {
    const { uploadSocialImage } = await loadSnippets();
    const uploaded = await uploadSocialImage({ db, config }, bodyBytes(req));
    if (!uploaded.ok) return answerRefusal(res, uploaded);
    res.status(201).json({ image: uploaded.value });
  });

  router.get("/snippets/:page", editor, async (req, res) => {
    const { readPageSnippet } = await loadSnippets();
    const found = await readPageSnippet(db, String(req.params.page));
    if (!found.ok) return answerRefusal(res, found);
    res.json({ snippet: found.value });
  });

  router.post("/snippets/:page", editor, async (req, res) => {
    const { savePageSnippet } = await loadSnippets();
    const body = (req.body ?? {}) as { description?: unknown; image?: unknown };
    const saved = await savePageSnippet(
      { db, config, actor: actorOf(req, res), now },
      String(req.params.page),
      {
        description: body.description ?? undefined,
        image: body.image ?? undefined,
      },
    );
    if (!saved.ok) return answerRefusal(res, saved);
    res.json(saved.value);
  });

  return router;
}
