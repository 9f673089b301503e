import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { Outcome } from "#shared/outcome.ts";
import { isContentKind, type ContentKind } from "#shared/content-fields.ts";
import { answerInvalidBody, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";
import { PUBLISH_TIME_MISSING } from "#shared/publish-time.ts";

/**
 * /admin/api/content/:kind/:id/{schedule,unschedule,feature,unfeature,preview-link}: when
 * an item publishes, whether a news post is pinned, and links that show it before then
 * (docs/decisions/042-preview-and-scheduled-publishing.md), for editors and admins. Each
 * runs the operation the admin CLI runs.
 */

const loadPublishing = () => import("#server/operations/content/content-publishing.ts");
const loadPreview = () => import("#server/operations/content/content-preview.ts");

const scheduleSchema = z.object({
  at: z.string({ error: PUBLISH_TIME_MISSING }).max(40, PUBLISH_TIME_MISSING),
});
const previewSchema = z.object({
  hours: z.union([z.number(), z.string().max(10)]).optional(),
});

function kindOf(req: Request, res: Response): ContentKind | undefined {
  const kind = String(req.params.kind);
  if (isContentKind(kind)) return kind;
  res.status(404).json({ error: "Not found." });
  return undefined;
}

/** The operation's answer: its value as JSON, or its refusal worded for the page. */
function answer<T>(res: Response, outcome: Outcome<T>, toBody: (value: T) => object): void {
  if (!outcome.ok) return answerRefusal(res, outcome);
  res.json(toBody(outcome.value));
}

export function publishingRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const router = express.Router();
  const editor = requireStaff("content");
  const { now } = deps;
  const ctx = (req: Request, res: Response) => ({ db, config, actor: actorOf(req, res), now });
  const item = "/content/:kind/:id";

  router.post(`${item}/schedule`, editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const parsed = scheduleSchema.safeParse(req.body ?? {});
    if (!parsed.success) return answerInvalidBody(res, parsed.error);
    const { scheduleContent } = await loadPublishing();
    const outcome = await scheduleContent(ctx(req, res), kind, String(req.params.id), parsed.data.at);
    answer(res, outcome, (record) => ({ record }));
  });

  router.post(`${item}/unschedule`, editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const { unscheduleContent } = await loadPublishing();
    const outcome = await unscheduleContent(ctx(req, res), kind, String(req.params.id));
    answer(res, outcome, ({ record }) => ({ record }));
  });

  for (const [action, featured] of [
    ["feature", true],
    ["unfeature", false],
  ] as const) {
    router.post(`${item}/${action}`, editor, async (req, res) => {
      const kind = kindOf(req, res);
      if (!kind) return;
      const { featureContent } = await loadPublishing();
      const outcome = await featureContent(ctx(req, res), kind, String(req.params.id), featured);
      answer(res, outcome, ({ record }) => ({ record }));
    });
  }

  router.post(`${item}/preview-link`, editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const parsed = previewSchema.safeParse(req.body ?? {});
    if (!parsed.success) return answerInvalidBody(res, parsed.error);
    const { createContentPreviewLink } = await loadPreview();
    const hours = parsed.data.hours === undefined ? undefined : String(parsed.data.hours);
    const outcome = await createContentPreviewLink(ctx(req, res), kind, String(req.params.id), hours);
    // The link is a credential for what it shows: never kept by a browser's or proxy's cache.
    res.setHeader("Cache-Control", "no-store");
    answer(res, outcome, (link) => link);
  });

  return router;
}
