import { z } from "zod";
import { copyFields } from "#shared/copy/copy-fields.ts";

/** A page's copy as the form holds it: plain JSON, changed a field at a time by its path. */
export type CopyValue = string | CopyValue[] | { [key: string]: CopyValue };
export type CopyPath = ReadonlyArray<string | number>;

/** The document with the value at `path` replaced, every other part shared. */
export function setAt(document: CopyValue, path: CopyPath, value: CopyValue): CopyValue {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(document)) {
    const next = [...document];
    next[Number(head)] = setAt(document[Number(head)] ?? "", rest, value);
    return next;
  }
  if (typeof document === "object") return { ...document, [head]: setAt(document[head] ?? "", rest, value) };
  return document;
}

/** An empty entry for a list: empty text, the first choice, lists at their fewest entries. */
export function emptyValue(schema: z.ZodType): CopyValue {
  const meta = copyFields.get(schema);
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [
        key,
        emptyValue(field),
      ]),
    );
  if (schema instanceof z.ZodArray)
    return Array.from({ length: meta?.kind === "list" ? meta.min : 0 }, () =>
      emptyValue(schema.element as z.ZodType),
    );
  if (meta?.kind === "select") return meta.options[0]?.value ?? "";
  return "";
}

/** The list with entry `from` moved to `to`. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

export const pathKey = (path: CopyPath) => path.join(".");
