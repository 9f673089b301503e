import { contentRevisions } from "./content-revisions";
import type { RevisionKind } from "./revision-kind";

/**
 * Every kind of thing whose history the CLI and the workspace show, tried in order on a
 * target's name. A new kind is one line here and one module like content-revisions.ts.
 */
export const revisionKinds: readonly RevisionKind[] = [contentRevisions];
