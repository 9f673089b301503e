import type { z } from "zod";
import {
  ContentIdTakenError,
  contentSchemas,
  countContentUsingImage,
  deleteContent,
  findContent,
  insertContent,
  moveContent,
  setContentStatus,
  updateContent,
  type ContentItem,
  type ContentKind,
  type ContentRecord,
} from "#server/db/content-items.ts";
import type { ContentStatus } from "#shared/content-fields.ts";
import { countSnippetsUsingImage } from "#server/db/page-snippets.ts";
import { toImageSources } from "#server/db/screenshots.ts";
import { createUploadStore, type UploadStore } from "#server/files/uploaded-files.ts";
import { isUploadPath, UPLOADS_URL_PATH } from "#server/platform/uploads.ts";
import type { BodyImage, Image } from "#shared/content-types.ts";
import { agencyDateOf } from "#shared/forms/appointment.ts";
import { normaliseText } from "#shared/forms/text-hygiene.ts";
import { slugify } from "#shared/slug.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { bodyImageRecipe, uploadBodyImages } from "./article-images";
import { resolvePostCategory } from "./news-categories";
import { contentDocumentOf, imagesOfDocument } from "./content-document";
import { countRevisionsUsingImage, listRevisions } from "#server/db/history.ts";
import {
  contentIdLabels,
  contentKindSpecs,
  type ContentKindSpec,
  type FieldSpec,
} from "#shared/content-fields.ts";
import {
  checkImageBytes,
  createImageVariants,
  ImageRejectedError,
  readImageUpload,
  removeImageFiles,
} from "#server/operations/images/images.ts";
import { parsePosition } from "#server/operations/input.ts";
import { checkUnchangedSince, discardDraft } from "#server/operations/editing/editing.ts";
import { dropEditorDrafts } from "#server/db/editing.ts";
import { asSentence, notFound, refuse, type Outcome, type Refusal } from "#shared/outcome.ts";

export type { Outcome, Refusal } from "#shared/outcome.ts";

/**
 * What changing content does, for the admin CLI and the workspace alike
 * (docs/decisions/014-content-in-the-database.md): each operation checks its input, makes
 * the change with its audit entry in one transaction, and answers with the result or a
 * refusal that names the problem, as one line for the CLI and per field for a form.
 */

/** What an operation needs: the database, where uploads go, and who is acting. */
export type ContentContext = Pick<OperationContext, "db" | "config" | "actor" | "now">;

const missing = (spec: ContentKindSpec, id: string) => notFound(`unknown ${spec.one} ${id}`);

/** A field's value before checking: text, a list, an image file to upload, a stored image, or an article's images. */
export type Value = string | string[] | Image | BodyImage[];
export type Draft = Record<string, Value | undefined>;

/**
 * Where image files come from. The command line names files on its own disk (image fields,
 * and images an article's body names, beside `dir`). The workspace uploads each image
 * first, and an item may then only name files in the upload store: a path it sends is
 * never read.
 */
export type ImageOrigin = { from: "files"; dir: string } | { from: "uploads" };

/** Lists are short; the cap catches a typo (10000 for 10), and a larger number means "last". */
export const MAX_CONTENT_POSITION = 1000;

const flagOf = (spec: ContentKindSpec, key: string) =>
  `--${spec.fields.find((field) => field.key === key)?.flag ?? key}`;
const labelOf = (spec: ContentKindSpec, key: string) =>
  key === "id"
    ? `The ${contentIdLabels[spec.kind].toLowerCase()}`
    : (spec.fields.find((field) => field.key === key)?.label ?? key);

/** "is required" for the title → "Title is required." */
const sentence = (spec: ContentKindSpec, key: string, message: string) =>
  `${labelOf(spec, key)} ${message.replace(/\.$/, "")}.`;

/** Text as it is stored: invisible formatting removed, NFC, "\n" line breaks (the schema refuses the rest). */
export function cleanFieldValue(field: FieldSpec, value: unknown): Value | undefined {
  if (field.type === "list") {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => normaliseText(String(item), { multiline: false }).trim());
  }
  if (field.type === "image" && typeof value === "object" && value !== null) return value as Image;
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return normaliseText(String(value), { multiline: field.type === "text" }).trim();
}

