/**
 * The invitation's role, as a choice that says what each role does: the descriptions are
 * made from the role table (shared/staff-roles.ts), so they name exactly the areas a role
 * opens (decision 068).
 */
import { useId } from "react";
import { roleDescription, roleLabels, staffRoles, type StaffRole } from "#shared/staff-roles.ts";

/** The description without its "Editor: " lead, which the label already says. */
export function roleWork(role: StaffRole): string {
  const text = roleDescription(role).slice(roleLabels[role].length + 2);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

export function RoleChoice({ defaultValue, error }: { defaultValue: StaffRole; error?: string }) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium text-ink">Role</legend>
      {staffRoles.map((role) => (
        <label
          key={role}
          className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-control border border-line-strong bg-surface p-3 text-ink has-[:checked]:border-brand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
        >
          <input
            type="radio"
            name="role"
            value={role}
            // The error summary links to a refused role by its control's id.
            id={`${id}-${role}-choice`}
            defaultChecked={role === defaultValue}
            aria-describedby={`${id}-${role}`}
            className="row-span-2 mt-1 size-5"
          />
          <span className="font-semibold">{roleLabels[role]}</span>
          <span id={`${id}-${role}`} className="col-start-2 text-sm text-ink-soft">
            {roleWork(role)}
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
