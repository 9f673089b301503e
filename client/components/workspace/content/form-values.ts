/** A content item's form values: read from the record as it was saved, and sent back as the API takes them. */
import type { ContentKindSpec } from "#shared/content-fields.ts";
import type { BodyImage, ContentRecord, Image } from "#client/lib/workspace-content.ts";

/** The form's state: text as typed, lists one entry a line, images as uploaded. */
export type FormValues = { text: Record<string, string>; images: Record<string, Image | undefined> };

export function initialValues(spec: ContentKindSpec, record: ContentRecord | null): FormValues {
  const item: Record<string, unknown> = record?.item ?? {};
  const text: Record<string, string> = {};
  const images: Record<string, Image | undefined> = {};
  for (const field of spec.fields) {
    const value = item[field.key];
    if (field.type === "image") images[field.key] = value as Image | undefined;
    else if (field.type === "list") text[field.key] = Array.isArray(value) ? value.join("\n") : "";
    else text[field.key] = typeof value === "string" ? value : "";
  }
  return { text, images };
}

/** The fields as the API takes them: lists split by line, an emptied optional field as "" (removed). */
export function toFields(spec: ContentKindSpec, values: FormValues, bodyImages: BodyImage[]) {
  const fields: Record<string, unknown> = {};
  for (const field of spec.fields) {
    if (field.type === "image") {
      const image = values.images[field.key];
      if (image) fields[field.key] = image;
    } else if (field.type === "list") {
      fields[field.key] = (values.text[field.key] ?? "").split("\n").filter((line) => line.trim() !== "");
    } else {
      fields[field.key] = values.text[field.key] ?? "";
    }
  }
  if (spec.kind === "news") fields.body_images = bodyImages;
  return fields;
}
