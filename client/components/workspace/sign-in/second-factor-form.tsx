/** Sign-in's second step: the authenticator code, or a recovery code instead. */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";

export type SecondFactor = { code: string } | { recoveryCode: string };

export function SecondFactorForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (body: SecondFactor) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The step replaced the form the focus was in: bring it to the one field of this step.
  useEffect(() => field.current?.focus(), [recovery]);
  return (
    <form
      aria-label="Second step"
      className="space-y-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("code") ?? "").trim();
        onSubmit(recovery ? { recoveryCode: value } : { code: value.replace(/\s/g, "") });
      }}
    >
      {recovery ? (
        <TextField
          key="recovery"
          ref={field}
          label="Recovery code"
          name="code"
          autoComplete="off"
          spellCheck={false}
          description="One of the codes you saved when you set up your account, in groups of letters and digits. Each works once; capitals, spaces and dashes do not matter."
          required
        />
      ) : (
        <TextField
          key="totp"
          ref={field}
          label="Authenticator code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          description="The 6-digit code your authenticator app shows now."
          required
        />
      )}
      <Button type="submit" className="w-full" busy={busy}>
        Sign in
      </Button>
      <Button variant="quiet" className="w-full" onClick={() => setRecovery(!recovery)}>
        {recovery ? "Use an authenticator code instead" : "Use a recovery code instead"}
      </Button>
    </form>
  );
}
