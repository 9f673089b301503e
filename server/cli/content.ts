import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { findContent, listContent, type ContentKind, type ContentRecord } from "#server/db/content-items.ts";
import type { ContentStatus } from "#shared/content-fields.ts";
import type { Image } from "#shared/content-types.ts";
import { normaliseText } from "#shared/forms/text-hygiene.ts";
import { paths } from "#shared/paths.ts";
import { type CliContext, operationContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import {
  changeContent,
  changeContentStatus,
  createContent,
  moveContentTo,
  removeContent,
  cleanFieldValue,
  type Draft,
} from "#server/operations/content/content-operations.ts";
import { contentKindSpecs, optionKey, type ContentKindSpec } from "./content-fields";
import { formatDetails, formatTable, type Column } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import type { Parsed } from "#server/operations/input.ts";
import { describePublishState } from "#shared/publish-time.ts";

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
      draft.id = cleanFieldValue({ key, label: "Id", flag: "id", type: "line", help: "" }, value);
      continue;
    }
    if (!field) return { ok: false, message: `${file}: unknown field "${key}"` };
    // An image named in the file is a file beside it.
    draft[key] =
      field.type === "image" && typeof value === "string"
        ? path.resolve(path.dirname(file), value)
        : cleanFieldValue(field, value);
  }
  return { ok: true, value: draft };
}

/** The fields given as flags, over those read from a file. */
function readFlags(spec: ContentKindSpec, options: ContentOptions, draft: Draft): Draft {
  const merged = { ...draft };
  for (const field of spec.fields) {
    const value = options[optionKey(field.flag)];
    if (value === undefined || typeof value === "boolean") continue;
    merged[field.key] = cleanFieldValue(field, value);
  }
  return merged;
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

export async function addContent(ctx: CliContext, kind: ContentKind, options: ContentOptions) {
  const spec = contentKindSpecs[kind];
  const { out } = ctx;
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
  if (options.id !== undefined) draft.id = options.id;
  const status: ContentStatus = options.draft ? "draft" : "published";
  const added = await createContent(operationContext(ctx), kind, {
    fields: draft,
    position: options.position,
    status,
    origin: { from: "files", dir: withBody.value.bodyDir },
  });
  if (!added.ok) return fail(out, added.message);
  const record = added.value;
  printLine(
    out,
    status === "draft"
      ? `Added ${spec.one} ${record.id} as a draft at position ${record.position}; visitors see it once you run "${kind} publish ${record.id}".`
      : `Added ${spec.one} ${record.id} at position ${record.position}; it shows on ${spec.page} now.`,
  );
  return exitCodes.ok;
}

export async function editContent(
  ctx: CliContext,
  kind: ContentKind,
  id: string,
  options: ContentOptions,
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const { out, db } = ctx;
  const existing = await findContent(db, kind, id);
  if (!existing) return fail(out, `unknown ${spec.one} ${id}`);
  let draft: Draft = {};
  if (options.fromFile) {
    const read = await readItemFile(spec, options.fromFile);
    if (!read.ok) return fail(out, read.message);
    if (read.value.id !== undefined && read.value.id !== id) {
      return fail(out, `${options.fromFile} is for ${String(read.value.id)}, not ${id}; ids do not change`);
    }
    draft = read.value;
  }
  draft = readFlags(spec, options, draft);
  const withBody = await readBody(spec, options, draft);
  if (!withBody.ok) return fail(out, withBody.message);
  const changed = await changeContent(operationContext(ctx), kind, id, {
    fields: withBody.value.draft,
    origin: { from: "files", dir: withBody.value.bodyDir },
  });
  if (!changed.ok) return fail(out, changed.message);
  const { removedFiles } = changed.value;
  const files = removedFiles > 0 ? ` (${plural(removedFiles, "old image file")} deleted)` : "";
  const where = existing.status === "draft" ? "still a draft" : `it shows on ${spec.page} now`;
  printLine(out, `Updated ${spec.one} ${id}${files}; ${where}.`);
  return exitCodes.ok;
}

/** "published", "draft", "scheduled for Mon 30 Nov 2026, 08:00", and ", featured" for a pinned post. */
function statusOf(record: ContentRecord): string {
  const state = describePublishState(record);
  return `${state.charAt(0).toLowerCase()}${state.slice(1)}${record.featured ? ", featured" : ""}`;
}

const listColumns: Column<ContentRecord>[] = [
  { header: "POS", value: (r) => r.position },
  { header: "ID", value: (r) => r.id },
  { header: "STATUS", value: (r) => statusOf(r) },
  { header: "UPDATED", value: (r) => formatLocalDateTime(r.updatedAt) },
  { header: "TITLE", value: (r) => r.item.title },
];

export async function listContentItems(
  { db, out }: CliContext,
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
  { db, out, config }: CliContext,
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
      ["status", statusOf(record)],
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
  ctx: CliContext,
  kind: ContentKind,
  id: string,
  options: { position: string },
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const moved = await moveContentTo(operationContext(ctx), kind, id, options.position);
  if (!moved.ok) return fail(ctx.out, moved.message);
  printLine(ctx.out, `Moved ${spec.one} ${id} to position ${moved.value.position}.`);
  return exitCodes.ok;
}

export async function setContentItemStatus(
  ctx: CliContext,
  kind: ContentKind,
  id: string,
  status: ContentStatus,
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const { out } = ctx;
  const result = await changeContentStatus(operationContext(ctx), kind, id, status);
  if (!result.ok) return fail(out, result.message);
  if (!result.value.changed) {
    printLine(out, `${spec.one} ${id} is ${status === "draft" ? "a draft" : "published"} already.`);
    return exitCodes.ok;
  }
  printLine(
    out,
    status === "published"
      ? `Published ${spec.one} ${id}; it shows on ${spec.page} now.`
      : `${spec.one} ${id} is a draft again; visitors no longer see it.`,
  );
  return exitCodes.ok;
}

export async function removeContentItem(ctx: CliContext, kind: ContentKind, id: string): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const result = await removeContent(operationContext(ctx), kind, id);
  if (!result.ok) return fail(ctx.out, result.message);
  const { removedFiles } = result.value;
  const files = removedFiles > 0 ? `; deleted ${plural(removedFiles, "image file")}` : "";
  printLine(ctx.out, `Removed ${spec.one} ${id}${files}.`);
  return exitCodes.ok;
}
