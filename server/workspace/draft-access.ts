import type { Request } from "express";
import { findSession } from "#server/auth/sessions.ts";
import { mayUse } from "#server/auth/staff.ts";
import type { PreviewAccess } from "#server/content/preview-access.ts";
import type { Db } from "#server/db/database.ts";
import { readWorkspaceCookie, SESSION_COOKIE } from "./session-cookie";

/**
 * Who may see an unpublished item at its address (docs/decisions/042-preview-and-scheduled-publishing.md):
 * whoever holds a preview link for it, and an editor or admin signed in to the workspace
 * whose session cookie reaches the page (in production it does: `__Host-`, Path=/; on
 * plain-HTTP localhost it stays on /admin). Pages ask only for an item visitors do not
 * see, so a public page never looks up a session.
 */
export function createDraftAccess(db: Db, byLink: PreviewAccess): (req: Request) => PreviewAccess {
  return (req) => async (request, target) => {
    const linked = await byLink(request, target);
    if (linked) return linked;
    const token = readWorkspaceCookie(req, SESSION_COOKIE);
    if (!token) return undefined;
    const staff = await findSession(db, token);
    return staff && mayUse(staff.role, "content") ? { by: "staff" } : undefined;
  };
}
