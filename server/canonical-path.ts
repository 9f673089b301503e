import type { RequestHandler } from "express";

/**
 * One address per page: every path of the site is lower-case (fixed paths in
 * shared/paths.ts and shared/staff-paths.ts, ids as slugs from shared/slug.ts), while
 * Express and React Router match paths in any case. An address in another case is sent
 * to the lower-case one, so a page is rendered, cached and guarded under one name only
 * (docs/decisions/030-secrets-out-of-logs-and-one-path-per-page.md).
 */

/**
 * Files keep their names as they are: Vite's hashed assets and uploads are named in mixed
 * case, and a file that does not exist is a 404, not a redirect.
 */
const FILE_FOLDERS = /^\/(?:assets|uploads|images|fonts|node_modules)\/|^\/@/i;

/** Upper-case letters outside percent-escapes (whose hex digits may be either case). */
const UPPER_CASE = /%[0-9A-Fa-f]{2}|[A-Z]+/g;

/**
 * Paths whose rest is data rather than a name: the workspace API's ids (a passkey's is
 * base64url) and an old-style invitation link's token keep their case; only the prefix
 * has one spelling.
 */
const DATA_AFTER = [/^\/admin\/api(?=\/|$)/i, /^\/admin\/invitation(?=\/)/i];

const lowerCase = (path: string) =>
  path.replace(UPPER_CASE, (part) => (part.startsWith("%") ? part : part.toLowerCase()));

/** The path in lower case, percent-escapes kept as sent; the same path when it already is. */
export function canonicalPath(path: string): string {
  for (const prefix of DATA_AFTER) {
    const match = prefix.exec(path);
    if (match) return lowerCase(match[0]) + path.slice(match[0].length);
  }
  return lowerCase(path);
}

/**
 * 301 for GET and HEAD (a page's address changes for good), 308 for any other method so
 * a POST to /Admin/api/... is repeated with its body at /admin/api/....
 */
export const redirectToCanonicalPath: RequestHandler = (req, res, next) => {
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  if (FILE_FOLDERS.test(path)) return next();
  const canonical = canonicalPath(path);
  if (canonical === path) return next();
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
  const safe = req.method === "GET" || req.method === "HEAD";
  res.redirect(safe ? 301 : 308, canonical + query);
};
