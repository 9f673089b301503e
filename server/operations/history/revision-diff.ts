import { diffArrays, diffWordsWithSpace } from "diff";
import type { FieldChange, WordChange } from "#shared/staff-history.ts";

/**
 * The fields two saved documents differ in, for people (docs/decisions/041-revisions.md).
 * Works on any JSON: objects become labelled fields ("Value cards › 2 › Title"), lists
 * are lined up entry by entry (an entry added or removed in the middle is that, not a
 * change to every entry after it), and changed text is compared word by word.
 */

/**
 * Names a field for people as its form does, given its place in the document (["hero",
 * "eyebrow"]; list entries by number, from 1); undefined: the generic rule.
 */
export type LabelOf = (path: readonly string[]) => string | undefined;

/** A LabelOf for documents whose forms name only their top-level fields. */
export const topLevelLabels =
  (label: (key: string) => string | undefined): LabelOf =>
  (path) =>
    path.length === 1 && path[0] !== undefined ? label(path[0]) : undefined;

const separator = " › ";
/** Beyond this many edits two texts are shown whole, before and after: the word diff stops paying. */
const maxWordEdits = 400;

/** "value_cards" or "valueCards" → "Value cards". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Place = { path: string[]; label: string[] };

const child = (place: Place, key: string, label: string): Place => ({
  path: [...place.path, key],
  label: [...place.label, label],
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as one text: scalars as they are, a list or group as its fields, a line each. */
export function describeValue(value: unknown, labelOf?: LabelOf, path: readonly string[] = []): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    return value
      .map((entry, index) => describeValue(entry, labelOf, [...path, String(index + 1)]))
      .join("\n");
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, entry]) => {
        const label = labelOf?.([...path, key]) ?? humanise(key);
        return `${label}: ${describeValue(entry, labelOf, [...path, key])}`;
      })
      .join("\n");
  }
  return JSON.stringify(value);
}

function change(
  place: Place,
  kind: FieldChange["change"],
  before: unknown,
  after: unknown,
  labelOf?: LabelOf,
): FieldChange {
  const entry: FieldChange = {
    path: place.path.join("."),
    label: place.label.join(separator),
    change: kind,
  };
  if (kind !== "added") entry.before = describeValue(before, labelOf, place.path);
  if (kind !== "removed") entry.after = describeValue(after, labelOf, place.path);
  if (kind === "changed" && typeof before === "string" && typeof after === "string") {
    const words = compareWords(before, after);
    if (words) entry.words = words;
  }
  return entry;
}

function compareWords(before: string, after: string): WordChange[] | undefined {
  const parts = diffWordsWithSpace(before, after, { maxEditLength: maxWordEdits });
  if (!parts) return undefined;
  return parts.map((part) => ({
    text: part.value,
    ...(part.added ? { added: true as const } : {}),
    ...(part.removed ? { removed: true as const } : {}),
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function compare(before: unknown, after: unknown, place: Place, out: FieldChange[], labelOf?: LabelOf): void {
  if (same(before, after)) return;
  if (isRecord(before) && isRecord(after)) return compareRecords(before, after, place, out, labelOf);
  if (Array.isArray(before) && Array.isArray(after)) return compareLists(before, after, place, out, labelOf);
  if (before === undefined) out.push(change(place, "added", before, after, labelOf));
  else if (after === undefined) out.push(change(place, "removed", before, after, labelOf));
  else out.push(change(place, "changed", before, after, labelOf));
}

function compareRecords(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  place: Place,
  out: FieldChange[],
  labelOf?: LabelOf,
): void {
  // The newer document's order first, then what only the older one had.
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  for (const key of keys) {
    const label = labelOf?.([...place.path, key]) ?? humanise(key);
    compare(before[key], after[key], child(place, key, label), out, labelOf);
  }
}

/** Entries 1, 2, … as people count them; the newer list's numbers, the older's for a removed one. */
function compareLists(
  before: unknown[],
  after: unknown[],
  place: Place,
  out: FieldChange[],
  labelOf?: LabelOf,
): void {
  const parts = diffArrays(before, after, { comparator: same });
  let oldIndex = 0;
  let newIndex = 0;
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    if (!part) continue;
    if (!part.added && !part.removed) {
      oldIndex += part.count;
      newIndex += part.count;
      continue;
    }
    const next = parts[index + 1];
    // A removal followed by an addition is, entry for entry, a change to those entries.
    const removed = part.removed ? part.value : [];
    const added = part.removed && next?.added ? next.value : part.added ? part.value : [];
    if (part.removed && next?.added) index += 1;
    const paired = Math.min(removed.length, added.length);
    for (let offset = 0; offset < Math.max(removed.length, added.length); offset += 1) {
      if (offset < paired) {
        const number = String(newIndex + offset + 1);
        compare(removed[offset], added[offset], child(place, number, number), out, labelOf);
      } else if (offset < removed.length) {
        const number = String(oldIndex + offset + 1);
        out.push(change(child(place, number, number), "removed", removed[offset], undefined, labelOf));
      } else {
        const number = String(newIndex + offset + 1);
        out.push(change(child(place, number, number), "added", undefined, added[offset], labelOf));
      }
    }
    oldIndex += removed.length;
    newIndex += added.length;
  }
}

/**
 * What changed from `before` to `after`, field by field; `before` undefined (the first
 * revision) lists every field as added.
 */
export function diffDocuments(before: unknown, after: unknown, labelOf?: LabelOf): FieldChange[] {
  const out: FieldChange[] = [];
  const root: Place = { path: [], label: [] };
  const older = before === undefined ? {} : before;
  if (isRecord(older) && isRecord(after)) compareRecords(older, after, root, out, labelOf);
  else compare(before, after, child(root, "document", "Document"), out);
  return out;
}
