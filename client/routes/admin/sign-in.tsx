import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { isWorkspacePath, staffPaths } from "#shared/staff-paths.ts";
import { AuthFrame } from "#client/components/workspace/auth-frame.tsx";
import { Button } from "#client/components/workspace/button.tsx";
import { CurrentPasswordField, TextField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { withPasskeyPrompt } from "#client/components/workspace/passkey-errors.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { SecondFactorForm } from "#client/components/workspace/sign-in/second-factor-form.tsx";

export const meta = () => workspaceMeta("Sign in");
export const handle = workspaceHandle;

/** Where to go once signed in: the page that sent here, only if it is the workspace's. */
function destination(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next && isWorkspacePath(next) ? next : staffPaths.home;
}

/**
 * Sign in with a passkey, or with e-mail, password and then an authenticator code (or a
 * recovery code). docs/decisions/027-staff-authentication.md.
 */
export default function SignIn() {
  const { search } = useLocation();
  const [step, setStep] = useState<"credentials" | "second-factor">("credentials");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  function signedIn() {
    window.location.assign(destination(search));
  }

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
    signedIn();
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
    <AuthFrame title="Sign in to the workspace">
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
            <TextField label="E-mail address" name="email" type="email" autoComplete="username" required />
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
              signedIn();
            })
          }
        />
      )}
    </AuthFrame>
  );
}
