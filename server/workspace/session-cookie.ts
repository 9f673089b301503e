import type { Request, Response } from "express";
import { SESSION_ABSOLUTE_MS, type NewSession } from "#server/auth/sessions.ts";

/** The workspace's cookies: the session, a sign-in step in progress, and the browser's device token. */
export const SESSION_COOKIE = "staff_session";
export const FLOW_COOKIE = "staff_flow";
export const DEVICE_COOKIE = "staff_device";
export type WorkspaceCookie = typeof SESSION_COOKIE | typeof FLOW_COOKIE | typeof DEVICE_COOKIE;
/** On plain-HTTP localhost, where __Host- cannot be used, the cookies go only to the workspace. */
export const COOKIE_PATH = "/admin";

/** Reads one cookie from the request (Express does not parse them). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * Secure everywhere but plain HTTP on this machine (a developer's `npm start`), where
 * the browser would not send it back.
 */
function isLocalPlainHttp(req: Request): boolean {
  return !req.secure && ["localhost", "127.0.0.1", "[::1]", "::1"].includes(req.hostname);
}

/**
 * A workspace cookie's name on this request: `__Host-` wherever it can be Secure, so the
 * browser keeps it only as this host set it (Secure, Path=/, no Domain): a sibling
 * subdomain or a plain-HTTP page cannot plant or overwrite it.
 */
export function workspaceCookieName(req: Request, name: WorkspaceCookie): string {
  return isLocalPlainHttp(req) ? name : `__Host-${name}`;
}

/** One of the workspace's cookies from the request, under this request's name for it. */
export function readWorkspaceCookie(req: Request, name: WorkspaceCookie): string | undefined {
  return readCookie(req, workspaceCookieName(req, name));
}

/**
 * Sets (or, with maxAgeMs 0, clears) a workspace cookie: HttpOnly, SameSite=Lax; with
 * __Host-, Secure and Path=/ (the prefix requires both), else Path=/admin.
 */
export function setWorkspaceCookie(
  req: Request,
  res: Response,
  name: WorkspaceCookie,
  value: string,
  maxAgeMs: number,
): void {
  const local = isLocalPlainHttp(req);
  res.cookie(workspaceCookieName(req, name), value, {
    httpOnly: true,
    sameSite: "lax",
    path: local ? COOKIE_PATH : "/",
    secure: !local,
    maxAge: maxAgeMs,
  });
}

export function setSessionCookie(req: Request, res: Response, session: NewSession): void {
  setWorkspaceCookie(req, res, SESSION_COOKIE, session.token, SESSION_ABSOLUTE_MS);
}

export function clearSessionCookie(req: Request, res: Response): void {
  setWorkspaceCookie(req, res, SESSION_COOKIE, "", 0);
}