/** Stands in for an image file not yet converted, so every other field is checked first. */
const pendingImage: Image = { src: "/pending", width: 1, height: 1 };

/** The item as the schema sees it: empty optional fields left out, files as pending images. */
function toCandidate(spec: ContentKindSpec, draft: Draft, images: Record<string, Image> = {}) {
  const candidate = new Map<string, unknown>(Object.entries(draft));
  for (const field of spec.fields) {
    const value = draft[field.key];
    if (field.optional && (value === undefined || value === "")) candidate.delete(field.key);
    else if (field.type === "image" && typeof value === "string")
      candidate.set(field.key, images[field.key] ?? pendingImage);
  }
  return Object.fromEntries(candidate);
}

function describeMessage(issue: z.core.$ZodIssue): string {
  return issue.code === "invalid_type" && issue.input === undefined
    ? "is required"
    : issue.code === "invalid_format" && issue.format === "url"
      ? "must be an https:// or http:// link"
      : issue.message;
}

/** The first problem, named by its flag: "--title: is required". */
function describeIssue(spec: ContentKindSpec, error: z.ZodError): string {
  // An id made from a missing title is missing too: the title is what to fix.
  const issue = error.issues.find((candidate) => candidate.path[0] !== "id") ?? error.issues[0];
  if (!issue) return "invalid";
  const [key, index] = issue.path;
  if (key === undefined) return issue.message;
  const name = key === "id" ? "--id" : flagOf(spec, String(key));
  const which = typeof index === "number" ? ` ${index + 1}` : "";
  return `${name}${which}: ${describeMessage(issue)}`;
}

/** Every field's first problem: "Title is required.", "Tags 2 must be at most 40 characters." */
function describeFields(spec: ContentKindSpec, error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [key, index] = issue.path;
    const field = key === undefined ? "form" : String(key);
    if (fieldErrors[field]) continue;
    const which = typeof index === "number" ? `, entry ${index + 1},` : "";
    fieldErrors[field] = sentence(spec, field, `${which} ${describeMessage(issue)}`.trim());
  }
  return fieldErrors;
}

function check(spec: ContentKindSpec, candidate: unknown): Outcome<ContentItem> {
  const parsed = contentSchemas[spec.kind].safeParse(candidate);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : refuse(describeIssue(spec, parsed.error), describeFields(spec, parsed.error));
}

const uploadedContentPrefix = `${UPLOADS_URL_PATH}/content/`;

/** Every uploaded file an image uses, by URL. */
function uploadedUrls(image: Image): string[] {
  if (!image.src.startsWith(uploadedContentPrefix)) return [];
  const urls = (image.sources ?? []).flatMap((source) =>
    source.srcset.split(",").map((entry) => entry.trim().split(/\s+/)[0] ?? ""),
  );
  return [...new Set([image.src, ...urls])].filter((url) => url.startsWith(uploadedContentPrefix));
}

const hashOf = (url: string) => /\/([0-9a-f]{16})-\d+\.\w+$/.exec(url)?.[1];

/**
 * An image the workspace names must be one uploaded here: every file under
 * /uploads/content, of one upload, and in the store. Anything else could point a page
 * at a file nobody checked.
 */
export async function isStoredUpload(store: UploadStore, image: Image): Promise<boolean> {
  const files = [
    image.src,
    ...(image.sources ?? []).flatMap((source) =>
      source.srcset.split(",").map((entry) => entry.trim().split(/\s+/)[0] ?? ""),
    ),
  ];
  const names = files.map((url) =>
    url.startsWith(`${UPLOADS_URL_PATH}/`) ? url.slice(UPLOADS_URL_PATH.length + 1) : "",
  );
  if (!names.every((name) => name.startsWith("content/") && isUploadPath(name))) return false;
  if (new Set(files.map(hashOf)).size !== 1) return false;
  return (await store.get(names[0] ?? "")) !== undefined;
}

