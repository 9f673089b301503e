/** Another member's role, changed in place: a select and a button, after "Confirm it's you" when asked. */
import { useId, useState } from "react";
import type { StaffUserSummary } from "#shared/staff-user-summary.ts";
import { roleLabels, staffRoles, type StaffRole } from "#shared/staff-roles.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";

export function RoleControl({ user, reload }: { user: StaffUserSummary; reload: () => Promise<void> }) {
  const [role, setRole] = useState<StaffRole>(user.role);
  const selectId = useId();
  // Asks "Confirm it's you" when the server does; a choice in a row, so nothing to ask before leaving.
  const { busy, formProps } = useFormSave(
    async () => {
      await workspaceFetch(`/users/${user.id}/role`, { body: { json: { role } } });
      toast({ variant: "success", title: `${user.email} now has the ${role} role` });
      await reload();
    },
    {
      stepUp: true,
      dirty: false,
      onRefused: (message) => {
        setRole(user.role);
        toast({ title: "The role was not changed", description: message });
      },
    },
  );

  return (
    <form {...formProps} className="flex flex-wrap items-center gap-2">
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
