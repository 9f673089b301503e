import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { mayUse, type StaffRole, type WorkspaceArea } from "#shared/staff-roles.ts";

/** The workspace's sections in its header, each shown only to roles given its area. */
export type NavItem = { label: string; href: string; area: WorkspaceArea | null };

export const navItems: readonly NavItem[] = [
  { label: "Overview", href: staffPaths.overview, area: null },
  { label: "Insights", href: staffPaths.insights, area: null },
  { label: "Leads", href: staffPaths.leads, area: "leads" },
  { label: "Meetings", href: staffPaths.meetings, area: "leads" },
  { label: "Notifications", href: staffPaths.notifications, area: "leads" },
  { label: "Projects", href: staffPath(staffPaths.content, { kind: "projects" }), area: "content" },
  { label: "News", href: staffPath(staffPaths.content, { kind: "news" }), area: "content" },
  { label: "Case studies", href: staffPath(staffPaths.content, { kind: "case-studies" }), area: "content" },
  { label: "Screenshots", href: staffPaths.screenshots, area: "content" },
  { label: "Search snippets", href: staffPaths.snippets, area: "content" },
  { label: "Pages", href: staffPaths.pages, area: "content" },
  { label: "Users", href: staffPaths.users, area: "users" },
  { label: "Audit log", href: staffPaths.audit, area: "users" },
  { label: "Settings", href: staffPaths.settings, area: "contact" },
  { label: "Account", href: staffPaths.account, area: "account" },
];

export function navFor(role: StaffRole): NavItem[] {
  return navItems.filter((item) => item.area === null || mayUse(role, item.area));
}

/** The item for the current page: the longest href the path starts with. */
export function currentItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
}
