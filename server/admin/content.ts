import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import {
  ContentIdTakenError,
  contentSchemas,
  countContentUsingImage,
  deleteContent,
  findContent,
  insertContent,
  listContent,
  moveContent,
  setContentStatus,
  updateContent,
  type ContentItem,
  type ContentKind,
  type ContentRecord,
} from "../db/content-items";
import type { ContentStatus } from "../db/schema";
import { toImageSources } from "../db/screenshots";
import { createUploadStore, type UploadStore } from "../uploaded-files";
import { UPLOADS_URL_PATH } from "../uploads";
import type { BodyImage, Image } from "../../shared/content-types";
import { agencyDateOf } from "../../shared/forms/appointment";
import { normaliseText } from "../../shared/forms/text-hygiene";
import { paths } from "../../shared/paths";
import { slugify } from "../../shared/slug";
import { exitCodes, fail, plural, printJson, printLine, type AdminContext, type ExitCode } from "./context";
import { uploadBodyImages } from "./article-images";
import { contentKindSpecs, optionKey, type ContentKindSpec, type FieldSpec } from "./content-fields";
import { formatDetails, formatLocalDateTime, formatTable, type Column } from "./format";
import { createImageVariants, ImageRejectedError, readImageUpload, removeImageFiles } from "./images";
import { parsePosition, type Parsed } from "./input";

/**
 * `site-admin projects|news|case-studies …`: content staff change without a release
 * (docs/decisions/014-content-in-the-database.md). Pages read the database on every
 * request, so a change shows on the next page view, in the sitemap too.
 */

/** What commander hands an add or edit: one value per field flag, plus the common ones. */
export type ContentOptions = Record<string, string | string[] | boolean | undefined> & {
  id?: string;
  position?: string;
  draft?: boolean;
  fromFile?: string;
  /** News: the article's Markdown, from a file; images it names beside it are uploaded. */
  bodyFile?: string;
};

/** A field's value before checking: text, a list, an image file to upload, a stored image, or an article's images. */
type Value = string | string[] | Image | BodyImage[];
type Draft = Record<string, Value | undefined>;

/** Lists are short; the cap catches a typo (10000 for 10), and a larger number means "last". */
const MAX_CONTENT_POSITION = 1000;

const flagOf = (spec: ContentKindSpec, key: string) =>
  `--${spec.fields.find((field) => field.key === key)?.flag ?? key}`;

/** Text as it is stored: invisible formatting removed, NFC, "\n" line breaks (the schema refuses the rest). */
function cleanValue(field: FieldSpec, value: unknown): Value | undefined {
  if (field.type === "list") {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => normaliseText(String(item), { multiline: false }).trim());
  }
  if (field.type === "image" && typeof value === "object" && value !== null) return value as Image;
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return normaliseText(String(value), { multiline: field.type === "text" }).trim();
}

/**
 * Reads `--from-file`: JSON with the item's fields, or Markdown whose YAML front matter
 * holds them and whose body is the long text. Image fields name files beside it.
 */
async function readItemFile(spec: ContentKindSpec, file: string): Promise<Parsed<Draft>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    return { ok: false, message: `cannot read ${file}: ${code === "ENOENT" ? "no such file" : code}` };
  }
  let fields: unknown;
  try {
    if (/\.md$/i.test(file)) {
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
      if (!match) return { ok: false, message: `${file}: expected front matter between --- lines` };
      fields = { ...(parseYaml(match[1] ?? "") as object), [spec.bodyKey]: match[2] ?? "" };
    } else if (/\.json$/i.test(file)) {
      fields = JSON.parse(text);
    } else {
      return { ok: false, message: `${file}: expected a .json or .md file` };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { ok: false, message: `${file} could not be read: ${reason}` };
  }
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
    return { ok: false, message: `${file}: expected the ${spec.one}'s fields` };
  }
  const draft: Draft = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = spec.fields.find((candidate) => candidate.key === key);
    if (key === "id") {
      draft.id = cleanValue({ key, flag: "id", type: "line", help: "" }, value);
      continue;
    }
    if (!field) return { ok: false, message: `${file}: unknown field "${key}"` };
    // An image named in the file is a file beside it.
    draft[key] =
      field.type === "image" && typeof value === "string"
        ? path.resolve(path.dirname(file), value)
        : cleanValue(field, value);
  }
  return { ok: true, value: draft };
}

