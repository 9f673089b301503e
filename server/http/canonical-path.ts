import type { RequestHandler } from "express";

/**
 * One address per page: every path of the site is lower-case (fixed paths in
 * shared/paths.ts and shared/staff-paths.ts, ids as slugs from shared/slug.ts), while
 * Express and React Router match paths in any case. An address in another case is sent
 * to the lower-case one, so a page is rendered, cached and guarded under one name only
 * (docs/decisions/030-secrets-out-of-logs-and-one-path-per-page.md).
 *
 * A path is first read as the router reads it (docs/decisions/051-one-path-per-page-encoded.md):
 * escapes of unreserved characters decoded (`/%61dmin` is `/admin` by RFC 3986, and React
 * Router decodes it so), then resolved as the WHATWG URL parser resolves it for React
 * Router's request (`\` is `/`, `.` and `..` segments removed). Every other escape is kept
 * as sent, and is never decoded twice: `%2561` stays `%2561`.
 */

/**
 * Files keep their names as they are: Vite's hashed assets and uploads are named in mixed
 * case, and a file that does not exist is a 404, not a redirect.
 */
const FILE_FOLDERS = /^\/(?:assets|uploads|images|fonts|node_modules)\/|^\/@/i;

/** Upper-case letters outside percent-escapes (whose hex digits may be either case). */
const UPPER_CASE = /%[0-9A-Fa-f]{2}|[A-Z]+/g;

/** RFC 3986's unreserved characters: an escape of one names the same path as the character. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;

/** The staff workspace's paths (docs/decisions/027-staff-authentication.md). */
const WORKSPACE_PATH = /^\/admin(\/|$)/;

/**
 * Paths whose rest is data rather than a name: the workspace API's ids (a passkey's is
 * base64url), an old-style invitation link's token and a visitor's appointment link's
 * token keep their case; only the prefix has one spelling.
 */
const DATA_AFTER = [/^\/admin\/api(?=\/|$)/i, /^\/admin\/invitation(?=\/)/i, /^\/appointment\/manage(?=\/)/i];

const lowerCase = (path: string) =>
  path.replace(UPPER_CASE, (part) => (part.startsWith("%") ? part : part.toLowerCase()));

/** One pass: a `%` the pass produces is never read as the start of another escape. */
const decodeUnreserved = (path: string) =>
  path.replace(ESCAPE, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape;
  });

/**
 * The path React Router's request URL has: appended to an origin (so `//x` stays a path,
 * as @react-router/express builds it), never resolved against one. Leading slashes are
 * one, so the redirect's Location can never read as another host (`//evil.test`).
 */
function resolvedPath(path: string): string {
  if (!path.startsWith("/")) return path;
  let pathname: string;
  try {
    pathname = new URL(`http://site.invalid${decodeUnreserved(path)}`).pathname;
  } catch {
    return path;
  }
  return pathname.replace(/^\/{2,}/, "/");
}

/**
 * The path as the router reads it, in lower case, reserved escapes kept as sent; the same
 * path when it already is. Files keep their case.
 */
export function canonicalPath(path: string): string {
  const resolved = resolvedPath(path);
  if (FILE_FOLDERS.test(resolved)) return resolved;
  for (const prefix of DATA_AFTER) {
    const match = prefix.exec(resolved);
    if (match) return lowerCase(match[0]) + resolved.slice(match[0].length);
  }
  return lowerCase(resolved);
}

/**
 * Whether a path is the workspace's, however it is spelled: what is never kept by the page
 * cache and always passes the staff guards.
 */
export const isWorkspacePath = (path: string): boolean => WORKSPACE_PATH.test(canonicalPath(path));

/**
 * 301 for GET and HEAD (a page's address changes for good), 308 for any other method so
 * a POST to /Admin/api/... is repeated with its body at /admin/api/....
 */
export const redirectToCanonicalPath: RequestHandler = (req, res, next) => {
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  const canonical = canonicalPath(path);
  if (canonical === path) return next();
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
  const safe = req.method === "GET" || req.method === "HEAD";
  res.redirect(safe ? 301 : 308, canonical + query);
};
