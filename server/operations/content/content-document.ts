import type { ContentItem } from "#server/db/content-items.ts";
import type { BodyImage, Image } from "#shared/content-types.ts";

/**
 * A content item as its revisions keep it (docs/decisions/041-revisions.md): every field
 * a visitor reads, without the id (the revision's target names it) or a project's
 * timestamps (the row's, which every save changes).
 */
export function contentDocumentOf(item: ContentItem): Record<string, unknown> {
  const { id: _id, ...rest } = item as ContentItem & { created_at?: string; updated_at?: string };
  const { created_at: _created, updated_at: _updated, ...document } = rest;
  return document;
}

/** The images a kept document names: a restore may name them again without uploading them anew. */
export function imagesOfDocument(document: Record<string, unknown>): Image[] {
  const images: Image[] = [];
  for (const value of Object.values(document)) {
    if (isImage(value)) images.push(value);
    if (Array.isArray(value)) images.push(...value.filter((entry): entry is BodyImage => isImage(entry)));
  }
  return images;
}

function isImage(value: unknown): value is Image {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { src?: unknown }).src === "string" &&
    typeof (value as { width?: unknown }).width === "number"
  );
}
