/**
 * What a revision changed, field by field, as the workspace shows it and the CLI prints
 * it (docs/decisions/041-revisions.md). Computed on the server; the page only draws it.
 */

/** A run of words: kept, or only in the newer (added) or the older (removed) text. */
export type WordChange = { text: string; added?: true; removed?: true };

export type FieldChange = {
  /** The field's place in the document, for keys: "cards.2.title". */
  path: string;
  /** The same in words: "Value cards › 2 › Title". */
  label: string;
  /** changed: a value differs; added or removed: a field or a list entry came or went. */
  change: "changed" | "added" | "removed";
  before?: string;
  after?: string;
  /** For changed text, word by word; absent when the texts are too far apart to say usefully. */
  words?: WordChange[];
};

/** One revision as a history lists it. */
export type RevisionEntry = {
  id: number;
  /** Its place in its target's history, from 1 for the first kept: numbered per target, without gaps. */
  number: number;
  savedAt: string;
  actor: string;
  note: string | null;
  /** Against the revision before it; every field as added for the first one kept. */
  changes: FieldChange[];
};

/** A target's history: what it is, where it shows, and its revisions newest first. */
export type RevisionHistory = {
  target: string;
  label: string;
  /** Where visitors read it, when it has one page. */
  viewPath?: string;
  /** Where staff edit it in the workspace. */
  editPath?: string;
  revisions: RevisionEntry[];
};
