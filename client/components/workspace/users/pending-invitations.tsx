/** The invitations not yet accepted: send one again with a new link, or withdraw it. */
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { useStepUp } from "#client/components/workspace/account/step-up-dialog.tsx";
import type { Invitation } from "./invite-form";
import { EmailAddress } from "#client/components/workspace/break-points.tsx";

export function PendingInvitations({
  invitations,
  reload,
}: {
  invitations: Invitation[];
  reload: () => Promise<void>;
}) {
  const withStepUp = useStepUp();
  async function act(email: string, change: "resend" | "revoke", done: string) {
    try {
      // Sending an admin's invitation again needs a proof from the last 5 minutes (decision 048).
      await withStepUp(() => workspaceFetch(`/users/invitations/${change}`, { body: { json: { email } } }));
      toast({ variant: "success", title: done });
      await reload();
    } catch (caught) {
      toast({ title: "That did not work", description: apiMessage(caught) });
    }
  }

  const columns: readonly TableColumn<Invitation>[] = [
    {
      header: "E-mail address",
      card: "title",
      cell: (invitation) => <EmailAddress address={invitation.email} />,
    },
    { header: "Role", card: "meta", cell: (invitation) => invitation.role },
    { header: "Link expires", card: "meta", cell: (invitation) => formatWhen(invitation.expiresAt) },
    {
      header: "Actions",
      hideHeader: true,
      card: "actions",
      className: "text-right whitespace-nowrap",
      cell: ({ email }) => (
        <div className="flex justify-end gap-1">
          <Button
            variant="quiet"
            aria-label={`Send the invitation to ${email} again`}
            onClick={() =>
              act(email, "resend", `${email} was sent a new link; the earlier one no longer works`)
            }
          >
            Send again
          </Button>
          <ConfirmButton
            label="Withdraw"
            accessibleLabel={`Withdraw the invitation to ${email}`}
            variant="quiet"
            title={`Withdraw the invitation to ${email}?`}
            confirmLabel="Withdraw invitation"
            onConfirm={() => act(email, "revoke", `The invitation to ${email} is withdrawn`)}
          >
            The link in their e-mail stops working. You can invite them again later.
          </ConfirmButton>
        </div>
      ),
    },
  ];

  return (
    <section className="space-y-4">
      <h2 className="text-2xl font-bold text-ink">Pending invitations</h2>
      {invitations.length === 0 ? (
        <EmptyState title="No invitation is waiting to be accepted." />
      ) : (
        <DataTable
          caption="Pending invitations"
          columns={columns}
          rows={invitations}
          rowKey={(invitation) => `${invitation.email}-${invitation.expiresAt}`}
          rowName={(invitation) => invitation.email}
        />
      )}
    </section>
  );
}
