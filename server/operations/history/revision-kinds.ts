import { contentRevisions } from "./content-revisions";
import { pageCopyRevisions } from "./page-copy-revisions";
import type { RevisionKind } from "./revision-kind";
import { settingsRevisions } from "./settings-revisions";
import { snippetRevisions } from "./snippet-revisions";

/**
 * Every kind of thing whose history the CLI and the workspace show, tried in order on a
 * target's name. A new kind is one line here and one module like content-revisions.ts.
 * Page copy comes last: it takes a page's bare name ("home"), which no other kind does.
 */
export const revisionKinds: readonly RevisionKind[] = [
  contentRevisions,
  settingsRevisions,
  snippetRevisions,
  pageCopyRevisions,
];
