import { apiPaths, routePatterns } from "#shared/paths.ts";

/**
 * The `route` label of the HTTP metrics: the pattern a path is served at ("/news/:id"),
 * never the path itself, so a crawler requesting a million URLs adds no series. Pages are
 * served by one catch-all route and, from memory, by the page cache before any route, so
 * Express's matched route cannot name them: the patterns come from shared/paths.ts, as
 * the router's do (client/routes.ts).
 */

/** Everything else: unknown pages, probes for /wp-admin, files that do not exist. */
export const UNMATCHED_ROUTE = "unmatched";

/** Answered by the server itself rather than a page. */
const serverPaths = ["/healthz", "/readyz", "/metrics", "/favicon.svg", ...Object.values(apiPaths)];

/** Files are counted by folder: Vite's hashed assets, uploaded screenshots, the site's images. */
const fileFolders = ["/assets/", "/uploads/", "/images/"];

const allPatterns: string[] = Object.values(routePatterns);
const fixedPaths = new Map(
  [...allPatterns.filter((pattern) => !pattern.includes(":")), ...serverPaths].map((path) => [
    path.toLowerCase(),
    path,
  ]),
);

type Pattern = { pattern: string; parts: string[] };
const staticParts = (parts: string[]) => parts.filter((part) => !part.startsWith(":")).length;
/** More fixed segments first, so "/news/page/:page" wins over a pattern with fewer. */
const patterns: Pattern[] = allPatterns
  .filter((pattern) => pattern.includes(":"))
  .map((pattern) => ({ pattern, parts: pattern.toLowerCase().split("/") }))
  .sort((a, b) => staticParts(b.parts) - staticParts(a.parts));

function matchPattern(path: string): string | undefined {
  const segments = path.toLowerCase().split("/");
  return patterns.find(
    ({ parts }) =>
      parts.length === segments.length &&
      parts.every((part, index) =>
        part.startsWith(":") ? segments[index] !== "" : part === segments[index],
      ),
  )?.pattern;
}

function pageLabel(path: string): string | undefined {
  // Paths match as the router matches them: without a trailing slash, in any case.
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return fixedPaths.get(trimmed.toLowerCase()) ?? matchPattern(trimmed);
}

/** The route label of a request's path (`req.path`, without the query). */
export function routeLabel(path: string): string {
  const folder = fileFolders.find((prefix) => path.startsWith(prefix));
  if (folder) return `${folder}*`;
  // React Router's data requests for client-side navigation: "/news/x.data", and "/_root.data" for "/".
  if (path === "/_root.data") return path;
  if (path.endsWith(".data")) {
    const label = pageLabel(path.slice(0, -".data".length));
    return label ? `${label}.data` : UNMATCHED_ROUTE;
  }
  return pageLabel(path) ?? UNMATCHED_ROUTE;
}

const knownMethods = new Set(["GET", "HEAD", "POST"]);

/** The `method` label: the site answers these three; anything else is one label. */
export function methodLabel(method: string): string {
  return knownMethods.has(method) ? method : "OTHER";
}
