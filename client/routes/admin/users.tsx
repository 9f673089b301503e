import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { staffRoles, type StaffRole } from "../../../shared/staff-roles";
import { Button } from "../../components/workspace/button";
import { ConfirmButton } from "../../components/workspace/confirm-button";
import { bodyCell, bodyRow, DataTable, headCell } from "../../components/workspace/data-table";
import { EmptyState } from "../../components/workspace/empty-state";
import { SelectField, TextField } from "../../components/workspace/fields";
import { PageHeader } from "../../components/workspace/page-header";
import { StatusBadge, type BadgeTone } from "../../components/workspace/status-badge";
import { toast } from "../../components/workspace/toasts";
import { useStaff } from "../../components/workspace/use-staff";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { Route } from "./+types/users";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Users");
export const handle = workspaceHandle;

type UserStatus = "active" | "invited" | "disabled";
type StaffUser = {
  id: number;
  email: string;
  role: StaffRole;
  status: UserStatus;
  passkeys: number;
  createdAt: string;
  lastSignInAt: string | null;
};
type Invitation = { email: string; role: StaffRole; expiresAt: string };

export async function clientLoader() {
  return workspaceFetch<{ users: StaffUser[]; invitations: Invitation[] }>("/users");
}
clientLoader.hydrate = true as const;

const description = "Who can sign in to the workspace, and with which role.";

export function HydrateFallback() {
  return <PageHeader title="Users" description={description} />;
}

const roleText: Record<StaffRole, string> = {
  admin: "Admin: everything, and users",
  editor: "Editor: projects, news, case studies, screenshots",
  sales: "Sales: leads and appointments",
};

const statusTone: Record<UserStatus, BadgeTone> = { active: "success", invited: "info", disabled: "danger" };
const statusText: Record<UserStatus, string> = { active: "Active", invited: "Invited", disabled: "Disabled" };

function messageOf(error: unknown): string {
  return error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.";
}

/** Staff accounts: the same operations as `site-admin users …`, for admins. */
export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, invitations } = loaderData;
  return (
    <>
      <PageHeader title="Users" description={description} />
      <div className="space-y-12">
        <UserList users={users} />
        <section aria-labelledby="invitations-title" className="space-y-4">
          <h2 id="invitations-title" className="text-2xl font-bold text-ink">
            Pending invitations
          </h2>
          {invitations.length === 0 ? (
            <EmptyState title="No invitation is waiting to be accepted." />
          ) : (
            <DataTable caption="Pending invitations">
              <thead>
                <tr>
                  <th scope="col" className={headCell}>
                    E-mail address
                  </th>
                  <th scope="col" className={headCell}>
                    Role
                  </th>
                  <th scope="col" className={headCell}>
                    Link expires
                  </th>
                </tr>
              </thead>
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
        <InviteForm />
      </div>
    </>
  );
}

function UserList({ users }: { users: StaffUser[] }) {
  const { email: me } = useStaff();
  const revalidator = useRevalidator();

  async function act(user: StaffUser, action: "disable" | "enable" | "reset", done: string) {
    try {
      await workspaceFetch(`/users/${user.id}/${action}`, { method: "POST" });
      toast({ variant: "success", title: done });
      await revalidator.revalidate();
    } catch (caught) {
      toast({ title: "That did not work", description: messageOf(caught) });
    }
  }

  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <h2 id="users-title" className="text-2xl font-bold text-ink">
        Accounts
      </h2>
      <DataTable caption="Staff accounts">
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              E-mail address
            </th>
            <th scope="col" className={headCell}>
              Role
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={headCell}>
              Passkeys
            </th>
            <th scope="col" className={headCell}>
              Last signed in
            </th>
            <th scope="col" className={headCell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={bodyRow}>
              <td className={bodyCell}>{user.email}</td>
              <td className={bodyCell}>{user.role}</td>
              <td className={bodyCell}>
                <StatusBadge tone={statusTone[user.status]}>{statusText[user.status]}</StatusBadge>
              </td>
              <td className={bodyCell}>{user.passkeys}</td>
              <td className={bodyCell}>{user.lastSignInAt ? formatWhen(user.lastSignInAt) : "Never"}</td>
              <td className={`${bodyCell} text-right whitespace-nowrap`}>
                {user.email === me ? (
                  <span className="text-sm text-ink-soft">You</span>
                ) : (
                  <UserActions user={user} act={act} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

function UserActions({
  user,
  act,
}: {
  user: StaffUser;
  act: (user: StaffUser, action: "disable" | "enable" | "reset", done: string) => Promise<void>;
}) {
  return (
    <div className="flex justify-end gap-1">
      {user.status === "disabled" ? (
        <ConfirmButton
          label="Enable"
          accessibleLabel={`Enable ${user.email}`}
          variant="quiet"
          title={`Enable ${user.email}?`}
          confirmLabel="Enable account"
          onConfirm={() => act(user, "enable", `${user.email} can sign in again`)}
        >
          They can sign in again with their passkeys, or their password and authenticator app.
        </ConfirmButton>
      ) : (
        <ConfirmButton
          label="Disable"
          accessibleLabel={`Disable ${user.email}`}
          variant="quiet"
          title={`Disable ${user.email}?`}
          confirmLabel="Disable account"
          onConfirm={() => act(user, "disable", `${user.email} is disabled`)}
        >
          They are signed out everywhere and cannot sign in until an admin enables the account again.
        </ConfirmButton>
      )}
      <ConfirmButton
        label="Reset"
        accessibleLabel={`Reset ${user.email}`}
        variant="quiet"
        title={`Reset ${user.email}?`}
        confirmLabel="Reset sign-in"
        onConfirm={() => act(user, "reset", `${user.email} was sent a new invitation`)}
      >
        Their password, authenticator, passkeys and recovery codes stop working and they are signed out. They
        get an e-mail with a new link to set up their sign-in again.
      </ConfirmButton>
    </div>
  );
}

function InviteForm() {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    setErrors({});
    try {
      const sent = await workspaceFetch<Invitation>("/users/invite", {
        body: { json: { email: fields.get("email"), role: fields.get("role") } },
      });
      form.reset();
      toast({
        variant: "success",
        title: "Invitation sent",
        description: `${sent.email} has 24 hours to accept it.`,
      });
      await revalidator.revalidate();
    } catch (caught) {
      setErrors(
        caught instanceof WorkspaceApiError && Object.keys(caught.fieldErrors).length > 0
          ? caught.fieldErrors
          : { email: messageOf(caught) },
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="invite-title" className="space-y-4">
      <h2 id="invite-title" className="text-2xl font-bold text-ink">
        Invite someone
      </h2>
      <p className="max-w-prose text-ink-soft">
        They get an e-mail with a link that works once, for 24 hours, to choose a password and add an
        authenticator app.
      </p>
      <form
        aria-labelledby="invite-title"
        className="grid max-w-2xl gap-4 sm:grid-cols-2"
        onSubmit={(event) => void invite(event)}
      >
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="off"
          required
          error={errors.email}
        />
        <SelectField
          label="Role"
          name="role"
          required
          defaultValue="editor"
          error={errors.role}
          options={staffRoles.map((role) => ({ value: role, label: roleText[role] }))}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            Send invitation
          </Button>
        </div>
      </form>
    </section>
  );
}