/** Deletes the files of images no stored item shows any more; answers how many went. */
async function removeUnusedImages(ctx: ContentContext, images: Image[]): Promise<number> {
  const store = createUploadStore(ctx.config, ctx.db);
  let removed = 0;
  for (const image of images) {
    const urls = uploadedUrls(image);
    const hash = urls[0] && hashOf(urls[0]);
    // A revision naming it may be restored, and a page's search snippet may show the same
    // upload: its files stay while either does.
    if (!hash || (await countContentUsingImage(ctx.db, hash)) > 0) continue;
    if ((await countRevisionsUsingImage(ctx.db, hash)) > 0) continue;
    if ((await countSnippetsUsingImage(ctx.db, hash)) > 0) continue;
    removed += await removeImageFiles(store, urls, "content");
  }
  return removed;
}

function imagesOf(spec: ContentKindSpec, item: ContentItem): Image[] {
  const fields = item as unknown as Record<string, unknown>;
  const bodyImages = "body_images" in item ? (item.body_images ?? []) : [];
  return [
    ...spec.fields
      .filter((field) => field.type === "image")
      .map((field) => fields[field.key] as Image | undefined)
      .filter((image): image is Image => image !== undefined),
    ...bodyImages,
  ];
}

/** Files named for image fields, converted to AVIF and WebP in the upload store. */
async function uploadImages(
  spec: ContentKindSpec,
  draft: Draft,
  store: UploadStore,
  origin: ImageOrigin,
  before: ContentItem | undefined,
  trusted: Image[],
): Promise<Outcome<Record<string, Image>>> {
  const images: Record<string, Image> = {};
  const kept = new Set([...(before ? imagesOf(spec, before) : []), ...trusted].map((image) => image.src));
  for (const field of spec.fields) {
    const value = draft[field.key];
    if (field.type !== "image" || value === undefined) continue;
    if (typeof value === "object" && !Array.isArray(value)) {
      if (origin.from === "uploads" && !kept.has(value.src) && !(await isStoredUpload(store, value))) {
        return refuse(`${flagOf(spec, field.key)}: is not an uploaded image`, {
          [field.key]: `${field.label} is not an image uploaded here. Upload it again.`,
        });
      }
      continue;
    }
    if (typeof value !== "string" || !field.recipe) continue;
    if (origin.from === "uploads") {
      return refuse(`${flagOf(spec, field.key)}: upload the image first`, {
        [field.key]: `Upload the ${field.label.toLowerCase()} first.`,
      });
    }
    try {
      const upload = await readImageUpload(value);
      const processed = await createImageVariants(upload, store, field.recipe);
      images[field.key] = {
        src: processed.largest.url,
        width: processed.largest.width,
        height: processed.largest.height,
        sources: toImageSources(processed.variants),
      };
    } catch (error) {
      if (error instanceof ImageRejectedError)
        return refuse(`${flagOf(spec, field.key)}: ${error.message}`, { [field.key]: error.message });
      throw error;
    }
  }
  return { ok: true, value: images };
}

/**
 * An uploaded image needs words for people who cannot see it. A built-in news image is
 * decoration beside the headline, so only a file or an upload asks for them.
 */
function needsAltText(spec: ContentKindSpec, draft: Draft): Refusal | undefined {
  if (spec.kind !== "news" || draft.image_alt) return undefined;
  const image = draft.image;
  const uploaded =
    typeof image === "string" ||
    (typeof image === "object" && !Array.isArray(image) && image.src.startsWith(uploadedContentPrefix));
  if (!uploaded) return undefined;
  return refuse("--image-alt: is required with --image: say what the image shows, for screen readers", {
    image_alt:
      "Cover image alt text is required with an uploaded image: say what the image shows, for screen readers.",
  });
}

/**
 * The item a draft describes, its image files converted: everything but the images is
 * checked first, so a typo fails before the slow conversion.
 */
