import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { Outcome } from "#shared/outcome.ts";
import { MAX_SCREENSHOT_POSITION, parsePosition } from "#server/operations/input.ts";
import { defaultUploadLimits } from "#server/platform/uploads.ts";
import { contentKindSpecs, isContentKind, type ContentKind } from "#shared/content-fields.ts";
import { bodyImageSchema } from "#shared/content-types.ts";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";
import { answerStaleSave, readBaseVersion, versionOf } from "./stale-save";

/**
 * /admin/api/content and /admin/api/screenshots: projects, news, case studies and the
 * service pages' screenshots, for editors and admins. Each change runs the operation the
 * admin CLI runs (server/operations/content/content-operations.ts, screenshots.ts), audited with the
 * member of staff. The operations and the image code load on first use, not at start-up
 * (docs/decisions/023-start-up-and-memory.md).
 */

const loadContent = () => import("#server/operations/content/content-operations.ts");
const loadScreenshots = () => import("#server/operations/screenshots/screenshots.ts");
const loadInput = () => import("#server/operations/content/content-input.ts");

const notFound = { error: "Not found." };

/** A refusal as the API answers it: 404 for an unknown id, else 400 naming each field's problem. */
function answerRefusal<T>(res: Response, outcome: Outcome<T>): outcome is Extract<Outcome<T>, { ok: true }> {
  if (outcome.ok) return true;
  if (outcome.reason === "not-found") {
    res.status(404).json(notFound);
    return false;
  }
  const fields = Object.keys(outcome.fieldErrors);
  res.status(400).json({
    error: fields.length > 0 ? "Some fields need changing; each says what is wrong." : outcome.message,
    fieldErrors: outcome.fieldErrors,
  });
  return false;
}

function kindOf(req: Request, res: Response): ContentKind | undefined {
  const kind = String(req.params.kind);
  if (isContentKind(kind)) return kind;
  res.status(404).json(notFound);
  return undefined;
}

/** An image as the request's whole body, whatever type it claims: its bytes decide (server/operations/images/images.ts). */
const rawImage = express.raw({ type: () => true, limit: defaultUploadLimits.maxBytes });
const megabytes = defaultUploadLimits.maxBytes / 1024 / 1024;

export function readImageBody(req: Request, res: Response, next: NextFunction): void {
  rawImage(req, res, (error: unknown) => {
    if (!error) return next();
    const tooLarge =
      typeof error === "object" && error !== null && "type" in error && error.type === "entity.too.large";
    const message = tooLarge
      ? `The file is over the ${megabytes} MB limit.`
      : "The upload could not be read. Try again.";
    res.status(tooLarge ? 413 : 400).json({ error: message, fieldErrors: { file: message } });
  });
}

