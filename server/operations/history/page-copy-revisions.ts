import { z } from "zod";
import { readPageCopy, savePageCopy } from "#server/operations/pages/page-copy-operations.ts";
import { copyFields } from "#shared/copy/copy-fields.ts";
import { copyPages, copyTarget, isCopyPageName, type CopyPageName } from "#shared/copy/copy-pages.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import type { RevisionKind } from "./revision-kind";

/**
 * A page's copy: "page:<name>", or the page's name alone ("home"), as the workspace and
 * `pages show` name it. A restore publishes the restored copy and leaves a pending draft
 * as it is: the draft is someone's unfinished work, which a restore must not throw away.
 */

const prefix = "page:";

function pageOf(target: string): CopyPageName {
  const page = target.slice(prefix.length);
  if (!target.startsWith(prefix) || !isCopyPageName(page))
    throw new Error(`not a page copy target: ${target}`);
  return page;
}

function resolve(name: string): string | undefined {
  const page = name.startsWith(prefix) ? name.slice(prefix.length) : name;
  return isCopyPageName(page) ? copyTarget(page) : undefined;
}

export const pageCopyRevisions: RevisionKind = {
  resolve,
  names: "a page's copy as its name or page:<name> (home, page:about)",
  area: "content",
  describe(_ctx, target) {
    const page = pageOf(target);
    const { label, path } = copyPages[page];
    return Promise.resolve({
      label: `${label} page copy`,
      viewPath: path,
      editPath: staffPath(staffPaths.pageEdit, { page }),
    });
  },
  async read(ctx, target) {
    const view = await readPageCopy(ctx, pageOf(target));
    return view.ok ? view.value.published : undefined;
  },
  restore: (ctx, target, document, note) =>
    savePageCopy(ctx, pageOf(target), document, { note, keepDraft: true }),
  labelsFor(target) {
    const schema = copyPages[pageOf(target)].schema;
    // Walks the page's schema along the path: each field and group names itself as the
    // copy form does ("Hero › Line above the headline"); list entries keep their numbers.
    return (path) => {
      let field: z.ZodType | undefined = schema;
      for (const key of path) {
        if (field instanceof z.ZodObject) field = (field.shape as Record<string, z.ZodType>)[key];
        else if (field instanceof z.ZodArray) field = field.element as z.ZodType;
        else return undefined;
      }
      return field && copyFields.get(field)?.label;
    };
  },
};
