import type { z } from "zod";

/** The first message for each field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

export const formShapeMessage = "The submission must be a set of form fields";
export const unknownFieldMessage = (field: string) => `Unknown field: ${field}`;

/** One message per field (its first), including one for each field the form does not have. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fieldErrors[key] ??= unknownFieldMessage(key);
      continue;
    }
    const field = issue.path[0];
    if (typeof field === "string") fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/** SPEC §5: forms show only the first message, in the order of the form's fields. */
export function firstErrorMessage(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return formShapeMessage;
  if (first.code === "unrecognized_keys") return unknownFieldMessage(first.keys[0] ?? "");
  return first.path.length === 0 ? formShapeMessage : first.message;
}