export function bodyBytes(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

const previewSchema = z.object({
  markdown: z.string().max(50_000, "The article must be at most 50,000 characters."),
  bodyImages: z.array(bodyImageSchema).max(20).optional(),
});
const positionSchema = z.object({ position: z.union([z.number().int(), z.string()]) });

/**
 * A screenshot's position as the form sends it, checked in the form's words before the
 * operation checks it again in the CLI's (`invalid position "0": expected …`).
 */
const screenshotPositionMessage = `Position must be a whole number from 1 to ${MAX_SCREENSHOT_POSITION}.`;
const refuseScreenshotPosition = (res: Response) =>
  void res
    .status(400)
    .json({ error: screenshotPositionMessage, fieldErrors: { position: screenshotPositionMessage } });

/** What the content routes share: the database, the editor's guard, the clock, the operations' context. */
type ContentDoor = ReturnType<typeof contentDoor>;

function contentDoor(deps: WorkspaceDeps) {
  const { db, config } = deps;
  const editor = requireStaff("content");
  const { now } = deps;
  const ctx = (req: Request, res: Response) => ({ db, config, actor: actorOf(req, res), now });
  return { db, config, editor, ctx };
}

export function contentRoutes(deps: WorkspaceDeps): Router {
  const door = contentDoor(deps);
  const router = express.Router();
  contentReadingRoutes(router, door);
  contentEditingRoutes(router, door);
  screenshotRoutes(router, door);
  return router;
}

/** A preview of an article's Markdown, and the items of a kind as the lists and forms read them. */
function contentReadingRoutes(router: Router, { db, config, editor }: ContentDoor): void {
  // Before /content/:kind, which would take "preview" for a kind.
  router.post("/content/preview", editor, async (req, res) => {
    const parsed = previewSchema.safeParse(req.body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Send the article's Markdown.";
      return void res.status(400).json({ error: message, fieldErrors: { markdown: message } });
    }
    const { renderArticle } = await import("#server/content/article-markdown.ts");
    // Only images uploaded here may show, as on the article's page.
    const uploaded = (url: string) => url.startsWith("/uploads/content/");
    const images = (parsed.data.bodyImages ?? []).filter(
      (image) =>
        uploaded(image.src) &&
        image.sources.every((source) => source.srcset.split(",").every((entry) => uploaded(entry.trim()))),
    );
    res.json({
      html: renderArticle(parsed.data.markdown, { origin: config.settings.siteUrl, bodyImages: images }).html,
    });
  });

  router.get("/content/:kind", editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const { listContent } = await import("#server/db/content-items.ts");
    const records = await listContent(db, kind, { includeDrafts: true });
    res.json({
      kind,
      items: records.map((record) => ({
        id: record.id,
        title: record.item.title,
        status: record.status,
        position: record.position,
        publishAt: record.publishAt,
        featured: record.featured,
        updatedAt: record.updatedAt,
      })),
    });
  });

  router.get("/content/:kind/:id", editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const { findContent } = await import("#server/db/content-items.ts");
    const record = await findContent(db, kind, String(req.params.id));
    if (!record) return void res.status(404).json(notFound);
    res.json({ record });
  });
}

/** Uploading an item's images, creating, changing, publishing, moving and removing an item. */
function contentEditingRoutes(router: Router, { db, config, editor, ctx }: ContentDoor): void {
  // An image for a content field, or for an article's body: checked and converted now,
  // named by the item when it is saved.
  router.post("/uploads/:kind", editor, readImageBody, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const { readUploadQuery } = await loadInput();
    const query = readUploadQuery(contentKindSpecs[kind], req.query);
    if (!answerRefusal(res, query)) return;
    const { uploadContentImage } = await loadContent();
    const uploaded = await uploadContentImage({ db, config }, kind, {
      ...query.value,
      bytes: bodyBytes(req),
    });
    if (!answerRefusal(res, uploaded)) return;
    res.status(201).json(uploaded.value);
  });

  router.post("/content/:kind", editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const body = (req.body ?? {}) as { fields?: unknown; status?: unknown; position?: unknown };
    const { readContentFields } = await loadInput();
    const fields = readContentFields(contentKindSpecs[kind], body.fields, { withId: true });
    if (!answerRefusal(res, fields)) return;
    const { createContent } = await loadContent();
    const created = await createContent(ctx(req, res), kind, {
      fields: fields.value,
      status: body.status === "published" ? "published" : "draft",
      position: typeof body.position === "number" ? String(body.position) : undefined,
      origin: { from: "uploads" },
    });
    if (!answerRefusal(res, created)) return;
    res.status(201).json({ record: created.value });
  });

  router.post("/content/:kind/:id", editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const body = (req.body ?? {}) as { fields?: unknown; baseVersion?: unknown };
    const baseVersion = readBaseVersion(body.baseVersion);
    if (baseVersion === false) return void res.status(400).json({ error: "The version must be a number." });
    const { readContentFields } = await loadInput();
    const fields = readContentFields(contentKindSpecs[kind], body.fields, { withId: false });
    if (!answerRefusal(res, fields)) return;
    const { changeContent } = await loadContent();
    const id = String(req.params.id);
    const changed = await changeContent(ctx(req, res), kind, id, {
      fields: fields.value,
      origin: { from: "uploads" },
      baseVersion,
    });
    if (!changed.ok && changed.reason === "conflict" && baseVersion !== undefined)
      return answerStaleSave(res, db, changed, `${kind}/${id}`);
    if (!answerRefusal(res, changed)) return;
    res.json({ record: changed.value.record, version: await versionOf(db, `${kind}/${id}`) });
  });

  for (const [action, status] of [
    ["publish", "published"],
    ["unpublish", "draft"],
  ] as const) {
    router.post(`/content/:kind/:id/${action}`, editor, async (req, res) => {
      const kind = kindOf(req, res);
      if (!kind) return;
      const { changeContentStatus } = await loadContent();
      const result = await changeContentStatus(ctx(req, res), kind, String(req.params.id), status);
      if (!answerRefusal(res, result)) return;
      res.json({ record: result.value.record });
    });
  }

  router.post("/content/:kind/:id/move", editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const parsed = positionSchema.safeParse(req.body);
    if (!parsed.success) {
      const message = "Position must be a whole number from 1.";
      return void res.status(400).json({ error: message, fieldErrors: { position: message } });
    }
    const { moveContentTo } = await loadContent();
    const moved = await moveContentTo(
      ctx(req, res),
      kind,
      String(req.params.id),
      String(parsed.data.position),
    );
    if (!answerRefusal(res, moved)) return;
    res.json({ record: moved.value });
  });

  router.delete("/content/:kind/:id", editor, async (req, res) => {
    const kind = kindOf(req, res);
    if (!kind) return;
    const { removeContent } = await loadContent();
    const removed = await removeContent(ctx(req, res), kind, String(req.params.id));
    if (!answerRefusal(res, removed)) return;
    res.status(204).end();
  });
}

