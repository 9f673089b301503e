/** The users page's accounts: role (changed in place), status, passkeys, last sign-in; disable, enable and reset. */
import type { StaffUserStatus, StaffUserSummary } from "#shared/staff-user-summary.ts";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { StatusBadge, type BadgeTone } from "#client/components/workspace/status-badge.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { useStepUp } from "#client/components/workspace/account/step-up-dialog.tsx";
import { RoleControl } from "./role-control";
import { EmailAddress } from "#client/components/workspace/break-points.tsx";

const statusTone: Record<StaffUserStatus, BadgeTone> = {
  active: "success",
  invited: "info",
  disabled: "danger",
};

const statusText: Record<StaffUserStatus, string> = {
  active: "Active",
  invited: "Invited",
  disabled: "Disabled",
};

export function UserList({ users, reload }: { users: StaffUserSummary[]; reload: () => Promise<void> }) {
  const { email: me } = useStaff();
  const withStepUp = useStepUp();

  async function act(user: StaffUserSummary, action: "disable" | "enable" | "reset", done: string) {
    try {
      // Each of these needs a proof from the last 5 minutes (decision 048).
      await withStepUp(() => workspaceFetch(`/users/${user.id}/${action}`, { method: "POST" }));
      toast({ variant: "success", title: done });
      await reload();
    } catch (caught) {
      toast({ title: "That did not work", description: messageOf(caught) });
    }
  }

  const columns: readonly TableColumn<StaffUserSummary>[] = [
    {
      header: "E-mail address",
      card: "title",
      cell: (user) =>
        user.email === me ? (
          <>
            <EmailAddress address={user.email} /> <StatusBadge tone="brand">You</StatusBadge>
          </>
        ) : (
          <EmailAddress address={user.email} />
        ),
    },
    {
      header: "Role",
      card: "meta",
      // Nobody changes their own role (server/auth/accounts.ts): theirs is text.
      cell: (user) => (user.email === me ? user.role : <RoleControl user={user} reload={reload} />),
    },
    {
      header: "Status",
      card: "status",
      cell: (user) => <StatusBadge tone={statusTone[user.status]}>{statusText[user.status]}</StatusBadge>,
    },
    { header: "Passkeys", card: "meta", cell: (user) => user.passkeys },
    {
      header: "Last signed in",
      card: "meta",
      cell: (user) => (user.lastSignInAt ? formatWhen(user.lastSignInAt) : "Never"),
    },
    {
      header: "Actions",
      hideHeader: true,
      card: "actions",
      className: "text-right whitespace-nowrap",
      cell: (user) => (user.email === me ? null : <UserActions user={user} act={act} />),
    },
  ];

  return (
    <section className="space-y-4">
      <h2 className="text-2xl font-bold text-ink">Accounts</h2>
      <DataTable
        caption="Staff accounts"
        columns={columns}
        rows={users}
        rowKey={(user) => user.id}
        rowName={(user) => user.email}
      />
    </section>
  );
}

export function UserActions({
  user,
  act,
}: {
  user: StaffUserSummary;
  act: (user: StaffUserSummary, action: "disable" | "enable" | "reset", done: string) => Promise<void>;
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