/** The fields given as flags, over those read from a file. */
function readFlags(spec: ContentKindSpec, options: ContentOptions, draft: Draft): Draft {
  const merged = { ...draft };
  for (const field of spec.fields) {
    const value = options[optionKey(field.flag)];
    if (value === undefined || typeof value === "boolean") continue;
    merged[field.key] = cleanValue(field, value);
  }
  return merged;
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

/** The first problem, named by its flag: "--title: is required". */
function describeIssue(spec: ContentKindSpec, error: z.ZodError): string {
  // An id made from a missing title is missing too: the title is what to fix.
  const issue = error.issues.find((candidate) => candidate.path[0] !== "id") ?? error.issues[0];
  if (!issue) return "invalid";
  const [key, index] = issue.path;
  if (key === undefined) return issue.message;
  const name = key === "id" ? "--id" : flagOf(spec, String(key));
  const which = typeof index === "number" ? ` ${index + 1}` : "";
  const message =
    issue.code === "invalid_type" && issue.input === undefined
      ? "is required"
      : issue.code === "invalid_format" && issue.format === "url"
        ? "must be an https:// or http:// link"
        : issue.message;
  return `${name}${which}: ${message}`;
}

function check(spec: ContentKindSpec, candidate: unknown): Parsed<ContentItem> {
  const parsed = contentSchemas[spec.kind].safeParse(candidate);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: describeIssue(spec, parsed.error) };
}

/** Files named for image fields, converted to AVIF and WebP in the upload store. */
async function uploadImages(
  spec: ContentKindSpec,
  draft: Draft,
  store: UploadStore,
): Promise<Parsed<Record<string, Image>>> {
  const images: Record<string, Image> = {};
  for (const field of spec.fields) {
    const file = draft[field.key];
    if (field.type !== "image" || typeof file !== "string" || !field.recipe) continue;
    try {
      const upload = await readImageUpload(file);
      const processed = await createImageVariants(upload, store, field.recipe);
      images[field.key] = {
        src: processed.largest.url,
        width: processed.largest.width,
        height: processed.largest.height,
        sources: toImageSources(processed.variants),
      };
    } catch (error) {
      if (error instanceof ImageRejectedError)
        return { ok: false, message: `${flagOf(spec, field.key)}: ${error.message}` };
      throw error;
    }
  }
  return { ok: true, value: images };
}

/** Every uploaded file an image uses, by URL. */
function uploadedUrls(image: Image): string[] {
  if (!image.src.startsWith(`${UPLOADS_URL_PATH}/content/`)) return [];
  const urls = (image.sources ?? []).flatMap((source) =>
    source.srcset.split(",").map((entry) => entry.trim().split(/\s+/)[0] ?? ""),
  );
  return [...new Set([image.src, ...urls])].filter((url) => url.startsWith(`${UPLOADS_URL_PATH}/content/`));
}

const hashOf = (url: string) => /\/([0-9a-f]{16})-\d+\.\w+$/.exec(url)?.[1];

