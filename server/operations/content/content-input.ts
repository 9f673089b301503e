import { z } from "zod";
import { altTextSchema, bodyImageSchema, imageSchema } from "#shared/content-types.ts";
import type { ContentKindSpec } from "#shared/content-fields.ts";
import { cleanFieldValue, type Draft } from "./content-operations";
import { refuse, type Outcome } from "#shared/outcome.ts";

/**
 * A content item's fields as the workspace sends them (JSON), read into the draft the
 * shared operations check, as the CLI's flags are. Only the kind's fields are taken; an
 * image is the stored image an upload answered with, never a path to read.
 */
export function readContentFields(
  spec: ContentKindSpec,
  raw: unknown,
  options: { withId: boolean },
): Outcome<Draft> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return refuse("expected the item's fields", { form: "Send the item's fields." });
  }
  const draft: Draft = {};
  const fieldErrors: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === "id" && options.withId) {
      if (typeof value !== "string") fieldErrors.id = "The id must be text.";
      else if (value.trim() !== "") draft.id = value.trim();
      continue;
    }
    if (key === "body_images" && spec.kind === "news") {
      const images = bodyImageSchema
        .array()
        .max(20)
        .safeParse(value ?? []);
      if (images.success) draft.body_images = images.data;
      else fieldErrors[spec.bodyKey] = "The article's images are not valid. Upload them again.";
      continue;
    }
    const field = spec.fields.find((candidate) => candidate.key === key);
    if (!field) {
      fieldErrors[key] = `${key} is not a field of a ${spec.one}.`;
      continue;
    }
    if (field.type === "image") {
      const image = imageSchema.safeParse(value);
      if (image.success) draft[key] = image.data;
      else fieldErrors[key] = `Upload the ${field.label.toLowerCase()}.`;
      continue;
    }
    const expected = field.type === "list" ? z.array(z.string()) : z.string();
    if (!expected.safeParse(value).success) {
      fieldErrors[key] = `${field.label} must be ${field.type === "list" ? "a list of text" : "text"}.`;
      continue;
    }
    const cleaned = cleanFieldValue(field, value);
    // An emptied list entry is no entry (a form's blank row).
    draft[key] = Array.isArray(cleaned) ? (cleaned as string[]).filter((entry) => entry !== "") : cleaned;
  }
  if (Object.keys(fieldErrors).length > 0)
    return refuse(Object.values(fieldErrors)[0] ?? "invalid", fieldErrors);
  return { ok: true, value: draft };
}

/** Where an uploaded image goes: a field's, or an article's body ("body"), with its alt text. */
export type ImageTarget = { field: string; alt?: string };

/**
 * `?field=image&alt=…`: the image field to fill (or `body` for an image in a news article).
 * Alt text is required wherever the item keeps it (an article's image, a project's or news
 * post's image); a case study's logo and screenshot take theirs from the client's name.
 */
export function readUploadQuery(spec: ContentKindSpec, query: Record<string, unknown>): Outcome<ImageTarget> {
  const field = typeof query.field === "string" ? query.field : "";
  const forBody = field === "body" && spec.kind === "news";
  const spot = spec.fields.find((candidate) => candidate.key === field && candidate.type === "image");
  if (!forBody && !spot) {
    return refuse(`field "${field}" takes no image`, {
      field: `A ${spec.one} has no image field "${field}".`,
    });
  }
  const needsAlt = forBody || spot?.altKey !== undefined;
  if (!needsAlt) return { ok: true, value: { field } };
  const alt = typeof query.alt === "string" ? query.alt : "";
  if (alt.trim() === "") {
    const message = "Alt text is required: say what the image shows, for screen readers.";
    return refuse(message, { alt: message });
  }
  const checked = altTextSchema.safeParse(alt);
  if (!checked.success) {
    const message = `Alt text ${checked.error.issues[0]?.message ?? "is not valid"}.`;
    return refuse(message, { alt: message });
  }
  return { ok: true, value: { field, alt: checked.data } };
}
