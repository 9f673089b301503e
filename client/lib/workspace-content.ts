import type { BodyImage, Image } from "../../shared/content-types";
import type { ContentKind } from "../../shared/content-fields";

/** What /admin/api/content and /admin/api/screenshots answer (server/workspace/content-routes.ts). */

export type ContentStatus = "draft" | "published";

export type ContentListItem = {
  id: string;
  title: string;
  status: ContentStatus;
  position: number;
  updatedAt: string;
};

export type ContentRecord = {
  kind: ContentKind;
  id: string;
  position: number;
  status: ContentStatus;
  item: Record<string, unknown> & { id: string; title: string };
  createdAt: string;
  updatedAt: string;
};

/** An upload's answer: the stored image (AVIF and WebP at several widths) and its alt text. */
export type UploadedImage = { field: string; image: BodyImage; alt?: string };

export type ScreenshotRecord = {
  id: number;
  page: string;
  position: number;
  imageUrl: string;
  width: number;
  height: number;
  altText: string | null;
  createdAt: string;
};

export type ScreenshotPages = {
  pages: Array<{ page: string; screenshots: ScreenshotRecord[] }>;
  maxPosition: number;
};

export type { BodyImage, Image };