/** Deletes the files of images no stored item shows any more; answers how many went. */
async function removeUnusedImages(ctx: AdminContext, images: Image[]): Promise<number> {
  const store = createUploadStore(ctx.config, ctx.db);
  let removed = 0;
  for (const image of images) {
    const urls = uploadedUrls(image);
    const hash = urls[0] && hashOf(urls[0]);
    if (!hash || (await countContentUsingImage(ctx.db, hash)) > 0) continue;
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

/** An uploaded image needs words for people who cannot see it (a built-in news image is decoration). */
function needsAltText(spec: ContentKindSpec, draft: Draft): string | undefined {
  if (spec.kind === "news" && typeof draft.image === "string" && !draft.image_alt) {
    return "--image-alt: is required with --image: say what the image shows, for screen readers";
  }
  return undefined;
}

/**
 * The item a draft describes, its image files converted: everything but the images is
 * checked first, so a typo fails before the slow conversion.
 */
async function buildItem(
  ctx: AdminContext,
  spec: ContentKindSpec,
  draft: Draft,
  timestamps: Record<string, string>,
  bodyDir: string,
): Promise<Parsed<{ item: ContentItem; uploaded: Image[] }>> {
  const altProblem = needsAltText(spec, draft);
  if (altProblem) return { ok: false, message: altProblem };
  const first = check(spec, { ...toCandidate(spec, draft), ...timestamps });
  if (!first.ok) return first;
  const store = createUploadStore(ctx.config, ctx.db);
  const body = draft[spec.bodyKey];
  const bodyImages: BodyImage[] = [];
  if (spec.kind === "news" && typeof body === "string" && body !== "") {
    const known = Array.isArray(draft.body_images) ? (draft.body_images as BodyImage[]) : [];
    const uploaded = await uploadBodyImages(body, bodyDir, store, known);
    if (!uploaded.ok) return uploaded;
    draft = { ...draft, [spec.bodyKey]: uploaded.value.content, body_images: uploaded.value.images };
    bodyImages.push(...uploaded.value.images);
  }
  if (spec.kind === "news" && bodyImages.length === 0) draft = { ...draft, body_images: undefined };
  const images = await uploadImages(spec, draft, store);
  if (!images.ok) return images;
  const item = check(spec, { ...toCandidate(spec, draft, images.value), ...timestamps });
  if (!item.ok) return item;
  return { ok: true, value: { item: item.value, uploaded: [...Object.values(images.value), ...bodyImages] } };
}

/** `--body-file`: the article's Markdown, read whole; a missing file is one clear line. */
async function readBodyFile(file: string): Promise<Parsed<string>> {
  try {
    return { ok: true, value: normaliseText(await readFile(file, "utf8"), { multiline: true }).trim() };
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    return { ok: false, message: `cannot read ${file}: ${code === "ENOENT" ? "no such file" : code}` };
  }
}

/**
 * The draft's body from `--body-file` (news), and the folder its images are read from:
 * the body file's, else the `--from-file` Markdown's, else the current one.
 */
async function readBody(
  spec: ContentKindSpec,
  options: ContentOptions,
  draft: Draft,
): Promise<Parsed<{ draft: Draft; bodyDir: string }>> {
  if (!options.bodyFile) {
    return {
      ok: true,
      value: { draft, bodyDir: options.fromFile ? path.dirname(options.fromFile) : process.cwd() },
    };
  }
  const body = await readBodyFile(options.bodyFile);
  if (!body.ok) return body;
  return {
    ok: true,
    value: { draft: { ...draft, [spec.bodyKey]: body.value }, bodyDir: path.dirname(options.bodyFile) },
  };
}

export async function addContent(
  ctx: AdminContext,
  kind: ContentKind,
  options: ContentOptions,
  now = new Date(),
) {
  const spec = contentKindSpecs[kind];
  const { out, db } = ctx;
  let draft: Draft = {};
  if (options.fromFile) {
    const read = await readItemFile(spec, options.fromFile);
    if (!read.ok) return fail(out, read.message);
    draft = read.value;
  }
  draft = readFlags(spec, options, draft);
  const withBody = await readBody(spec, options, draft);
  if (!withBody.ok) return fail(out, withBody.message);
  draft = withBody.value.draft;
  const position =
    options.position === undefined ? undefined : parsePosition(options.position, MAX_CONTENT_POSITION);
  if (position && !position.ok) return fail(out, position.message);
  if (options.id !== undefined) draft.id = options.id;
  if (draft.id === undefined && typeof draft.title === "string") draft.id = slugify(draft.title);
  if (kind === "news" && !draft.date) draft.date = agencyDateOf(now);
  const timestamps: Record<string, string> =
    kind === "projects" ? { created_at: now.toISOString(), updated_at: now.toISOString() } : {};
  const takenMessage = `${spec.one} ${String(draft.id)} exists already; choose another --id, or edit it`;
  // Checked before the images are converted; the insert checks again.
  if (typeof draft.id === "string" && (await findContent(db, kind, draft.id))) return fail(out, takenMessage);
  const built = await buildItem(ctx, spec, draft, timestamps, withBody.value.bodyDir);
  if (!built.ok) return fail(out, built.message);
  const { item, uploaded } = built.value;

  const status: ContentStatus = options.draft ? "draft" : "published";
  let record: ContentRecord;
  try {
    record = await insertContent(db, kind, item, {
      position: position?.value ?? (spec.addsAt === "first" ? 1 : undefined),
      status,
      now,
    });
  } catch (error) {
    if (!(error instanceof ContentIdTakenError)) throw error;
    await removeUnusedImages(ctx, uploaded);
    return fail(out, takenMessage);
  }
  printLine(
    out,
    status === "draft"
      ? `Added ${spec.one} ${record.id} as a draft at position ${record.position}; visitors see it once you run "${kind} publish ${record.id}".`
      : `Added ${spec.one} ${record.id} at position ${record.position}; it shows on ${spec.page} now.`,
  );
  return exitCodes.ok;
}

export async function editContent(
  ctx: AdminContext,
  kind: ContentKind,
  id: string,
  options: ContentOptions,
  now = new Date(),
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const { out, db } = ctx;
  const existing = await findContent(db, kind, id);
  if (!existing) return fail(out, `unknown ${spec.one} ${id}`);
  let draft: Draft = { ...(existing.item as unknown as Draft) };
  if (options.fromFile) {
    const read = await readItemFile(spec, options.fromFile);
    if (!read.ok) return fail(out, read.message);
    if (read.value.id !== undefined && read.value.id !== id) {
      return fail(out, `${options.fromFile} is for ${String(read.value.id)}, not ${id}; ids do not change`);
    }
    draft = { ...draft, ...read.value };
  }
  draft = readFlags(spec, options, draft);
  const withBody = await readBody(spec, options, draft);
  if (!withBody.ok) return fail(out, withBody.message);
  draft = { ...withBody.value.draft, id };
  const timestamps: Record<string, string> = kind === "projects" ? { updated_at: now.toISOString() } : {};
  const built = await buildItem(ctx, spec, draft, timestamps, withBody.value.bodyDir);
  if (!built.ok) return fail(out, built.message);
  const { item } = built.value;

  if (!(await updateContent(db, kind, item, now))) return fail(out, `unknown ${spec.one} ${id}`);
  const kept = new Set(imagesOf(spec, item).map((image) => image.src));
  const replaced = imagesOf(spec, existing.item).filter((image) => !kept.has(image.src));
  const removed = await removeUnusedImages(ctx, replaced);
  const files = removed > 0 ? ` (${plural(removed, "old image file")} deleted)` : "";
  const where = existing.status === "draft" ? "still a draft" : `it shows on ${spec.page} now`;
  printLine(out, `Updated ${spec.one} ${id}${files}; ${where}.`);
  return exitCodes.ok;
}

const listColumns: Column<ContentRecord>[] = [
  { header: "POS", value: (r) => r.position },
  { header: "ID", value: (r) => r.id },
  { header: "STATUS", value: (r) => r.status },
  { header: "UPDATED", value: (r) => formatLocalDateTime(r.updatedAt) },
  { header: "TITLE", value: (r) => r.item.title },
];

export async function listContentItems(
  { db, out }: AdminContext,
  kind: ContentKind,
  options: { json?: boolean; drafts?: boolean } = {},
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const records = (await listContent(db, kind, { includeDrafts: true })).filter(
    (record) => !options.drafts || record.status === "draft",
  );
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    printLine(
      out,
      options.drafts ? `No draft ${kind}.` : `No ${kind}; ${spec.page} shows its empty message.`,
    );
    return exitCodes.ok;
  }
  printLine(out, formatTable(listColumns, records));
  printLine(out);
  const drafts = records.filter((record) => record.status === "draft").length;
  printLine(out, `${plural(records.length, spec.one, spec.many)}, ${plural(drafts, "draft")}.`);
  return exitCodes.ok;
}

function describeValue(value: unknown): string | number | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((entry) => `• ${String(entry)}`).join("\n");
  if (typeof value === "object" && value !== null && "src" in value) {
    const image = value as Image;
    return `${image.src} (${image.width}×${image.height}${image.sources ? ", AVIF and WebP" : ""})`;
  }
  return String(value);
}

