/** The account page's "Change your password": the current one, a new one, and a fresh proof. */
import { useState, type FormEvent } from "react";
import { Button } from "#client/components/workspace/button.tsx";
import { CurrentPasswordField, TextField } from "#client/components/workspace/fields.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { useStepUp } from "./step-up-dialog";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function ChangePassword({ onChanged }: { onChanged: () => Promise<void> }) {
  const withStepUp = useStepUp();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      currentPassword: String(data.get("currentPassword") ?? ""),
      newPassword: String(data.get("newPassword") ?? ""),
    };
    setBusy(true);
    setErrors({});
    setError("");
    try {
      const { otherSessionsEnded } = await withStepUp(() =>
        workspaceFetch<{ otherSessionsEnded: number }>("/account/password", { body: { json: body } }),
      );
      form.reset();
      toast({
        variant: "success",
        title: "Password changed",
        description:
          otherSessionsEnded === 0
            ? "Use it next time you sign in."
            : `Your ${otherSessionsEnded === 1 ? "other session was" : `${otherSessionsEnded} other sessions were`} signed out.`,
      });
      await onChanged();
    } catch (caught) {
      const fieldErrors = caught instanceof WorkspaceApiError ? caught.fieldErrors : {};
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setError(apiMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <TitledSection id="password" title="Password">
      <p className="max-w-prose text-ink-soft">
        Changing your password signs out every other browser signed in to your account.
      </p>
      <form
        aria-label="Change your password"
        className="max-w-sm space-y-4"
        onSubmit={(event) => void change(event)}
      >
        <CurrentPasswordField
          label="Current password"
          name="currentPassword"
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={12}
          limit={200}
          description="At least 12 characters. A few unrelated words make a good one."
          required
          error={errors.newPassword}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </form>
    </TitledSection>
  );
}
