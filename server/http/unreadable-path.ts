import type { RequestHandler } from "express";

/**
 * Paths the router cannot take (docs/decisions/057-hostile-paths-logs-and-one-start.md).
 * React Router decodes each segment of the path and then reads the decoded text as a URL
 * again, where a tab, a line feed or a carriage return is dropped and a backslash is a
 * slash: `/%09/%25` becomes `//%25`, a URL whose host `%25` is invalid, and the render
 * threw. A path whose escapes are not UTF-8 (`/%`, `/%zz`, `/%ff`) cannot be decoded at
 * all. No page of the site has either in its address (shared/paths.ts, shared/slug.ts).
 */

/** Why a path names no page: 400 when its escapes cannot be decoded, 404 when it decodes to what no address holds. */
export type PathProblem = 400 | 404;

/** C0 controls and DEL, which the URL parser drops or escapes, and `\`, which it reads as `/`. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNROUTABLE = /[\u0000-\u001f\u007f\\]/;

/** API paths answer JSON with their own 404 and 400; only pages get the page. */
const API_PATH = /^\/(?:admin\/)?api(?:\/|$)/i;

/** What is wrong with a path as React Router would read it, or undefined when it can take it. */
export function pathProblem(path: string): PathProblem | undefined {
  // A path with no escapes was already read by the URL parser of Node's HTTP server.
  if (!path.includes("%")) return UNROUTABLE.test(path) ? 404 : undefined;
  let decoded = "";
  for (const segment of path.split("/")) {
    try {
      decoded += `/${decodeURIComponent(segment)}`;
    } catch {
      return 400;
    }
  }
  return UNROUTABLE.test(decoded) ? 404 : undefined;
}

/**
 * The path's own text as a path that decodes to it: every `%` escaped once more, so React
 * Router reads (and the not-found page shows) `/%09/%25` for `/%09/%25`, never a tab.
 */
export const literalPath = (path: string): string => path.replace(/%/g, "%25");

declare module "express-serve-static-core" {
  interface Locals {
    /** Set when the path names no page it could: the page rendered answers with this status. */
    pathProblem?: PathProblem;
  }
}

/**
 * Sends a page request whose path the router cannot take to the site's not-found page
 * under a path it can, with 400 or 404 (never the 500 of a render that throws).
 */
export const answerUnreadablePaths: RequestHandler = (req, res, next) => {
  const queryAt = req.url.indexOf("?");
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  if (API_PATH.test(path)) return next();
  const problem = pathProblem(path);
  if (!problem) return next();
  res.locals.pathProblem = problem;
  // The query is dropped: nothing of a page that does not exist reads it. React Router
  // builds its request from the original URL.
  req.url = literalPath(path);
  req.originalUrl = req.url;
  next();
};
