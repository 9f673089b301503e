import type * as z from "zod/mini";
import { fieldFormats, type FieldFormat } from "./field-formats";
import { leadInlineMessages } from "./lead-messages";

/** The first message for each field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

export const formShapeMessage = "The submission must be a set of form fields";
export const unknownFieldMessage = (field: string) => `Unknown field: ${field}`;

export { fieldFormats, type FieldFormat };

/**
 * Fields and formats: of a form, which of its fields are e-mail or phone fields; of a
 * refusal, which fields failed their format check.
 */
export type FieldFormats<Name extends string = string> = Partial<Record<Name, FieldFormat>>;

/** A validation failure, from a schema of either zod (full on the server, mini in the browser). */
type ValidationError = z.core.$ZodError;
type Issue = ValidationError["issues"][number];

/**
 * The options of a format check (`refine(isValidEmail, formatCheck("email", message))`):
 * its message, and the format it checks in the issue's params, so that what a field shows
 * is decided by the kind of its issue, never by the words of its message.
 */
export function formatCheck(format: FieldFormat, message: string) {
  return { message, params: { format } };
}

/** A format check's issue as it is pushed by hand (a transform's `ctx.issues.push`). */
export function formatIssue(format: FieldFormat, message: string, input: unknown) {
  return { code: "custom" as const, ...formatCheck(format, message), input };
}

function isFieldFormat(value: unknown): value is FieldFormat {
  return fieldFormats.some((format) => format === value);
}

/** The format an issue says its field failed, if it is a format check's. */
export function issueFormat(issue: Issue): FieldFormat | undefined {
  if (issue.code !== "custom") return undefined;
  const format: unknown = issue.params?.format;
  return isFieldFormat(format) ? format : undefined;
}

/** The field an issue is about, if it is about one field. */
function issueField(issue: Issue): string | undefined {
  const field = issue.path[0];
  return typeof field === "string" ? field : undefined;
}

/** One message per field (its first), including one for each field the form does not have. */
export function toFieldErrors(error: ValidationError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fieldErrors[key] ??= unknownFieldMessage(key);
      continue;
    }
    const field = issueField(issue);
    if (field !== undefined) fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/** The fields whose first issue (the one toFieldErrors reports) is a format check's, and its format. */
export function toFailedFormats(error: ValidationError): FieldFormats {
  const seen = new Set<string>();
  const failed: FieldFormats = {};
  for (const issue of error.issues) {
    const fields = issue.code === "unrecognized_keys" ? issue.keys : [issueField(issue)];
    for (const field of fields) {
      if (field === undefined || seen.has(field)) continue;
      seen.add(field);
      const format = issueFormat(issue);
      if (format) failed[field] = format;
    }
  }
  return failed;
}

/**
 * requirements §5: beside a field, a failed format check reads its short message
 * (uiStrings.emailInvalid, phoneInvalid); every other message (a required field's, one
 * about characters) is shown as it is. The toast keeps the labelled message.
 */
export function inlineFieldErrors(errors: FieldErrors, failed: FieldFormats): FieldErrors {
  const inline: FieldErrors = {};
  for (const [name, message] of Object.entries(errors)) {
    const format = failed[name];
    inline[name] = format ? leadInlineMessages[format] : message;
  }
  return inline;
}

/** The messages to show beside the fields, from the issues themselves. */
export function toInlineFieldErrors(error: ValidationError): FieldErrors {
  return inlineFieldErrors(toFieldErrors(error), toFailedFormats(error));
}

/** requirements §5: forms show only the first message, in the order of the form's fields. */
export function firstErrorMessage(error: ValidationError): string {
  const first = error.issues[0];
  if (!first) return formShapeMessage;
  if (first.code === "unrecognized_keys") return unknownFieldMessage(first.keys[0] ?? "");
  return first.path.length === 0 ? formShapeMessage : first.message;
}
