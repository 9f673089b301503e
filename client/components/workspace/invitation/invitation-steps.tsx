/** The invitation's first two steps: choose a password, then add and confirm the authenticator app. */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import {
  AuthenticatorCodeField,
  AuthenticatorKey,
  type Enrolment,
} from "#client/components/workspace/authenticator-key.tsx";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";

/** Where the invitation's steps post; the token goes in each body, never in the path. */
const INVITATION_API = "/invitations";

export function PasswordStep({
  token,
  email,
  onChosen,
}: {
  token: string;
  email: string;
  onChosen: (e: Enrolment) => void;
}) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    setError("");
    try {
      onChosen(
        await workspaceFetch<Enrolment>(`${INVITATION_API}/password`, {
          body: { json: { token, password } },
        }),
      );
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof WorkspaceApiError
          ? (caught.fieldErrors.password ?? caught.message)
          : "Could not reach the server. Try again.",
      );
    }
  }
  return (
    <form aria-labelledby="password-step" className="space-y-4" onSubmit={(event) => void submit(event)}>
      <h2 id="password-step" className="text-xl font-bold text-ink">
        1. Choose a password
      </h2>
      {/* Lets a password manager file the new password under the right address. */}
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        readOnly
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={12}
        limit={200}
        required
        description="At least 12 characters, not a common password, nor built on your e-mail address or this site’s name. A passphrase of a few unrelated words is good."
        error={error || undefined}
      />
      <Button type="submit" busy={busy}>
        Continue
      </Button>
    </form>
  );
}

export function AuthenticatorStep({
  token,
  enrolment,
  onConfirmed,
}: {
  token: string;
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
}) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form is gone; the next step's heading takes the focus, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    setBusy(true);
    setError("");
    try {
      const { recoveryCodes } = await workspaceFetch<{ recoveryCodes: string[] }>(
        `${INVITATION_API}/confirm`,
        {
          body: { json: { token, code } },
        },
      );
      onConfirmed(recoveryCodes);
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server. Try again.",
      );
    }
  }
  return (
    <form aria-labelledby="authenticator-step" className="space-y-4" onSubmit={(event) => void submit(event)}>
      <h2 id="authenticator-step" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink">
        2. Add your authenticator app
      </h2>
      <p className="text-ink-soft">
        Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
        1Password).
      </p>
      <AuthenticatorKey enrolment={enrolment} testId="totp-secret" />
      <AuthenticatorCodeField
        label="Code from the app"
        description="The 6-digit code the app shows for this account."
        error={error}
      />
      <Button type="submit" busy={busy}>
        Confirm
      </Button>
    </form>
  );
}
