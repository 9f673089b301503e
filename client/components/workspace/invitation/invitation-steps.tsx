/** The invitation's first two steps: choose a password, then add and confirm the authenticator app. */
import { useEffect, useRef } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import {
  AuthenticatorCodeField,
  AuthenticatorKey,
  type Enrolment,
} from "#client/components/workspace/authenticator-key.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";

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
  // The refusal is said under the password; nothing typed here is kept by leaving anyway.
  const { error, busy, formProps } = useFormSave(
    async (fields) => {
      const password = String(fields.get("password") ?? "");
      onChosen(
        await workspaceFetch<Enrolment>(`${INVITATION_API}/password`, {
          body: { json: { token, password } },
        }),
      );
    },
    { refusal: (caught, fieldErrors) => fieldErrors.password ?? apiMessage(caught), dirty: false },
  );
  return (
    <form aria-labelledby="password-step" className="space-y-4" {...formProps}>
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
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form is gone; the next step's heading takes the focus, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  const { error, busy, formProps } = useFormSave(
    async (fields) => {
      const code = String(fields.get("code") ?? "").replace(/\s/g, "");
      const { recoveryCodes } = await workspaceFetch<{ recoveryCodes: string[] }>(
        `${INVITATION_API}/confirm`,
        {
          body: { json: { token, code } },
        },
      );
      onConfirmed(recoveryCodes);
    },
    { dirty: false },
  );
  return (
    <form aria-labelledby="authenticator-step" className="space-y-4" {...formProps}>
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