/** Where a news post is read: its own page when it has a body (once published), else its article link. */
function pageUrlOf(record: ContentRecord<"news">, siteUrl: string): string {
  const { item } = record;
  if (item.content === undefined) return item.article_link ?? "";
  const url = new URL(paths.newsArticle(item.id), siteUrl).href;
  return record.status === "draft" ? `${url} (once published)` : url;
}

export async function showContentItem(
  { db, out, config }: AdminContext,
  kind: ContentKind,
  id: string,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const record = await findContent(db, kind, id);
  if (!record) return fail(out, `unknown ${spec.one} ${id}`);
  if (options.json) {
    printJson(out, record);
    return exitCodes.ok;
  }
  const fields = record.item as unknown as Record<string, unknown>;
  const { siteUrl } = config.settings;
  printLine(
    out,
    formatDetails([
      ["id", record.id],
      ["status", record.status],
      ["position", record.position],
      ...spec.fields.map((field): [string, string | number | undefined] => [
        field.flag,
        describeValue(fields[field.key]),
      ]),
      ...(record.kind === "news"
        ? [["url", pageUrlOf(record as ContentRecord<"news">, siteUrl)] as [string, string]]
        : []),
      ["created", formatLocalDateTime(record.createdAt)],
      ["updated", formatLocalDateTime(record.updatedAt)],
    ]),
  );
  return exitCodes.ok;
}

