/**
 * The staff workspace's pages and API (docs/decisions/027-staff-authentication.md).
 * Everything under /admin is the workspace: never cached, never indexed, its scripts
 * loaded only there.
 */
export const staffPaths = {
  overview: "/admin",
  signIn: "/admin/sign-in",
  /** The invitation's token follows in the fragment (#token), which no server or log sees. */
  invitation: "/admin/invitation",
  account: "/admin/account",
  leads: "/admin/leads",
  lead: "/admin/leads/:id",
  meetings: "/admin/meetings",
  notifications: "/admin/notifications",
  content: "/admin/content/:kind",
  contentNew: "/admin/content/:kind/new",
  contentEdit: "/admin/content/:kind/:id",
  screenshots: "/admin/screenshots",
  /** Each page's search snippet (docs/decisions/040-search-snippets.md). */
  snippets: "/admin/snippets",
  snippetEdit: "/admin/snippets/:page",
  pages: "/admin/pages",
  pageEdit: "/admin/pages/:page",
  users: "/admin/users",
  audit: "/admin/audit",
  /** The history of anything visitors read; the target follows (historyPath). */
  history: "/admin/history/*",
  settings: "/admin/settings",
  insights: "/admin/insights",
} as const;

export const STAFF_API = "/admin/api";

/** A path with its :parameters filled in. */
export function staffPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`staffPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** The history page of a target: "news/launch-day" → /admin/history/news/launch-day. */
export function historyPath(target: string): string {
  return `${staffPaths.history.slice(0, -1)}${target.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * A lead's or appointment request's page as an absolute link, for e-mails: `inboxId` as
 * the workspace names it ("wd-12", "wa-3", "ap-7").
 */
export function leadPageUrl(siteUrl: string, inboxId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${staffPath(staffPaths.lead, { id: inboxId })}`;
}

/** Sign-in, then back to where the member of staff was going (only a workspace path). */
export function signInPath(next?: string): string {
  return next && isWorkspacePath(next)
    ? `${staffPaths.signIn}?next=${encodeURIComponent(next)}`
    : staffPaths.signIn;
}

/** A same-site workspace path, never "//elsewhere" or an absolute URL: where sign-in may return. */
export function isWorkspacePath(path: string): boolean {
  return /^\/admin(?:[/?#]|$)/.test(path) && !path.startsWith("//");
}
