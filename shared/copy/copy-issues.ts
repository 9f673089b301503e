import { z } from "zod";
import { copyFields } from "./copy-fields";

/** The part of a page's description at `path`: a group's field, a list's entry. */
export function fieldAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    if (current instanceof z.ZodObject) current = (current.shape as Record<string, z.ZodType>)[String(key)];
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else return undefined;
  }
  return current;
}

/** A field's path as the form and the command line name it: "whatWeDo.cards.2.title". */
export const copyPath = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * Every field's first problem in plain words, by path: "Headline must be at most 60
 * characters.", "Value cards needs at least 3 entries.". Problems with the document as a
 * whole are under "form".
 */
export function describeCopyIssues(schema: z.ZodType, error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = copyPath(issue.path) || "form";
    if (messages[key]) continue;
    const field = fieldAt(schema, issue.path);
    const label = (field && copyFields.get(field)?.label) ?? "This field";
    const message =
      issue.code === "invalid_type"
        ? issue.input === undefined
          ? "is required"
          : "has the wrong kind of value"
        : issue.code === "unrecognized_keys"
          ? `has fields the page does not show: ${issue.keys.join(", ")}`
          : issue.message;
    messages[key] = `${label} ${message.replace(/\.$/, "")}.`;
  }
  return messages;
}
