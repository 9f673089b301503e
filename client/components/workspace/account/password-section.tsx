/** The account page's "Change your password": the current one, a new one, and a fresh proof. */
import { Button } from "#client/components/workspace/button.tsx";
import { CurrentPasswordField, TextField } from "#client/components/workspace/fields.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function ChangePassword({ onChanged }: { onChanged: () => Promise<void> }) {
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(
    async (data, { form }) => {
      const body = {
        currentPassword: String(data.get("currentPassword") ?? ""),
        newPassword: String(data.get("newPassword") ?? ""),
      };
      const { otherSessionsEnded } = await workspaceFetch<{ otherSessionsEnded: number }>(
        "/account/password",
        { body: { json: body } },
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
    },
    { stepUp: true },
  );

  return (
    <TitledSection id="password" title="Password">
      <p className="max-w-prose text-ink-soft">
        Changing your password signs out every other browser signed in to your account.
      </p>
      {/* noValidate: the server's sentences in the summary, not the browser's own bubble for a short password. */}
      <form aria-label="Change your password" className="max-w-sm space-y-4" noValidate {...formProps}>
        <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
        <CurrentPasswordField
          label="Current password"
          name="currentPassword"
          error={fieldErrors.currentPassword}
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
          error={fieldErrors.newPassword}
        />
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </form>
    </TitledSection>
  );
}
