import { bodyCell, bodyRow, DataTable } from "../../components/workspace/data-table";
import { EmptyState } from "../../components/workspace/empty-state";
import { PageHeader } from "../../components/workspace/page-header";
import { useReloadable } from "../../components/workspace/use-reloadable";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { Route } from "./+types/users";
import { UserList, type StaffUser } from "../../components/workspace/users/user-table";
import { InviteForm, type Invitation } from "../../components/workspace/users/invite-form";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Users");
export const handle = workspaceHandle;

type UsersData = { users: StaffUser[]; invitations: Invitation[] };

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
      <div className="space-y-12">
        <UserList users={users} reload={reload} />
        <section className="space-y-4">
          <h2 className="text-2xl font-bold text-ink">Pending invitations</h2>
          {invitations.length === 0 ? (
            <EmptyState title="No invitation is waiting to be accepted." />
          ) : (
            <DataTable caption="Pending invitations" columns={["E-mail address", "Role", "Link expires"]}>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={`${invitation.email}-${invitation.expiresAt}`} className={bodyRow}>
                    <td className={bodyCell}>{invitation.email}</td>
                    <td className={bodyCell}>{invitation.role}</td>
                    <td className={bodyCell}>{formatWhen(invitation.expiresAt)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </section>
        <InviteForm reload={reload} />
      </div>
    </>
  );
}
