/** Signing in: a passkey, or e-mail and password and then an authenticator or recovery code. */
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { CurrentPasswordField, TextField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { withPasskeyPrompt } from "#client/components/workspace/passkey-errors.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { SecondFactorForm } from "./second-factor-form";

/**
 * The sign-in page's steps, and the same over a form whose session ended
 * (session-renewal.tsx): `onSignedIn` runs once the session is made.
 */
export function SignInSteps({ onSignedIn, email }: { onSignedIn: () => void; email?: string }) {
  const [step, setStep] = useState<"credentials" | "second-factor">("credentials");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError("");
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught));
      if (caught instanceof WorkspaceApiError && caught.message.includes("took too long"))
        setStep("credentials");
      setBusy(false);
    }
  }

  async function signInWithPasskey() {
    const optionsJSON = await workspaceFetch<PublicKeyCredentialRequestOptionsJSON>(
      "/sign-in/passkey/options",
      {
        body: { json: {} },
      },
    );
    const response = await withPasskeyPrompt(() => startAuthentication({ optionsJSON }));
    await workspaceFetch("/sign-in/passkey", { body: { json: { response } } });
    onSignedIn();
  }

  async function signInWithPassword(form: HTMLFormElement) {
    const fields = new FormData(form);
    await workspaceFetch("/sign-in/password", {
      body: { json: { email: fields.get("email"), password: fields.get("password") } },
    });
    setStep("second-factor");
    setBusy(false);
  }

  return (
    <>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      {step === "credentials" ? (
        <>
          <Button className="w-full" busy={busy} onClick={() => void run(signInWithPasskey)}>
            Sign in with a passkey
          </Button>
          <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
            <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
          </div>
          <form
            aria-label="Sign in with your password"
            className="space-y-4"
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              void run(() => signInWithPassword(event.currentTarget));
            }}
          >
            <TextField
              label="E-mail address"
              name="email"
              type="email"
              autoComplete="username"
              defaultValue={email}
              required
            />
            <CurrentPasswordField label="Password" name="password" />
            <Button type="submit" variant="secondary" className="w-full" busy={busy}>
              Continue
            </Button>
          </form>
        </>
      ) : (
        <SecondFactorForm
          busy={busy}
          onSubmit={(body) =>
            void run(async () => {
              await workspaceFetch("/sign-in/second-factor", { body: { json: body } });
              setBusy(false);
              onSignedIn();
            })
          }
        />
      )}
    </>
  );
}
