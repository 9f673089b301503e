import { useRouteLoaderData } from "react-router";
import type { StaffRole } from "#shared/staff-roles.ts";

/**
 * The signed-in member of staff, from the workspace layout's loader, in any page inside
 * the layout: `const { email, role } = useStaff();` then `mayUse(role, "users")` to show
 * or hide an action.
 */
export type SignedInStaff = { email: string; role: StaffRole; csrfToken: string };

export const workspaceLayoutId = "routes/workspace/layout";

export function useStaff(): SignedInStaff {
  const staff = useRouteLoaderData(workspaceLayoutId) as SignedInStaff | undefined;
  if (!staff) throw new Error("useStaff is for pages inside the workspace layout.");
  return staff;
}
