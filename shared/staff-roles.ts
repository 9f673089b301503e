import { staffPaths } from "./staff-paths";

/**
 * Who may do what in the staff workspace (docs/decisions/027-staff-authentication.md,
 * docs/decisions/068-roles-that-fit.md). Shared: the server's guard, the operations'
 * policy and the workspace's pages (its nav, its overview, the role descriptions, its
 * refusals) read the same table.
 */
export const staffRoles = ["admin", "editor", "sales"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * The parts of the workspace a role is given. Everyone signed in has their own account.
 * `contact` is the part of the site settings visitors read as contact details (phone,
 * address, contact e-mail, LinkedIn, the map); `settings` is the rest, which decides where
 * the site's e-mails go and under what name, and the booking calendar.
 */
export type WorkspaceArea = "leads" | "content" | "contact" | "users" | "settings" | "account";

const areasByRole: Record<StaffRole, readonly WorkspaceArea[]> = {
  sales: ["leads", "account"],
  // Marketing: everything visitors read, the contact details and map included.
  editor: ["content", "contact", "account"],
  admin: ["leads", "content", "contact", "users", "settings", "account"],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export function mayUse(role: StaffRole, area: WorkspaceArea): boolean {
  return areasByRole[role].includes(area);
}

/** The areas a role is given, in the table's order. */
export function areasOf(role: StaffRole): readonly WorkspaceArea[] {
  return areasByRole[role];
}

/** A role as staff read it. */
export const roleLabels: Record<StaffRole, string> = { admin: "Admin", editor: "Editor", sales: "Sales" };

/** Someone of a role, inside a sentence: "Only an admin can change …". */
export const someoneOfRole: Record<StaffRole, string> = {
  admin: "an admin",
  editor: "an editor",
  sales: "someone in sales",
};

/**
 * What each area lets someone do, in the workspace's words. A role's description is made
 * of its areas' (roleDescription), so it cannot promise what the table does not give.
 */
export const areaWork: Record<Exclude<WorkspaceArea, "account">, string> = {
  leads: "follows up leads and appointment requests, and runs the meetings",
  content: "edits every page’s words and search snippet, projects, news, case studies and screenshots",
  contact: "changes the phone number, street address, LinkedIn page and the map",
  users: "invites staff, changes their roles and reads the audit log",
  settings: "decides where lead e-mails go and who sends the site’s e-mails, and sets the booking calendar",
};

/** "Editor: edits every page’s words …; changes the phone number …." */
export function roleDescription(role: StaffRole): string {
  const work = areasByRole[role].flatMap((area) => (area === "account" ? [] : [areaWork[area]]));
  return `${roleLabels[role]}: ${work.join("; ")}.`;
}

/** The first segment after /admin of each area's pages. */
const areaBySegment: Record<string, WorkspaceArea> = {
  [segmentOf(staffPaths.leads)]: "leads",
  [segmentOf(staffPaths.meetings)]: "leads",
  [segmentOf(staffPaths.notifications)]: "leads",
  [segmentOf(staffPaths.content)]: "content",
  [segmentOf(staffPaths.screenshots)]: "content",
  [segmentOf(staffPaths.snippets)]: "content",
  [segmentOf(staffPaths.pages)]: "content",
  [segmentOf(staffPaths.users)]: "users",
  [segmentOf(staffPaths.audit)]: "users",
  // Editors open the settings page for the contact details; the rest is shown read-only.
  [segmentOf(staffPaths.settings)]: "contact",
  [segmentOf(staffPaths.account)]: "account",
};

function segmentOf(path: string): string {
  return path.split("/")[2] ?? "";
}

/** The area a workspace page belongs to; null for the home page and paths of no area. */
export function areaOfPath(pathname: string): WorkspaceArea | null {
  return areaBySegment[segmentOf(pathname)] ?? null;
}
