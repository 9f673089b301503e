import { topLevelLabels } from "./revision-diff";
import { readPageSnippet, savePageSnippet } from "#server/operations/snippets/snippets.ts";
import { isSnippetPage, snippetPages, type SnippetPage } from "#shared/snippet-pages.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import type { RevisionKind } from "./revision-kind";

/** A page's search snippet: "snippet:<page>", as its saves record it. */

const prefix = "snippet:";

function pageOf(target: string): SnippetPage {
  const page = target.slice(prefix.length);
  if (!target.startsWith(prefix) || !isSnippetPage(page)) throw new Error(`not a snippet target: ${target}`);
  return page;
}

const labels: Record<string, string> = { description: "Description", image: "Social image" };

export const snippetRevisions: RevisionKind = {
  resolve: (name) => (name.startsWith(prefix) && isSnippetPage(name.slice(prefix.length)) ? name : undefined),
  names: "a page's search snippet as snippet:<page> (snippet:home)",
  area: "content",
  describe(_ctx, target) {
    const page = pageOf(target);
    const { title, path } = snippetPages[page];
    return Promise.resolve({
      label: `${title} page search snippet`,
      viewPath: path,
      editPath: staffPath(staffPaths.snippetEdit, { page }),
    });
  },
  async read(ctx, target) {
    const snippet = await readPageSnippet(ctx.db, pageOf(target));
    return snippet.ok ? snippet.value.saved : undefined;
  },
  restore: (ctx, target, document, note) => savePageSnippet(ctx, pageOf(target), document, { note }),
  labelsFor: () => topLevelLabels((key) => labels[key]),
};
