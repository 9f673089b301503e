/** The account page's "Replace your authenticator app": a new key to scan, confirmed by a code from it. */
import { useState, type FormEvent } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import {
  AuthenticatorCodeField,
  AuthenticatorKey,
  type Enrolment,
} from "#client/components/workspace/authenticator-key.tsx";
import { useStepUp } from "./step-up-dialog";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function ReplaceAuthenticator() {
  const withStepUp = useStepUp();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    setError("");
    try {
      setEnrolment(
        await withStepUp(() =>
          workspaceFetch<Enrolment>("/account/authenticator/options", { method: "POST" }),
        ),
      );
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    setBusy(true);
    setError("");
    try {
      // The flow begun after "Confirm it's you" is the proof here (server/workspace/account-routes.ts).
      await workspaceFetch("/account/authenticator", { body: { json: { code } } });
      setEnrolment(null);
      toast({
        variant: "success",
        title: "Authenticator app replaced",
        description: "Sign in with codes from the new app from now on.",
      });
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <TitledSection id="authenticator" title="Authenticator app">
      {enrolment ? (
        <form
          aria-label="Set up the new authenticator app"
          className="max-w-sm space-y-4"
          onSubmit={(e) => void confirm(e)}
        >
          <p className="text-ink-soft">
            Scan this QR code with the new app. Your old app keeps working until you confirm a code from the
            new one.
          </p>
          <AuthenticatorKey enrolment={enrolment} testId="new-totp-secret" />
          <AuthenticatorCodeField label="Code from the new app" error={error} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy}>
              Use the new app
            </Button>
            <Button variant="secondary" onClick={() => setEnrolment(null)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="max-w-prose text-ink-soft">
            New phone? Set up your authenticator app again: codes from the old one stop working.
          </p>
          {error ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <Button variant="secondary" busy={busy} onClick={() => void start()}>
            Replace authenticator app
          </Button>
        </>
      )}
    </TitledSection>
  );
}