async function buildItem(
  ctx: ContentContext,
  spec: ContentKindSpec,
  draft: Draft,
  timestamps: Record<string, string>,
  origin: ImageOrigin,
  before?: ContentItem,
  trusted: Image[] = [],
): Promise<Outcome<{ item: ContentItem; uploaded: Image[] }>> {
  const altProblem = needsAltText(spec, draft);
  if (altProblem) return altProblem;
  const first = check(spec, { ...toCandidate(spec, draft), ...timestamps });
  if (!first.ok) return first;
  const store = createUploadStore(ctx.config, ctx.db);
  const body = draft[spec.bodyKey];
  const bodyImages: BodyImage[] = [];
  if (spec.kind === "news" && typeof body === "string" && body !== "") {
    const known = Array.isArray(draft.body_images) ? (draft.body_images as BodyImage[]) : [];
    const kept = [...(before && "body_images" in before ? (before.body_images ?? []) : []), ...trusted];
    for (const image of known) {
      if (
        origin.from === "uploads" &&
        !kept.some((old) => old.src === image.src) &&
        !(await isStoredUpload(store, image))
      ) {
        return refuse(`body image ${image.src} is not an uploaded image`, {
          [spec.bodyKey]: `The image ${image.src} is not one uploaded here. Upload it again.`,
        });
      }
    }
    const uploaded = await uploadBodyImages(
      body,
      origin.from === "files" ? origin.dir : undefined,
      store,
      known,
    );
    if (!uploaded.ok) return refuse(uploaded.message, { [spec.bodyKey]: uploaded.message });
    draft = { ...draft, [spec.bodyKey]: uploaded.value.content, body_images: uploaded.value.images };
    bodyImages.push(...uploaded.value.images);
  }
  if (spec.kind === "news" && bodyImages.length === 0) draft = { ...draft, body_images: undefined };
  const images = await uploadImages(spec, draft, store, origin, before, trusted);
  if (!images.ok) return images;
  const item = check(spec, { ...toCandidate(spec, draft, images.value), ...timestamps });
  if (!item.ok) return item;
  return { ok: true, value: { item: item.value, uploaded: [...Object.values(images.value), ...bodyImages] } };
}

/**
 * A news post's category as the list spells it (docs/decisions/043-news-form-and-categories.md):
 * a new name from the command line joins the list; the workspace's form chooses from it.
 */
async function withListedCategory(
  ctx: ContentContext,
  draft: Draft,
  origin: ImageOrigin,
): Promise<Outcome<Draft>> {
  const category = draft.category;
  if (typeof category !== "string" || category === "") return { ok: true, value: draft };
  const listed = await resolvePostCategory(ctx.db, category, origin.from === "files" ? "add" : "refuse");
  return listed.ok ? { ok: true, value: { ...draft, category: listed.value } } : listed;
}

const auditTarget = (kind: ContentKind, id: string) => `${kind}/${id}`;

export type NewContent = {
  fields: Draft;
  /** From 1, as typed; default: where the kind adds (news first, the others last). */
  position?: string;
  status: ContentStatus;
  origin: ImageOrigin;
};

/** Adds an item; its id is made from the title unless given. */
export async function createContent(
  ctx: ContentContext,
  kind: ContentKind,
  input: NewContent,
): Promise<Outcome<ContentRecord>> {
  const now = ctx.now();
  const spec = contentKindSpecs[kind];
  const { db } = ctx;
  const draft: Draft = { ...input.fields };
  const position =
    input.position === undefined ? undefined : parsePosition(input.position, MAX_CONTENT_POSITION);
  if (position && !position.ok) return refuse(position.message, { position: asSentence(position.message) });
  if (draft.id === undefined && typeof draft.title === "string") draft.id = slugify(draft.title);
  if (kind === "news" && !draft.date) draft.date = agencyDateOf(now);
  const timestamps: Record<string, string> =
    kind === "projects" ? { created_at: now.toISOString(), updated_at: now.toISOString() } : {};
  const taken = () =>
    refuse(`${spec.one} ${String(draft.id)} exists already; choose another --id, or edit it`, {
      id: `Another ${spec.one} has the ${contentIdLabels[kind].toLowerCase()} ${String(draft.id)}. Choose another.`,
    });
  // Checked before the images are converted; the insert checks again.
  if (typeof draft.id === "string" && (await findContent(db, kind, draft.id))) return taken();
  const categorised = kind === "news" ? await withListedCategory(ctx, draft, input.origin) : undefined;
  if (categorised && !categorised.ok) return categorised;
  const built = await buildItem(ctx, spec, categorised?.value ?? draft, timestamps, input.origin);
  if (!built.ok) return built;
  const { item, uploaded } = built.value;
  const { actor } = ctx;
  try {
    const record = await insertContent(db, kind, item, {
      position: position?.value ?? (spec.addsAt === "first" ? 1 : undefined),
      status: input.status,
      now,
      audit: (added) => ({
        ...actor,
        action: "content.create",
        target: auditTarget(kind, added.id),
        detail: { status: added.status, position: added.position },
        revision: { document: contentDocumentOf(added.item) },
      }),
    });
    return { ok: true, value: record };
  } catch (error) {
    if (!(error instanceof ContentIdTakenError)) throw error;
    await removeUnusedImages(ctx, uploaded);
    return taken();
  }
}

