import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { previewLinkLimits } from "#server/auth/preview-links.ts";
import { createCopyPreviewLink } from "#server/operations/pages/copy-preview.ts";
import { listPageCopy, readPageCopy, savePageCopy } from "#server/operations/pages/page-copy-operations.ts";
import { copyFields } from "#shared/copy/copy-fields.ts";
import { copyPages, isCopyPageName } from "#shared/copy/copy-pages.ts";
import { fieldAt } from "#shared/copy/copy-issues.ts";
import { operationContext, type CliContext } from "./context";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";

/** `pages list`: every page whose copy staff edit, and whether it still shows the shipped copy. */
export async function listCopyPages(ctx: CliContext, options: { json?: boolean }): Promise<ExitCode> {
  const pages = await listPageCopy(operationContext(ctx));
  if (options.json) {
    printJson(
      ctx.out,
      pages.map(({ page, label, path, customised, draft, updatedAt, updatedBy }) => ({
        page,
        label,
        path,
        customised,
        hasDraft: draft !== null,
        updatedAt,
        updatedBy,
      })),
    );
    return exitCodes.ok;
  }
  for (const view of pages) {
    const state = view.customised
      ? `edited ${view.updatedAt ?? ""} by ${view.updatedBy ?? ""}`
      : "as shipped";
    printLine(
      ctx.out,
      `${view.page.padEnd(26)}${view.path.padEnd(32)}${state}${view.draft ? ", draft" : ""}`,
    );
  }
  return exitCodes.ok;
}

/** The copy as an outline: each field's label and value, lists numbered, indented by depth. */
function outline(schema: z.ZodType, value: unknown, path: PropertyKey[], depth: number, lines: string[]) {
  const field = fieldAt(schema, path);
  const meta = field && copyFields.get(field);
  const indent = "  ".repeat(depth);
  if (Array.isArray(value)) {
    lines.push(`${indent}${meta?.label ?? String(path.at(-1))}:`);
    value.forEach((item, index) => {
      if (typeof item === "object" && item !== null) {
        lines.push(`${indent}  ${index + 1}.`);
        outline(schema, item, [...path, index], depth + 2, lines);
      } else lines.push(`${indent}  ${index + 1}. ${String(item)}`);
    });
  } else if (typeof value === "object" && value !== null) {
    if (depth > 0 && meta?.kind === "group") lines.push(`${indent}${meta.label}:`);
    const inner = depth > 0 && meta?.kind === "group" ? depth + 1 : depth;
    for (const [key, item] of Object.entries(value)) outline(schema, item, [...path, key], inner, lines);
  } else {
    lines.push(`${indent}${meta?.label ?? String(path.at(-1))}: ${String(value)}`);
  }
}

/** `pages show PAGE`: the copy visitors see, as an outline or (--json) the document `pages set` takes back. */
export async function showCopy(
  ctx: CliContext,
  page: string,
  options: { json?: boolean; draft?: boolean },
): Promise<ExitCode> {
  const outcome = await readPageCopy(operationContext(ctx), page);
  if (!outcome.ok) return fail(ctx.out, outcome.message);
  const view = outcome.value;
  if (options.draft && view.draft === null) return fail(ctx.out, `${page} has no draft`);
  const document = options.draft ? view.draft : view.published;
  if (options.json) {
    printJson(ctx.out, document);
    return exitCodes.ok;
  }
  const lines = [`${view.label} (${view.path})${options.draft ? ", draft" : ""}`];
  outline(copyPages[view.page].schema, document, [], 1, lines);
  printLine(ctx.out, lines.join("\n"));
  return exitCodes.ok;
}

/** `pages set PAGE --from-file FILE`: the whole copy from the JSON `pages show --json` prints. */
export async function setCopy(
  ctx: CliContext,
  page: string,
  options: { fromFile: string; draft?: boolean; note?: string },
): Promise<ExitCode> {
  let document: unknown;
  try {
    document = JSON.parse(await readFile(options.fromFile, "utf8"));
  } catch (error) {
    const reason = error instanceof SyntaxError ? "is not JSON" : "cannot be read";
    return fail(ctx.out, `${options.fromFile} ${reason}`);
  }
  const outcome = await savePageCopy(operationContext(ctx), page, document, options);
  if (!outcome.ok) {
    const problems = Object.entries(outcome.fieldErrors);
    if (problems.length === 0) return fail(ctx.out, outcome.message);
    for (const [path, message] of problems) ctx.out.stderr(`error: ${path}: ${message}\n`);
    return exitCodes.failed;
  }
  const { published, revision, path } = outcome.value;
  printLine(
    ctx.out,
    published
      ? `Published the copy of ${page} (revision ${revision ?? ""}): ${ctx.config.settings.siteUrl}${path}`
      : `Saved a draft of ${page}; see it with: site-admin pages preview ${page}`,
  );
  return exitCodes.ok;
}

/** `pages preview PAGE`: a link that shows the page's draft until it expires. */
export async function previewCopy(
  ctx: CliContext,
  page: string,
  options: { hours?: string },
): Promise<ExitCode> {
  if (!isCopyPageName(page)) return fail(ctx.out, `unknown page ${page}`);
  const hours = Number(options.hours ?? previewLinkLimits.defaultHours);
  if (!Number.isInteger(hours) || hours < 1 || hours > previewLinkLimits.maxHours)
    return fail(ctx.out, `--hours must be a whole number from 1 to ${previewLinkLimits.maxHours}`);
  const made = await createCopyPreviewLink(operationContext(ctx), page, hours);
  if (!made.ok) return fail(ctx.out, made.message);
  printLine(ctx.out, `${ctx.config.settings.siteUrl}${made.value.path}`);
  printLine(
    ctx.out,
    `Valid until ${made.value.expiresAt}. Revoke it with: site-admin previews revoke ${made.value.id}`,
  );
  return exitCodes.ok;
}
