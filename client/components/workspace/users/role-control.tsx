/** Another member's role, changed in place: a select and a button, after "Confirm it's you" when asked. */
import { useId, useState, type FormEvent } from "react";
import type { StaffUserSummary } from "#shared/staff-user-summary.ts";
import { roleLabels, staffRoles, type StaffRole } from "#shared/staff-roles.ts";
import { useStepUp } from "#client/components/workspace/account/step-up-dialog.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { workspaceFetch } from "#client/lib/workspace-api.ts";

export function RoleControl({ user, reload }: { user: StaffUserSummary; reload: () => Promise<void> }) {
  const withStepUp = useStepUp();
  const [role, setRole] = useState<StaffRole>(user.role);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  async function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await withStepUp(() => workspaceFetch(`/users/${user.id}/role`, { body: { json: { role } } }));
      toast({ variant: "success", title: `${user.email} now has the ${role} role` });
      await reload();
    } catch (caught) {
      setRole(user.role);
      toast({ title: "The role was not changed", description: apiMessage(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={change} className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Role of {user.email}
      </label>
      <select
        id={selectId}
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRole)}
        className="min-h-11 rounded-control border border-line-strong bg-surface px-2 text-ink"
      >
        {staffRoles.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </select>
      {role !== user.role ? (
        <Button
          type="submit"
          variant="secondary"
          busy={busy}
          aria-label={`Change the role of ${user.email} to ${role}`}
        >
          Change
        </Button>
      ) : null}
    </form>
  );
}
