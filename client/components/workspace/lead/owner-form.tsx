/** Who answers a lead or appointment request, changed as `leads assign ID EMAIL` does. */
import type { AssignableStaff, StaffRef } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField } from "#client/components/workspace/fields.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { useStaff } from "#client/components/workspace/use-staff.ts";

/** " (disabled)" after an account that can no longer sign in, else nothing. */
export const disabledNote = (staff: StaffRef) => (staff.disabled ? " (disabled)" : "");

/** "ana@agency.co.za", or "ana@agency.co.za (disabled)". */
export const staffLabel = (staff: StaffRef) => `${staff.email}${disabledNote(staff)}`;

/**
 * The owner a press asks for: the signed-in member's own address for "Assign to me", else
 * the select's choice ("" for nobody). Taking a lead oneself is one press, without finding
 * one's own address in the list.
 */
export function chosenOwner(fields: FormData, submitter: HTMLElement | null | undefined, me: string): string {
  return submitter?.dataset.assign === "me" ? me : String(fields.get("owner") ?? "");
}

/** Who an owner is, as a toast says it to the person who chose: "you", an address, or "nobody". */
export const ownerWord = (chosen: string, me: string) => (chosen === me ? "you" : chosen || "nobody");

/** The second submit button of an owner form; `chosenOwner` reads it. */
export function AssignToMeButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" variant="secondary" data-assign="me" disabled={busy}>
      Assign to me
    </Button>
  );
}

/** The owner choices: nobody, each active sales or admin account, and a disabled current owner as it is. */
export function ownerOptions(owners: readonly AssignableStaff[], current: StaffRef | null) {
  const options = [
    { value: "", label: "Nobody" },
    ...owners.map((owner) => ({ value: owner.email, label: `${owner.email} (${owner.role})` })),
  ];
  if (current && !owners.some((owner) => owner.email === current.email)) {
    options.push({ value: current.email, label: staffLabel(current) });
  }
  return options;
}

export function OwnerForm({
  id,
  owner,
  owners,
  reload,
}: {
  id: string;
  owner: StaffRef | null;
  owners: readonly AssignableStaff[];
  reload: () => Promise<void>;
}) {
  const { email: me } = useStaff();
  const canTake = owners.some((staff) => staff.email === me) && owner?.email !== me;
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async (fields, { submitter }) => {
    const chosen = chosenOwner(fields, submitter, me);
    const result = await workspaceFetch<{ changed: string[] }>("/inbox/assign", {
      body: { json: { ids: [id], owner: chosen === "" ? null : chosen } },
    });
    toast({
      variant: "success",
      title:
        result.changed.length === 0
          ? "Nothing changed: it was already so"
          : `Assigned to ${ownerWord(chosen, me)}`,
    });
    await reload();
  });
  return (
    <TitledSection id="owner" title="Owner">
      <p className="text-ink-soft" data-testid="owner-now">
        {owner ? `Assigned to ${owner.email === me ? "you" : staffLabel(owner)}.` : "Nobody is assigned yet."}
        {owner?.disabled ? " That account is disabled: assign it to someone who can answer." : ""}
      </p>
      <form key={owner?.email ?? ""} {...formProps} noValidate className="space-y-4">
        <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
        <SelectField
          label="Assign to"
          name="owner"
          options={ownerOptions(owners, owner)}
          defaultValue={owner?.email ?? ""}
          description="Sales and admin staff with an active account."
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            Save owner
          </Button>
          {canTake ? <AssignToMeButton busy={busy} /> : null}
        </div>
      </form>
    </TitledSection>
  );
}
