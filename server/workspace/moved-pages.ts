import type { RequestHandler } from "express";
import { staffPaths } from "#shared/staff-paths.ts";

/**
 * Workspace addresses that moved when a page took its subject's one word
 * (docs/decisions/081-one-word-per-subject.md): the old address, then the new. A bookmark
 * or an e-mailed link to the old one still opens the page.
 */
export const movedWorkspacePages: ReadonlyArray<readonly [from: string, to: string]> = [
  ["/admin/search", staffPaths.snippets],
];

/** Sends a moved page (and anything under it) to its new address for good, its query kept. */
export function redirectMovedWorkspacePages(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const moved = movedWorkspacePages.find(([from]) => req.path === from || req.path.startsWith(`${from}/`));
    if (!moved) return next();
    const [from, to] = moved;
    const queryAt = req.originalUrl.indexOf("?");
    const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
    res.redirect(301, `${to}${req.path.slice(from.length)}${query}`);
  };
}
