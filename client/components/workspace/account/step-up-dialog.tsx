/**
 * "Confirm it's you": changes to how an account signs in, and the other sensitive changes
 * the server's policy names (server/auth/policy.ts, decision 048), need a proof from the
 * last 5 minutes. `withStepUp(action)` runs the action; when the API asks for a proof, a
 * modal dialog says what the change is (the refusal's own sentence), takes the password
 * and a code (or a passkey), then the action runs again. Cancelling leaves everything as
 * it was.
 */
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useCallback, useContext, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { CurrentPasswordField, TextField } from "#client/components/workspace/fields.tsx";
import { withPasskeyPrompt } from "#client/components/workspace/passkey-errors.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";

import { StepUpContext, type WithStepUp } from "./step-up-context";

export const cancelledMessage = "You did not confirm it’s you, so nothing was changed.";

/** The refusal of a change to how one signs in; other changes' refusals say what they are. */
const signInChangeRefusal = "Confirm it’s you to make this change.";
const signInChangeWording =
  "Changes to how you sign in need your password and a code, or a passkey, from the last 5 minutes.";

export function useStepUp(): WithStepUp {
  const withStepUp = useContext(StepUpContext);
  if (!withStepUp) throw new Error("useStepUp() outside <StepUpProvider>");
  return withStepUp;
}

/** A recovery code has letters or dashes; an authenticator code is six digits. */
function proofBody(password: string, code: string) {
  const digits = code.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? { password, code: digits } : { password, recoveryCode: code.trim() };
}

export function StepUpProvider({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<"" | "password" | "passkey">("");
  const [wording, setWording] = useState(signInChangeWording);
  const titleId = useId();
  const bodyId = useId();

  const askForProof = useCallback(
    (refusal: string) =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setError("");
        setWording(refusal && refusal !== signInChangeRefusal ? refusal : signInChangeWording);
        dialog.current?.showModal();
      }),
    [],
  );

  const withStepUp = useCallback<WithStepUp>(
    async (action) => {
      try {
        return await action();
      } catch (caught) {
        if (!(caught instanceof WorkspaceApiError && caught.stepUp)) throw caught;
        await askForProof(caught.message);
        return action();
      }
    },
    [askForProof],
  );

  function proved() {
    pending.current?.resolve();
    pending.current = null;
    dialog.current?.close();
  }

  /** Escape or Cancel: the action that asked is refused with a sentence to show. */
  function cancelled() {
    pending.current?.reject(new WorkspaceApiError(cancelledMessage, 0));
    pending.current = null;
  }

  async function confirmWithPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy("password");
    setError("");
    try {
      await workspaceFetch("/step-up", {
        body: { json: proofBody(String(data.get("password") ?? ""), String(data.get("code") ?? "")) },
      });
      form.reset();
      proved();
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy("");
    }
  }

  async function confirmWithPasskey() {
    setBusy("passkey");
    setError("");
    try {
      const optionsJSON = await workspaceFetch<PublicKeyCredentialRequestOptionsJSON>(
        "/step-up/passkey/options",
        {
          method: "POST",
        },
      );
      const response = await withPasskeyPrompt(() => startAuthentication({ optionsJSON }));
      await workspaceFetch("/step-up/passkey", { body: { json: { response } } });
      proved();
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy("");
    }
  }

  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onClose={cancelled}
        className="m-auto w-full max-w-md rounded-card border border-line bg-surface p-6 text-ink shadow-lift backdrop:bg-inverse/60"
      >
        <h2 id={titleId} className="text-xl font-bold">
          Confirm it’s you
        </h2>
        <p id={bodyId} className="mt-3 text-ink-soft">
          {wording}
        </p>
        <form
          aria-label="Confirm with your password"
          className="mt-4 space-y-4"
          onSubmit={(e) => void confirmWithPassword(e)}
        >
          <CurrentPasswordField label="Password" name="password" />
          <TextField
            label="Authenticator code or recovery code"
            name="code"
            autoComplete="one-time-code"
            spellCheck={false}
            description="The 6-digit code your app shows now, or one of your recovery codes."
            required
          />
          {error ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => dialog.current?.close()} disabled={busy !== ""}>
              Cancel
            </Button>
            <Button type="submit" busy={busy === "password"} disabled={busy === "passkey"}>
              Confirm
            </Button>
          </div>
        </form>
        <div className="mt-4 border-t border-line pt-4">
          <Button
            variant="secondary"
            className="w-full"
            busy={busy === "passkey"}
            disabled={busy === "password"}
            onClick={() => void confirmWithPasskey()}
          >
            Use a passkey
          </Button>
        </div>
      </dialog>
    </StepUpContext.Provider>
  );
}
