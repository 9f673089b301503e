import { topLevelLabels } from "./revision-diff";
import { findContent } from "#server/db/content-items.ts";
import { changeContent, type Draft } from "#server/operations/content/content-operations.ts";
import { contentDocumentOf, imagesOfDocument } from "#server/operations/content/content-document.ts";
import { notFound } from "#shared/outcome.ts";
import { contentKindSpecs, isContentKind, type ContentKind } from "#shared/content-fields.ts";
import { paths } from "#shared/paths.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import type { RevisionKind } from "./revision-kind";

/** Projects, news posts and case studies: "<kind>/<id>", as the audit log names them. */

function parse(target: string): { kind: ContentKind; id: string } | undefined {
  const match = /^([a-z-]+)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(target);
  if (!match?.[1] || !match[2] || !isContentKind(match[1])) return undefined;
  return { kind: match[1], id: match[2] };
}

function partsOf(target: string): { kind: ContentKind; id: string } {
  const parts = parse(target);
  if (!parts) throw new Error(`not a content target: ${target}`);
  return parts;
}

function viewPathOf(kind: ContentKind, id: string, document: Record<string, unknown> | undefined) {
  if (kind === "case-studies") return paths.caseStudy(id);
  if (kind === "news") return document?.content === undefined ? paths.news : paths.newsArticle(id);
  return paths.projects;
}

export const contentRevisions: RevisionKind = {
  resolve: (name) => (parse(name) ? name : undefined),
  names: "a content item as news/<id>, projects/<id> or case-studies/<id>",
  area: "content",
  async describe(ctx, target) {
    const { kind, id } = partsOf(target);
    const spec = contentKindSpecs[kind];
    const record = await findContent(ctx.db, kind, id);
    const one = spec.one.charAt(0).toUpperCase() + spec.one.slice(1);
    if (!record) return { label: `${one} ${id} (deleted)` };
    return {
      label: `${one} “${record.item.title}”`,
      viewPath: viewPathOf(kind, id, contentDocumentOf(record.item)),
      editPath: staffPath(staffPaths.contentEdit, { kind, id }),
    };
  },
  async read(ctx, target) {
    const { kind, id } = partsOf(target);
    const record = await findContent(ctx.db, kind, id);
    return record && contentDocumentOf(record.item);
  },
  async restore(ctx, target, document, note) {
    const { kind, id } = partsOf(target);
    const spec = contentKindSpecs[kind];
    const record = await findContent(ctx.db, kind, id);
    if (!record) return notFound(`${spec.one} ${id} has been deleted; its history cannot be put back`);
    const old = document as Record<string, unknown>;
    // Every field the item has now but the revision had not is cleared, so it comes back exactly.
    const cleared = Object.keys(contentDocumentOf(record.item)).map((key) => [key, undefined]);
    const fields = { ...Object.fromEntries(cleared), ...old } as Draft;
    return changeContent(ctx, kind, id, {
      fields,
      origin: { from: "uploads" },
      note,
      trusted: imagesOfDocument(old),
    });
  },
  labelsFor(target) {
    const { fields } = contentKindSpecs[partsOf(target).kind];
    return topLevelLabels((key) => fields.find((field) => field.key === key)?.label);
  },
};
