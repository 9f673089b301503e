/** Deleting what the bot traps held back, after a confirmation, as `leads purge --suspected` does. */
import { inboxFormLabels } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function PurgeSuspected({
  form,
  count,
  reload,
}: {
  form?: string;
  count: number;
  reload: () => Promise<void>;
}) {
  const which = form && form in inboxFormLabels ? inboxFormLabels[form as keyof typeof inboxFormLabels] : "";
  async function purge() {
    try {
      const { deleted } = await workspaceFetch<{ deleted: number }>("/inbox/purge", {
        body: { json: form ? { form } : {} },
      });
      toast({
        variant: "success",
        title: deleted === 1 ? "1 submission deleted" : `${deleted} submissions deleted`,
      });
      await reload();
    } catch (error) {
      toast({
        title: "Could not purge suspected spam",
        description: apiMessage(error),
      });
    }
  }
  if (count === 0) return null;
  return (
    <TitledSection id="purge" title="Purge suspected spam" className="mt-10 space-y-3">
      <p className="text-ink-soft">
        Deletes every submission held back as suspected spam{which ? ` from the ${which} form` : ""}. Release
        a real one first.
      </p>
      <ConfirmButton
        label="Purge suspected spam"
        title="Delete all suspected spam?"
        confirmLabel="Delete them"
        onConfirm={purge}
      >
        {count === 1 ? "1 submission" : `${count} submissions`} held back as suspected spam
        {which ? ` from the ${which} form` : ""} will be deleted. This cannot be undone.
      </ConfirmButton>
    </TitledSection>
  );
}
