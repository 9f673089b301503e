/** The invitations not yet accepted: send one again with a new link, or withdraw it. */
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { bodyCell, bodyRow, DataTable } from "#client/components/workspace/data-table.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Invitation } from "./invite-form";

export function PendingInvitations({
  invitations,
  reload,
}: {
  invitations: Invitation[];
  reload: () => Promise<void>;
}) {
  async function act(email: string, change: "resend" | "revoke", done: string) {
    try {
      await workspaceFetch(`/users/invitations/${change}`, { body: { json: { email } } });
      toast({ variant: "success", title: done });
      await reload();
    } catch (caught) {
      toast({ title: "That did not work", description: apiMessage(caught) });
    }
  }

  return (
    <section className="space-y-4">
      <h2 className="text-2xl font-bold text-ink">Pending invitations</h2>
      {invitations.length === 0 ? (
        <EmptyState title="No invitation is waiting to be accepted." />
      ) : (
        <DataTable
          caption="Pending invitations"
          columns={["E-mail address", "Role", "Link expires", { hidden: "Actions" }]}
        >
          <tbody>
            {invitations.map((invitation) => (
              <tr key={`${invitation.email}-${invitation.expiresAt}`} className={bodyRow}>
                <td className={`${bodyCell} break-all`}>{invitation.email}</td>
                <td className={bodyCell}>{invitation.role}</td>
                <td className={bodyCell}>{formatWhen(invitation.expiresAt)}</td>
                <td className={`${bodyCell} text-right`}>
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button
                      variant="quiet"
                      aria-label={`Send the invitation to ${invitation.email} again`}
                      onClick={() =>
                        act(
                          invitation.email,
                          "resend",
                          `${invitation.email} was sent a new link; the earlier one no longer works`,
                        )
                      }
                    >
                      Send again
                    </Button>
                    <ConfirmButton
                      label="Withdraw"
                      accessibleLabel={`Withdraw the invitation to ${invitation.email}`}
                      variant="quiet"
                      title={`Withdraw the invitation to ${invitation.email}?`}
                      confirmLabel="Withdraw invitation"
                      onConfirm={() =>
                        act(invitation.email, "revoke", `The invitation to ${invitation.email} is withdrawn`)
                      }
                    >
                      The link in their e-mail stops working. You can invite them again later.
                    </ConfirmButton>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
