/** The account page's passkeys: the list, "Add a passkey" (named) and remove. */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { actionColumn, DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { withPasskeyPrompt } from "#client/components/workspace/passkey-errors.ts";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { useStepUp } from "./step-up-dialog";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export function Passkeys({ passkeys, reload }: { passkeys: Passkey[]; reload: () => Promise<void> }) {
  const withStepUp = useStepUp();
  // The whole ceremony again after "Confirm it's you": its challenge was never issued.
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(
    async (fields, { form }) => {
      const name = String(fields.get("name") ?? "").trim();
      // The name goes with the options too, so a missing one is said before the device's prompt.
      const optionsJSON = await workspaceFetch<PublicKeyCredentialCreationOptionsJSON>("/passkeys/options", {
        body: { json: { name } },
      });
      const response = await withPasskeyPrompt(() => startRegistration({ optionsJSON }));
      await workspaceFetch("/passkeys", { body: { json: { response, name } } });
      form.reset();
      toast({
        variant: "success",
        title: "Passkey added",
        description: `Next time, sign in with “${name}”.`,
      });
      await reload();
    },
    { stepUp: true },
  );

  async function remove(passkey: Passkey) {
    try {
      await withStepUp(() =>
        workspaceFetch(`/passkeys/${encodeURIComponent(passkey.id)}`, { method: "DELETE" }),
      );
      toast({ variant: "success", title: "Passkey removed" });
      await reload();
    } catch (caught) {
      toast({ title: "Could not remove the passkey", description: messageOf(caught) });
    }
  }

  const columns: readonly TableColumn<Passkey>[] = [
    { header: "Name", card: "title", cell: (passkey) => passkey.name },
    { header: "Added", card: "meta", cell: (passkey) => formatWhen(passkey.createdAt) },
    {
      header: "Last used",
      card: "meta",
      cell: (passkey) => (passkey.lastUsedAt ? formatWhen(passkey.lastUsedAt) : "Never"),
    },
    actionColumn((passkey) => (
      <ConfirmButton
        label="Remove"
        accessibleLabel={`Remove ${passkey.name}`}
        variant="quiet"
        title={`Remove “${passkey.name}”?`}
        confirmLabel="Remove passkey"
        onConfirm={() => remove(passkey)}
      >
        You can no longer sign in with it. Your password and authenticator app still work.
      </ConfirmButton>
    )),
  ];

  return (
    <TitledSection id="passkeys" title="Passkeys">
      <p className="max-w-prose text-ink-soft">
        A passkey signs you in with this device’s screen lock or a security key: no password or code to type,
        and nothing a fake site could reuse.
      </p>
      {passkeys.length === 0 ? (
        <EmptyState title="You have no passkey yet.">Add one below to sign in faster.</EmptyState>
      ) : (
        <DataTable
          caption="Your passkeys"
          columns={columns}
          rows={passkeys}
          rowKey={(passkey) => passkey.id}
          rowName={(passkey) => passkey.name}
        />
      )}
      <form aria-label="Add a passkey" className="flex flex-wrap items-end gap-3" noValidate {...formProps}>
        <div className="w-full empty:hidden">
          <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
        </div>
        <div className="w-full max-w-sm">
          <TextField
            label="Passkey name"
            name="name"
            required
            limit={60}
            description="So you can tell them apart, e.g. “Work laptop”."
            error={fieldErrors.name}
          />
        </div>
        <Button type="submit" busy={busy}>
          Add a passkey
        </Button>
      </form>
    </TitledSection>
  );
}
