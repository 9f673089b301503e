import path from "node:path";

/**
 * Where uploaded screenshots live and the URL path they are served under
 * (docs/decisions/005-uploaded-screenshots.md). A module of its own, without Express,
 * so the admin CLI that writes the files does not load the web framework to start.
 */

/** The URL path of files the admin CLI uploads. */
export const UPLOADS_URL_PATH = "/uploads";

/** Where uploaded files live: on the data volume, beside the database. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export type UploadLimits = {
  maxBytes: number;
  /** Width × height; checked from the header before any pixel is decoded. */
  maxPixels: number;
};

/** What an upload may be (docs/decisions/005-uploaded-screenshots.md); here so a route can limit a body without loading the image code. */
export const defaultUploadLimits: UploadLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 };

/** The content type of each kind of uploaded file, by its extension. */
export const uploadContentTypes = { avif: "image/avif", webp: "image/webp" } as const;

/**
 * The only names an upload is stored under, relative to /uploads: what
 * server/operations/images/images.ts makes (`screenshots/` or `content/`, then `<16 hex>-<width>.<avif|webp>`). Nothing
 * else is ever looked up, so no request can name a path outside the store, and a
 * hostile name costs no query.
 */
const UPLOAD_PATH = /^(?:screenshots|content)\/[0-9a-f]{16}-[1-9][0-9]{0,4}\.(avif|webp)$/;

export function isUploadPath(name: string): boolean {
  return UPLOAD_PATH.test(name);
}

/** The content type an upload's name implies; undefined for a name that is not one. */
export function uploadContentType(name: string): string | undefined {
  const format = UPLOAD_PATH.exec(name)?.[1] as keyof typeof uploadContentTypes | undefined;
  return format && uploadContentTypes[format];
}
