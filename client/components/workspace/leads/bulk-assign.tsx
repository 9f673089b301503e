/** Assigning the ticked rows of the inbox to one owner, or to nobody, as `leads assign` does. */
import { useState, type FormEvent } from "react";
import type { AssignableStaff } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
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
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const { email: me } = useStaff();
  const canTake = owners.some((staff) => staff.email === me);
  async function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = chosenOwner(new FormData(event.currentTarget), pressed, me);
    setError("");
    if (selected.length === 0) return setError("Tick the leads to assign first.");
    setBusy(true);
    try {
      const result = await workspaceFetch<{ changed: string[] }>("/inbox/assign", {
        body: { json: { ids: selected, owner: chosen === "" ? null : chosen } },
      });
      const count = result.changed.length;
      toast({
        variant: "success",
        title: `${count === 1 ? "1 lead" : `${count} leads`} assigned to ${ownerWord(chosen, me)}`,
      });
      await done();
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      aria-label="Assign the ticked leads"
      onSubmit={(event) => void assign(event)}
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
