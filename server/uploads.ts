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
