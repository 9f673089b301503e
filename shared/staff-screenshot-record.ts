/** One file of an uploaded screenshot: an AVIF or WebP at one width. */
export type ScreenshotFile = {
  type: "image/avif" | "image/webp";
  width: number;
  height: number;
  url: string;
};

/**
 * An uploaded screenshot as the CLI's `--json` and the workspace's API give it: the
 * server builds it from the row (server/operations/screenshots/screenshots.ts), the
 * workspace's screenshot page shows it.
 */
export type ScreenshotRecord = {
  id: number;
  page: string;
  position: number;
  imageUrl: string;
  width: number;
  height: number;
  altText: string | null;
  variants: ScreenshotFile[];
  createdAt: string;
};
