import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/users";
import { UserList } from "#client/components/workspace/users/user-table.tsx";
import type { StaffUserSummary } from "#shared/staff-user-summary.ts";
import { InviteForm, type Invitation } from "#client/components/workspace/users/invite-form.tsx";
import { PendingInvitations } from "#client/components/workspace/users/pending-invitations.tsx";
import { StepUpProvider } from "#client/components/workspace/account/step-up-dialog.tsx";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Users");
export const handle = workspaceHandle;

type UsersData = { users: StaffUserSummary[]; invitations: Invitation[] };

function loadUsers() {
  return workspaceFetch<UsersData>("/users");
}

export async function clientLoader() {
  return loadUsers();
}
clientLoader.hydrate = true as const;

const description = "Who can sign in to the workspace, and with which role.";

export function HydrateFallback() {
  return <PageHeader title="Users" description={description} />;
}

/** Staff accounts: the same operations as `site-admin users …`, for admins. */
export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const [{ users, invitations }, reload] = useReloadable(loaderData, loadUsers);
  return (
    <>
      <PageHeader title="Users" description={description} />
      <StepUpProvider>
        <div className="space-y-12">
          <UserList users={users} reload={reload} />
          <PendingInvitations invitations={invitations} reload={reload} />
          <InviteForm reload={reload} />
        </div>
      </StepUpProvider>
    </>
  );
}