export type ContentChange = {
  fields: Draft;
  origin: ImageOrigin;
  /** Why, when not an edit: "Restored revision 12", kept with the revision. */
  note?: string;
  /** Images checked when an earlier revision was saved, which a restore names again. */
  trusted?: Image[];
  /**
   * The version (newest revision) the form was loaded with: the save is refused while a
   * newer one exists (docs/decisions/066-concurrent-editing.md). Left out, not checked.
   */
  baseVersion?: number | null;
};

/** Replaces the fields given (an optional one given as "" is removed); the others stay. */
export async function changeContent(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  change: ContentChange,
): Promise<Outcome<{ record: ContentRecord; removedFiles: number }>> {
  const now = ctx.now();
  const spec = contentKindSpecs[kind];
  const { db } = ctx;
  const existing = await findContent(db, kind, id);
  if (!existing) return missing(spec, id);
  const stale = await checkUnchangedSince(db, auditTarget(kind, id), change.baseVersion);
  if (stale) return stale;
  let draft: Draft = { ...(existing.item as unknown as Draft), ...change.fields, id };
  // Only a changed category is looked up: a post keeps the one it has.
  const newCategory = change.fields.category;
  if (
    kind === "news" &&
    newCategory !== undefined &&
    newCategory !== (existing.item as { category?: string }).category
  ) {
    const categorised = await withListedCategory(ctx, draft, change.origin);
    if (!categorised.ok) return categorised;
    draft = categorised.value;
  }
  const timestamps: Record<string, string> = kind === "projects" ? { updated_at: now.toISOString() } : {};
  const built = await buildItem(ctx, spec, draft, timestamps, change.origin, existing.item, change.trusted);
  if (!built.ok) return built;
  const { item } = built.value;
  const changed = Object.keys(change.fields).filter((key) => key !== "id" && key !== "body_images");
  const updated = await updateContent(db, kind, item, now, (done) =>
    done
      ? {
          ...ctx.actor,
          action: "content.update",
          target: auditTarget(kind, id),
          // A restore's note ("Restored revision 4") lets the audit log say which version came back.
          detail: { fields: changed, ...(change.note ? { note: change.note } : {}) },
          revision: {
            document: contentDocumentOf(item),
            note: change.note,
            before: contentDocumentOf(existing.item),
          },
        }
      : undefined,
  );
  if (!updated) return missing(spec, id);
  const kept = new Set(imagesOf(spec, item).map((image) => image.src));
  const replaced = imagesOf(spec, existing.item).filter((image) => !kept.has(image.src));
  const removedFiles = await removeUnusedImages(ctx, replaced);
  const record = await findContent(db, kind, id);
  if (!record) return missing(spec, id);
  // Saved for real: the text the form kept by itself is no longer needed.
  await discardDraft(ctx, auditTarget(kind, id));
  return { ok: true, value: { record, removedFiles } };
}

