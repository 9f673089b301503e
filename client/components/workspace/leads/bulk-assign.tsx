/** Assigning the ticked rows of the inbox to one owner, or to nobody, as `leads assign` does. */
import type { AssignableStaff } from "#shared/inbox.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import {
  AssignToMeButton,
  chosenOwner,
  ownerOptions,
  ownerWord,
} from "#client/components/workspace/lead/owner-form.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { useStaff } from "#client/components/workspace/use-staff.ts";

export function BulkAssign({
  selected,
  owners,
  done,
}: {
  selected: readonly string[];
  owners: readonly AssignableStaff[];
  /** After a change: clear the ticks and reload the list. */
  done: () => Promise<void>;
}) {
  const { email: me } = useStaff();
  const canTake = owners.some((staff) => staff.email === me);
  // The ticks are the page's, not the form's: nothing to ask before leaving.
  const { error, busy, formProps } = useFormSave(
    async (fields, { submitter }) => {
      const chosen = chosenOwner(fields, submitter, me);
      if (selected.length === 0) throw new WorkspaceApiError("Tick the leads to assign first.", 0);
      const result = await workspaceFetch<{ changed: string[] }>("/inbox/assign", {
        body: { json: { ids: selected, owner: chosen === "" ? null : chosen } },
      });
      const count = result.changed.length;
      toast({
        variant: "success",
        title: `${count === 1 ? "1 lead" : `${count} leads`} assigned to ${ownerWord(chosen, me)}`,
      });
      await done();
    },
    { dirty: false },
  );
  return (
    <form
      aria-label="Assign the ticked leads"
      {...formProps}
      // On a phone it takes no room until a lead is ticked, then stays at the foot of the
      // screen (fixed: the cards under a finger do not move while it ticks them).
      className={`mb-4 flex flex-wrap items-end gap-3 ${
        selected.length === 0
          ? "max-sm:hidden"
          : "max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:mb-0 max-sm:border-t max-sm:border-line max-sm:bg-surface max-sm:p-4"
      }`}
    >
      {error ? (
        <Notice tone="danger" className="w-full">
          {error}
        </Notice>
      ) : null}
      <SelectField
        label={`Assign ${selected.length === 1 ? "1 ticked lead" : `${selected.length} ticked leads`} to`}
        name="owner"
        options={ownerOptions(owners, null)}
        defaultValue=""
      />
      <Button type="submit" variant="secondary" busy={busy}>
        Assign
      </Button>
      {canTake ? <AssignToMeButton busy={busy} /> : null}
    </form>
  );
}
