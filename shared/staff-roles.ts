import { staffPaths } from "./staff-paths";

/**
 * Who may do what in the staff workspace (docs/decisions/027-staff-authentication.md).
 * Shared: the server's guard and the workspace's pages (its nav, its refusals) read the
 * same table.
 */
export const staffRoles = ["admin", "editor", "sales"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The parts of the workspace a role is given. Everyone signed in has their own account. */
export type WorkspaceArea = "leads" | "content" | "users" | "settings" | "account";

const areasByRole: Record<StaffRole, readonly WorkspaceArea[]> = {
  // sales works leads and appointments; editor manages projects, news, case studies and
  // screenshots; admin both, and the staff accounts, audit log and site settings.
  sales: ["leads", "account"],
  editor: ["content", "account"],
  admin: ["leads", "content", "users", "settings", "account"],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export function mayUse(role: StaffRole, area: WorkspaceArea): boolean {
  return areasByRole[role].includes(area);
}

/** The first segment after /admin of each area's pages. */
const areaBySegment: Record<string, WorkspaceArea> = {
  [segmentOf(staffPaths.leads)]: "leads",
  [segmentOf(staffPaths.meetings)]: "leads",
  [segmentOf(staffPaths.notifications)]: "leads",
  [segmentOf(staffPaths.content)]: "content",
  [segmentOf(staffPaths.screenshots)]: "content",
  [segmentOf(staffPaths.search)]: "content",
  [segmentOf(staffPaths.users)]: "users",
  [segmentOf(staffPaths.audit)]: "users",
  [segmentOf(staffPaths.settings)]: "settings",
  [segmentOf(staffPaths.account)]: "account",
};

function segmentOf(path: string): string {
  return path.split("/")[2] ?? "";
}

/** The area a workspace page belongs to; null for the home page and paths of no area. */
export function areaOfPath(pathname: string): WorkspaceArea | null {
  return areaBySegment[segmentOf(pathname)] ?? null;
}
