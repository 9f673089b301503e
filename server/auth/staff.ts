/**
 * Who may do what in the staff workspace: the role table lives in shared/ so the
 * workspace's pages read the same one (docs/decisions/028-staff-workspace-ui.md).
 */
import type { StaffRole } from "#shared/staff-roles.ts";

export { isStaffRole, mayUse, staffRoles } from "#shared/staff-roles.ts";
export type { StaffRole, WorkspaceArea } from "#shared/staff-roles.ts";

/** The signed-in member of staff a request carries (res.locals.staff, context.staff). */
export type Staff = {
  userId: number;
  email: string;
  role: StaffRole;
  /** SHA-256 of the session's token: names the session without being able to use it. */
  sessionId: string;
  /** To send back in X-CSRF-Token on every state-changing request. */
  csrfToken: string;
  /** When the session last proved who is using it (sign-in or "Confirm it's you"), ISO; null if never. */
  provedAt: string | null;
};