/** Publishes or hides an item; `changed` is false when it already was so (nothing recorded). */
export async function changeContentStatus(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  status: ContentStatus,
): Promise<Outcome<{ record: ContentRecord; changed: boolean }>> {
  const now = ctx.now();
  const spec = contentKindSpecs[kind];
  const record = await findContent(ctx.db, kind, id);
  if (!record) return missing(spec, id);
  if (record.status === status) return { ok: true, value: { record, changed: false } };
  const action = status === "published" ? "content.publish" : "content.unpublish";
  const done = await setContentStatus(ctx.db, kind, id, status, now, (updated) =>
    updated ? { ...ctx.actor, action, target: auditTarget(kind, id) } : undefined,
  );
  const after = done && (await findContent(ctx.db, kind, id));
  if (!after) return missing(spec, id);
  return { ok: true, value: { record: after, changed: true } };
}

/** Moves an item to a place in the list (clamped to its length), the others shifting. */
export async function moveContentTo(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
  positionText: string,
): Promise<Outcome<ContentRecord>> {
  const spec = contentKindSpecs[kind];
  // News is in date order, newest first (docs/decisions/042-preview-and-scheduled-publishing.md).
  if (kind === "news") {
    return refuse("news is in date order, newest first; pin a post above the others with `news feature`", {
      position: "News is in date order, newest first. Feature a post to pin it above the others.",
    });
  }
  const position = parsePosition(positionText, MAX_CONTENT_POSITION);
  if (!position.ok) return refuse(position.message, { position: asSentence(position.message) });
  const before = await findContent(ctx.db, kind, id);
  if (!before) return missing(spec, id);
  const moved = await moveContent(ctx.db, kind, id, position.value, (done) =>
    done
      ? {
          ...ctx.actor,
          action: "content.move",
          target: auditTarget(kind, id),
          detail: { from: before.position, to: position.value },
        }
      : undefined,
  );
  const after = moved && (await findContent(ctx.db, kind, id));
  if (!after) return missing(spec, id);
  return { ok: true, value: after };
}

/** Deletes an item, then the uploaded images nothing else shows; answers how many files went. */
export async function removeContent(
  ctx: ContentContext,
  kind: ContentKind,
  id: string,
): Promise<Outcome<{ removedFiles: number }>> {
  const spec = contentKindSpecs[kind];
  const record = await findContent(ctx.db, kind, id);
  if (!record) return missing(spec, id);
  const revisionImages = (await listRevisions(ctx.db, auditTarget(kind, id))).flatMap((revision) =>
    imagesOfDocument(revision.document as Record<string, unknown>),
  );
  const deleted = await deleteContent(ctx.db, kind, id, (done) =>
    // Its history goes with it, and with that the hold its revisions had on image files.
    done
      ? { ...ctx.actor, action: "content.remove", target: auditTarget(kind, id), forgetRevisions: true }
      : undefined,
  );
  if (!deleted) return missing(spec, id);
  await dropEditorDrafts(ctx.db, auditTarget(kind, id));
  const images = [...imagesOf(spec, record.item), ...revisionImages];
  return { ok: true, value: { removedFiles: await removeUnusedImages(ctx, images) } };
}

/**
 * An image the workspace uploads for a field (or, as "body", for a news article's text):
 * checked and converted as the CLI's files are. Nothing shows it until an item that names
 * it is saved.
 */
export async function uploadContentImage(
  ctx: Pick<ContentContext, "db" | "config">,
  kind: ContentKind,
  input: { field: string; alt?: string; bytes: Buffer },
): Promise<Outcome<{ field: string; image: BodyImage; alt?: string }>> {
  const spec = contentKindSpecs[kind];
  const recipe =
    input.field === "body" ? bodyImageRecipe : spec.fields.find((field) => field.key === input.field)?.recipe;
  if (!recipe)
    return refuse(`field "${input.field}" takes no image`, { field: "That field takes no image." });
  try {
    const upload = checkImageBytes("The file", input.bytes);
    const processed = await createImageVariants(upload, createUploadStore(ctx.config, ctx.db), recipe);
    const image: BodyImage = {
      src: processed.largest.url,
      width: processed.largest.width,
      height: processed.largest.height,
      sources: toImageSources(processed.variants),
    };
    return { ok: true, value: { field: input.field, image, ...(input.alt ? { alt: input.alt } : {}) } };
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return refuse(error.message, { file: asSentence(error.message) });
    throw error;
  }
}
