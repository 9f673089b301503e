/**
 * Transitional: staff roles live in server/auth/staff.ts. Kept only until the site-admin
 * modules import them from there (docs/decisions/034-server-layers.md).
 */
export { isStaffRole, staffRoles, type StaffRole } from "../auth/staff";