export async function moveContentItem(
  { db, out }: AdminContext,
  kind: ContentKind,
  id: string,
  options: { position: string },
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const position = parsePosition(options.position, MAX_CONTENT_POSITION);
  if (!position.ok) return fail(out, position.message);
  if (!(await moveContent(db, kind, id, position.value))) return fail(out, `unknown ${spec.one} ${id}`);
  const moved = await findContent(db, kind, id);
  printLine(out, `Moved ${spec.one} ${id} to position ${moved?.position ?? position.value}.`);
  return exitCodes.ok;
}

export async function setContentItemStatus(
  { db, out }: AdminContext,
  kind: ContentKind,
  id: string,
  status: ContentStatus,
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const record = await findContent(db, kind, id);
  if (!record) return fail(out, `unknown ${spec.one} ${id}`);
  if (record.status === status) {
    printLine(out, `${spec.one} ${id} is ${status === "draft" ? "a draft" : "published"} already.`);
    return exitCodes.ok;
  }
  await setContentStatus(db, kind, id, status);
  printLine(
    out,
    status === "published"
      ? `Published ${spec.one} ${id}; it shows on ${spec.page} now.`
      : `${spec.one} ${id} is a draft again; visitors no longer see it.`,
  );
  return exitCodes.ok;
}

export async function removeContentItem(ctx: AdminContext, kind: ContentKind, id: string): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const record = await findContent(ctx.db, kind, id);
  if (!record) return fail(ctx.out, `unknown ${spec.one} ${id}`);
  if (!(await deleteContent(ctx.db, kind, id))) return fail(ctx.out, `unknown ${spec.one} ${id}`);
  const removed = await removeUnusedImages(ctx, imagesOf(spec, record.item));
  const files = removed > 0 ? `; deleted ${plural(removed, "image file")}` : "";
  printLine(ctx.out, `Removed ${spec.one} ${id}${files}.`);
  return exitCodes.ok;
}
