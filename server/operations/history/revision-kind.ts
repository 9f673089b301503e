import type { OperationContext } from "#server/operations/context.ts";
import type { Outcome } from "#shared/outcome.ts";
import type { WorkspaceArea } from "#shared/staff-roles.ts";
import type { LabelOf } from "./revision-diff";

/** What a history shows about its target besides the revisions. */
export type TargetSummary = {
  /** "News post “Launch day”", "Site settings", "Home page copy". */
  label: string;
  /** Where visitors read it, when it has one page. */
  viewPath?: string;
  /** Where staff edit it in the workspace. */
  editPath?: string;
};

/**
 * One kind of thing whose saves keep revisions (docs/decisions/041-revisions.md): settings,
 * a page's copy, a page's search snippet, a content item. Registering a kind in
 * revision-kinds.ts gives it history, diff and restore in the CLI and the workspace.
 */
export type RevisionKind = {
  /** The target a name someone typed stands for, when it is this kind's ("home" → "page:home"); else undefined. */
  resolve(name: string): string | undefined;
  /** How its targets are named, for a message about a name that is none: "news/<id>, projects/<id> or case-studies/<id>". */
  names: string;
  /** The workspace area whose roles may see and restore it (shared/staff-roles.ts). */
  area: WorkspaceArea;
  describe(ctx: OperationContext, target: string): Promise<TargetSummary>;
  /** The document as it is now, as its revisions keep it; undefined when it is gone. */
  read(ctx: OperationContext, target: string): Promise<unknown>;
  /**
   * Saves `document` through the kind's own save operation with `note`, so that the
   * restore is checked as any save is and is itself a new revision.
   */
  /** The time is the context's clock, which a policy's proof is checked against (decision 048). */
  restore(ctx: OperationContext, target: string, document: unknown, note: string): Promise<Outcome<unknown>>;
  /** Names the target's top-level fields as its form does; others are spelt out from their keys. */
  labelsFor?(target: string): LabelOf;
};
