import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { previewLinkLimits } from "#server/auth/preview-links.ts";
import { createCopyPreviewLink } from "#server/operations/pages/copy-preview.ts";
import { listPageCopy, readPageCopy, savePageCopy } from "#server/operations/pages/page-copy-operations.ts";
import { isCopyPageName } from "#shared/copy/copy-pages.ts";
import { answerInvalidBody, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";
import { answerStaleSave, versionOf } from "./stale-save";

/**
 * /admin/api/pages: the words on the site's pages, for editors and admins. A save runs the
 * operation `site-admin pages set` runs (server/operations/pages/), audited with the member
 * of staff; a preview link shows the draft it was made of at the page's own address until
 * it expires or is revoked (docs/decisions/050-stored-preview-links.md).
 */

const saveSchema = z.object({
  document: z.unknown(),
  draft: z.boolean().optional(),
  note: z.string().max(200, "The note must be at most 200 characters.").optional(),
  /** The version the form was loaded with (docs/decisions/066-concurrent-editing.md). */
  baseVersion: z.number().int().positive().nullable().optional(),
});

const previewSchema = z.object({
  hours: z
    .number()
    .int("The hours must be a whole number.")
    .min(1, "A preview link lasts at least an hour.")
    .max(previewLinkLimits.maxHours, `A preview link lasts at most ${previewLinkLimits.maxHours} hours.`)
    .optional(),
});

export function pageRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const router = express.Router();
  const editor = requireStaff("content");
  const { now } = deps;
  const ctx = (req: Request, res: Response) => ({ db, actor: actorOf(req, res), now });

  router.get("/pages", editor, async (req, res) => {
    res.json({ pages: await listPageCopy(ctx(req, res)) });
  });

  router.get("/pages/:page", editor, async (req, res) => {
    const outcome = await readPageCopy(ctx(req, res), String(req.params.page));
    if (!outcome.ok) return answerRefusal(res, outcome);
    res.json({ page: outcome.value });
  });

  router.post("/pages/:page", editor, async (req, res) => {
    const body = saveSchema.safeParse(req.body);
    if (!body.success) return answerInvalidBody(res, body.error);
    const { document, draft, note, baseVersion } = body.data;
    const page = String(req.params.page);
    const outcome = await savePageCopy(ctx(req, res), page, document, { draft, note, baseVersion });
    if (!outcome.ok && outcome.reason === "conflict" && baseVersion !== undefined)
      return answerStaleSave(res, db, outcome, `page:${page}`);
    if (!outcome.ok) return answerRefusal(res, outcome);
    res.json({
      saved: outcome.value,
      viewUrl: `${config.settings.siteUrl}${outcome.value.path}`,
      version: await versionOf(db, `page:${page}`),
    });
  });

  router.post("/pages/:page/preview", editor, async (req, res) => {
    const page = String(req.params.page);
    if (!isCopyPageName(page)) return void res.status(404).json({ error: "Not found." });
    const body = previewSchema.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidBody(res, body.error);
    const hours = body.data.hours ?? previewLinkLimits.defaultHours;
    const outcome = await createCopyPreviewLink(ctx(req, res), page, hours);
    if (!outcome.ok) return answerRefusal(res, outcome);
    // The link is a credential for what it shows: never kept by a browser's or proxy's cache.
    res.setHeader("Cache-Control", "no-store");
    const { id, path, expiresAt } = outcome.value;
    res.json({ id, path, url: `${config.settings.siteUrl}${path}`, expiresAt });
  });

  return router;
}
