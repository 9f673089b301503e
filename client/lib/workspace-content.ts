import type { BodyImage, Image } from "#shared/content-types.ts";
import type { ContentKind, ContentKindSpec, ContentStatus } from "#shared/content-fields.ts";
import type { ScreenshotRecord } from "#shared/staff-screenshot-record.ts";

/** What /admin/api/content and /admin/api/screenshots answer (server/workspace/content-routes.ts). */

export type ContentListItem = {
  id: string;
  title: string;
  status: ContentStatus;
  position: number;
  /** A scheduled draft's publish time (ISO); null when it is not scheduled. */
  publishAt: string | null;
  /** A news post pinned above the others. */
  featured: boolean;
  updatedAt: string;
};

export type ContentRecord = {
  kind: ContentKind;
  id: string;
  position: number;
  status: ContentStatus;
  item: Record<string, unknown> & { id: string; title: string };
  publishAt: string | null;
  featured: boolean;
  createdAt: string;
  updatedAt: string;
};

/** An upload's answer: the stored image (AVIF and WebP at several widths) and its alt text. */
export type UploadedImage = { field: string; image: BodyImage; alt?: string };

export type ScreenshotPages = {
  pages: Array<{ page: string; screenshots: ScreenshotRecord[] }>;
  maxPosition: number;
};

export type { BodyImage, Image };

/** What an item's editing page gives its header and its form: the kind, its fields, and the item (null for a new one). */
export type ContentEditing = { kind: ContentKind; spec: ContentKindSpec; record: ContentRecord | null };