/** The service pages' screenshots: list, upload, move, delete. */
function screenshotRoutes(router: Router, { db, editor, ctx }: ContentDoor): void {
  router.get("/screenshots", editor, async (_req, res) => {
    const { listScreenshotPages } = await loadScreenshots();
    res.json(await listScreenshotPages(db));
  });

  router.post("/screenshots", editor, readImageBody, async (req, res) => {
    const { uploadScreenshot, firstFreePosition } = await loadScreenshots();
    const page = typeof req.query.page === "string" ? req.query.page : "";
    const alt = typeof req.query.alt === "string" ? req.query.alt.trim() : "";
    if (!alt) {
      const message = "Alt text is required: say what the screenshot shows, for screen readers.";
      return void res.status(400).json({ error: message, fieldErrors: { alt: message } });
    }
    const chosen = typeof req.query.position === "string" ? req.query.position.trim() : "";
    if (chosen !== "" && !parsePosition(chosen).ok) return refuseScreenshotPosition(res);
    const position = chosen || String(await firstFreePosition(db, page));
    const added = await uploadScreenshot(ctx(req, res), {
      image: { name: "The file", bytes: bodyBytes(req) },
      page,
      position,
      alt,
    });
    if (!answerRefusal(res, added)) return;
    res.status(201).json({ screenshot: added.value.record });
  });

  router.post("/screenshots/:id/move", editor, async (req, res) => {
    const parsed = positionSchema.safeParse(req.body);
    if (!parsed.success || !parsePosition(String(parsed.data.position).trim()).ok) {
      return refuseScreenshotPosition(res);
    }
    const { moveScreenshotTo } = await loadScreenshots();
    const moved = await moveScreenshotTo(
      ctx(req, res),
      String(req.params.id),
      String(parsed.data.position).trim(),
    );
    if (!answerRefusal(res, moved)) return;
    res.json({ screenshot: moved.value.record });
  });

  router.delete("/screenshots/:id", editor, async (req, res) => {
    const { deleteScreenshot } = await loadScreenshots();
    const removed = await deleteScreenshot(ctx(req, res), String(req.params.id));
    if (!answerRefusal(res, removed)) return;
    res.status(204).end();
  });
}
