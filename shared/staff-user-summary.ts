import type { StaffRole } from "./staff-roles";

export type StaffUserStatus = "active" | "invited" | "disabled";

/**
 * A staff account as the workspace's users API and `site-admin users list --json` give it:
 * the server builds it from the row (server/auth/accounts.ts), the users page shows it.
 */
export type StaffUserSummary = {
  id: number;
  email: string;
  role: StaffRole;
  status: StaffUserStatus;
  passkeys: number;
  createdAt: string;
  lastSignInAt: string | null;
};
