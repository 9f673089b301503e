/** The account page's recovery codes: a new set on request, after a fresh proof. */
import { useState } from "react";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { RecoveryCodes } from "#client/components/workspace/recovery-codes.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { useStepUp } from "./step-up-dialog";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";

export function NewRecoveryCodes() {
  const withStepUp = useStepUp();
  const { email } = useStaff();
  const [codes, setCodes] = useState<string[] | null>(null);
  async function renew() {
    try {
      const { recoveryCodes } = await withStepUp(() =>
        workspaceFetch<{ recoveryCodes: string[] }>("/recovery-codes", { method: "POST" }),
      );
      setCodes(recoveryCodes);
    } catch (caught) {
      toast({ title: "Could not make new recovery codes", description: messageOf(caught) });
    }
  }
  return (
    <TitledSection id="recovery" title="Recovery codes">
      {codes ? (
        <RecoveryCodes codes={codes} account={email} onSaved={() => setCodes(null)} />
      ) : (
        <>
          <p className="max-w-prose text-ink-soft">
            Lost your codes, or used most of them? Make a new set: the old ones stop working.
          </p>
          <ConfirmButton
            label="Make new recovery codes"
            variant="secondary"
            title="Make new recovery codes?"
            confirmLabel="Make new codes"
            onConfirm={renew}
          >
            Your current recovery codes stop working at once.
          </ConfirmButton>
        </>
      )}
    </TitledSection>
  );
}
