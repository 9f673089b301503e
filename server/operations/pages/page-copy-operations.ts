import { recordAudit } from "#server/db/audit-log.ts";
import { changingContent } from "#server/db/content-revision.ts";
import { findPageCopy, writePageCopy } from "#server/db/page-copy.ts";
import { recordFirstRevision, recordRevision } from "#server/db/history.ts";
import { pageCopyOf } from "#server/content/page-copy-source.ts";
import {
  copyPages,
  copyTarget,
  isCopyPageName,
  type CopyPageName,
  type PageCopyView,
} from "#shared/copy/copy-pages.ts";
import { describeCopyIssues } from "#shared/copy/copy-issues.ts";
import { normaliseText } from "#shared/forms/text-hygiene.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { checkUnchangedSince, discardDraft } from "#server/operations/editing/editing.ts";
import { notFound, refuse, succeeded, type Outcome } from "#shared/outcome.ts";

/**
 * Reading and saving pages' copy, for the admin CLI and the workspace alike
 * (docs/decisions/039-editable-page-copy.md). A save is checked whole against the page's
 * description; published, it reaches visitors at once (the content revision moves) and
 * is kept as a revision that can be put back.
 */
export type CopyContext = Pick<OperationContext, "db" | "actor" | "now">;

const unknownPage = (page: string) =>
  notFound(`unknown page ${page}: one of ${Object.keys(copyPages).join(", ")}`);

/** Every page whose copy staff edit, in the order the workspace lists them. */
export async function listPageCopy(ctx: CopyContext): Promise<PageCopyView[]> {
  const views: PageCopyView[] = [];
  for (const page of Object.keys(copyPages) as CopyPageName[]) views.push(await viewOf(ctx, page));
  return views;
}

export async function readPageCopy(ctx: CopyContext, page: string): Promise<Outcome<PageCopyView>> {
  return isCopyPageName(page) ? succeeded(await viewOf(ctx, page)) : unknownPage(page);
}

/** The note of a page's first revision: the copy the site was built with. */
export const ORIGINAL_COPY_NOTE = "The page as the site was built, before the first change";

async function viewOf(ctx: CopyContext, page: CopyPageName): Promise<PageCopyView> {
  const stored = await findPageCopy(ctx.db, page);
  const { label, path } = copyPages[page];
  return {
    page,
    label,
    path,
    published: pageCopyOf(page, stored?.published),
    draft: stored?.draft === undefined ? null : pageCopyOf(page, stored.draft),
    customised: stored?.published !== undefined,
    updatedAt: stored?.updatedAt ?? null,
    updatedBy: stored?.updatedBy ?? null,
  };
}

/** Text as it is stored: invisible formatting removed, NFC, "\n" line breaks, no space at either end. */
function cleanDocument(value: unknown): unknown {
  if (typeof value === "string") return normaliseText(value, { multiline: true }).trim();
  if (Array.isArray(value)) return value.map(cleanDocument);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanDocument(item)]));
  return value;
}

export type SavedPageCopy = { page: CopyPageName; path: string; published: boolean; revision: number | null };

/**
 * Saves a page's whole copy. Published (the default), it replaces what visitors see,
 * drops any draft (`keepDraft` keeps it: a restore does not throw away pending work) and
 * becomes a revision, with `note` saying why ("Restored revision 12"); as a draft it is
 * kept beside the published copy, shown only through a preview link.
 */
export async function savePageCopy(
  ctx: CopyContext,
  page: string,
  document: unknown,
  options: { note?: string; draft?: boolean; keepDraft?: boolean; baseVersion?: number | null } = {},
): Promise<Outcome<SavedPageCopy>> {
  if (!isCopyPageName(page)) return unknownPage(page);
  // Only publishing makes a version; a draft kept beside it overwrites nobody's.
  const stale = options.draft
    ? undefined
    : await checkUnchangedSince(ctx.db, copyTarget(page), options.baseVersion);
  if (stale) return stale;
  const schema = copyPages[page].schema;
  const parsed = schema.safeParse(cleanDocument(document));
  if (!parsed.success) {
    const fieldErrors = describeCopyIssues(schema, parsed.error);
    const [path, message] = Object.entries(fieldErrors)[0] ?? ["form", "invalid"];
    return refuse(`${path}: ${message}`, fieldErrors);
  }
  const copy = parsed.data;
  const { actor } = ctx.actor;
  if (options.draft) {
    await ctx.db.transaction().execute(async (trx) => {
      await writePageCopy(trx, page, { draft: copy }, actor);
      await recordAudit(trx, { ...ctx.actor, action: "copy.draft", target: page });
    });
    await discardDraft(ctx, copyTarget(page));
    return succeeded({ page, path: copyPages[page].path, published: false, revision: null });
  }
  // What visitors read before this save: the shipped copy, the first time.
  const shown = (await viewOf(ctx, page)).published;
  const revision = await changingContent(
    ctx.db,
    async (trx) => {
      await recordFirstRevision(trx, {
        target: copyTarget(page),
        document: shown,
        actor,
        note: ORIGINAL_COPY_NOTE,
      });
      await writePageCopy(trx, page, { published: copy, keepDraft: options.keepDraft }, actor);
      return recordRevision(trx, { target: copyTarget(page), document: copy, actor, note: options.note });
    },
    // A restore's note ("Restored revision 4") lets the audit log say which version came back.
    (id) => ({
      ...ctx.actor,
      action: "copy.publish",
      target: page,
      detail: { revision: id, ...(options.note ? { note: options.note } : {}) },
    }),
  );
  await discardDraft(ctx, copyTarget(page));
  return succeeded({ page, path: copyPages[page].path, published: true, revision });
}
