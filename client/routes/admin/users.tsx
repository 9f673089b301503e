import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/users";
import { UserList } from "#client/components/workspace/users/user-table.tsx";
import type { StaffUserSummary } from "#shared/staff-user-summary.ts";
import { InviteForm, type Invitation } from "#client/components/workspace/users/invite-form.tsx";

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

const invitationColumns: readonly TableColumn<Invitation>[] = [
  { header: "E-mail address", card: "title", cell: (invitation) => invitation.email },
  { header: "Role", card: "meta", cell: (invitation) => invitation.role },
  { header: "Link expires", card: "meta", cell: (invitation) => formatWhen(invitation.expiresAt) },
];

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
      <div className="space-y-12">
        <UserList users={users} reload={reload} />
        <section className="space-y-4">
          <h2 className="text-2xl font-bold text-ink">Pending invitations</h2>
          {invitations.length === 0 ? (
            <EmptyState title="No invitation is waiting to be accepted." />
          ) : (
            <DataTable
              caption="Pending invitations"
              columns={invitationColumns}
              rows={invitations}
              rowKey={(invitation) => `${invitation.email}-${invitation.expiresAt}`}
              rowName={(invitation) => invitation.email}
            />
          )}
        </section>
        <InviteForm reload={reload} />
      </div>
    </>
  );
}
