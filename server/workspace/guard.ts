import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { findSession } from "#server/auth/sessions.ts";
import { readWorkspaceCookie, SESSION_COOKIE } from "./session-cookie";
import { mayUse, type Staff, type WorkspaceArea } from "#server/auth/staff.ts";
import { sameSecret } from "#server/auth/tokens.ts";
import type { Actor } from "#server/auth/policy.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** The signed-in member of staff, on /admin requests that carry a live session. */
    staff?: Staff;
  }
}

export const workspaceMessages = {
  signInRequired: "Sign in to continue.",
  forbidden: "Your role does not give you access to this.",
  crossSite: "This request did not come from the workspace. Reload the page and try again.",
} as const;

/**
 * The workspace's pages anyone may open: how one signs in or accepts an invitation (its
 * token in the fragment). In any case, as Express matches paths.
 */
const OPEN_PAGES = [/^\/admin\/sign-in\/?$/i, /^\/admin\/invitation\/?$/i];

/**
 * On every /admin request: never kept by any cache or indexed, and the session (if any)
 * read into res.locals.staff.
 */
export function loadStaff(db: Kysely<Database>): RequestHandler {
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    const token = readWorkspaceCookie(req, SESSION_COOKIE);
    if (token) {
      const staff = await findSession(db, token);
      if (staff) res.locals.staff = staff;
    }
    next();
  };
}

/**
 * The longest address sign-in returns to: escaped again into `next`, a longer one can make
 * the redirect's headers too large for a client or a proxy, and no workspace page needs one.
 */
const MAX_RETURN_LENGTH = 2_000;

/**
 * A workspace page without a session: 303 to sign-in, which returns here after; to the
 * workspace's home instead when the address is no page's (server/http/unreadable-path.ts) or too long.
 */
export const requireStaffPage: RequestHandler = (req, res, next) => {
  if (res.locals.staff || (req.method !== "GET" && req.method !== "HEAD")) return next();
  // Mounted on /admin, req.path lacks the mount point: the patterns name the full path.
  const pagePath = req.baseUrl + req.path;
  if (OPEN_PAGES.some((pattern) => pattern.test(pagePath))) return next();
  const returnable =
    !res.locals.pathProblem &&
    req.originalUrl.length <= MAX_RETURN_LENGTH &&
    /^\/admin(?:[/?]|$)/i.test(req.originalUrl);
  const back = returnable ? req.originalUrl : "/admin";
  res.redirect(303, `/admin/sign-in?next=${encodeURIComponent(back)}`);
};

/**
 * A workspace API a role may use: 401 without a session, 403 for the wrong role, and for
 * every state-changing request the CSRF checks (checkSameOrigin, then the session's token).
 */
export function requireStaff(area: WorkspaceArea): RequestHandler {
  return (req, res, next) => {
    const staff = res.locals.staff;
    if (!staff) return void res.status(401).json({ error: workspaceMessages.signInRequired });
    if (!mayUse(staff.role, area)) return void res.status(403).json({ error: workspaceMessages.forbidden });
    if (isSafeMethod(req)) return next();
    const sent = req.get("x-csrf-token");
    if (!sent || !sameSecret(sent, staff.csrfToken)) {
      return void res.status(403).json({ error: workspaceMessages.crossSite });
    }
    next();
  };
}

function isSafeMethod(req: Request): boolean {
  return req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
}

/**
 * A state-changing request must say it came from this origin (browsers send Origin on
 * every POST, PUT and DELETE; SameSite=Lax already keeps the cookie off cross-site ones).
 * Applies before sign-in too, where there is no session token yet.
 */
export function checkSameOrigin(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (isSafeMethod(req)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    if (!origin || (origin !== siteOrigin && origin !== ownOrigin)) {
      return void res.status(403).json({ error: workspaceMessages.crossSite });
    }
    next();
  };
}

/**
 * Who makes a change: for the audit log, and for the operations' policy (server/auth/policy.ts)
 * the door, the session's last proof and the role.
 */
export function actorOf(req: Request, res: Response): Actor & { actor: string; ip: string } {
  const staff = res.locals.staff;
  return {
    actor: staff?.email ?? "unknown",
    ip: req.ip ?? "unknown",
    door: "workspace",
    provedAt: staff?.provedAt ?? null,
    ...(staff ? { role: staff.role } : {}),
  };
}

/** The browser and address a request came from, as sessions and account notices record them. */
export function clientOf(req: Request): { ip: string; userAgent: string | undefined } {
  return { ip: req.ip ?? "unknown", userAgent: req.get("user-agent") };
}

/** The member of staff on a route behind requireStaff, which has made sure there is one. */
export function signedIn(res: Response): Staff {
  const staff = res.locals.staff;
  if (!staff) throw new Error("signedIn() used on a route without requireStaff()");
  return staff;
}
