/** The account page's "Replace your authenticator app": a new key to scan, confirmed by a code from it. */
import { useState } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import {
  AuthenticatorCodeField,
  AuthenticatorKey,
  type Enrolment,
} from "#client/components/workspace/authenticator-key.tsx";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function ReplaceAuthenticator() {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  // A choice sent at once: nothing typed to lose by leaving.
  const starting = useFormSave(
    async () =>
      setEnrolment(await workspaceFetch<Enrolment>("/account/authenticator/options", { method: "POST" })),
    { stepUp: true, dirty: false },
  );
  const confirming = useFormSave(
    async (fields) => {
      const code = String(fields.get("code") ?? "").replace(/\s/g, "");
      // The flow begun after "Confirm it's you" is the proof here (server/workspace/account-routes.ts).
      await workspaceFetch("/account/authenticator", { body: { json: { code } } });
      setEnrolment(null);
      toast({
        variant: "success",
        title: "Authenticator app replaced",
        description: "Sign in with codes from the new app from now on.",
      });
    },
    { dirty: false },
  );

  return (
    <TitledSection id="authenticator" title="Authenticator app">
      {enrolment ? (
        <form
          aria-label="Set up the new authenticator app"
          className="max-w-sm space-y-4"
          {...confirming.formProps}
        >
          <p className="text-ink-soft">
            Scan this QR code with the new app. Your old app keeps working until you confirm a code from the
            new one.
          </p>
          <AuthenticatorKey enrolment={enrolment} testId="new-totp-secret" />
          <AuthenticatorCodeField label="Code from the new app" error={confirming.error} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={confirming.busy}>
              Use the new app
            </Button>
            <Button variant="secondary" onClick={() => setEnrolment(null)} disabled={confirming.busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="max-w-prose text-ink-soft">
            New phone? Set up your authenticator app again: codes from the old one stop working.
          </p>
          <form {...starting.formProps} className="space-y-4">
            {starting.error ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {starting.error}
              </p>
            ) : null}
            <Button type="submit" variant="secondary" busy={starting.busy}>
              Replace authenticator app
            </Button>
          </form>
        </>
      )}
    </TitledSection>
  );
}
