/**
 * Who may do what in the staff workspace (docs/decisions/027-staff-authentication.md).
 * Kept free of server imports: the workspace's pages read the same table.
 */
export const staffRoles = ["admin", "editor", "sales"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The parts of the workspace a role is given. Everyone signed in has their own account. */
export type WorkspaceArea = "leads" | "content" | "users" | "account";

const areasByRole: Record<StaffRole, readonly WorkspaceArea[]> = {
  // sales works leads and appointments; editor manages projects, news, case studies and
  // screenshots; admin both, and the staff accounts and audit log.
  sales: ["leads", "account"],
  editor: ["content", "account"],
  admin: ["leads", "content", "users", "account"],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export function mayUse(role: StaffRole, area: WorkspaceArea): boolean {
  return areasByRole[role].includes(area);
}

/** The signed-in member of staff a request carries (res.locals.staff, context.staff). */
export type Staff = {
  userId: number;
  email: string;
  role: StaffRole;
  /** SHA-256 of the session's token: names the session without being able to use it. */
  sessionId: string;
  /** To send back in X-CSRF-Token on every state-changing request. */
  csrfToken: string;
};
