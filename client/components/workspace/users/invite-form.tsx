/** The users page's invitation form: a refusal's problems in a summary at its top, and beside their fields. */
import type { StaffRole } from "#shared/staff-roles.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { RoleChoice } from "./role-choice";

export type Invitation = { email: string; role: StaffRole; expiresAt: string };

export function InviteForm({ reload }: { reload: () => Promise<void> }) {
  // Inviting an admin needs a proof from the last 5 minutes (decision 048).
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(
    async (fields, { form }) => {
      const sent = await workspaceFetch<Invitation>("/users/invite", {
        body: { json: { email: fields.get("email"), role: fields.get("role") } },
      });
      form.reset();
      toast({
        variant: "success",
        title: "Invitation sent",
        description: `${sent.email} has 24 hours to accept it.`,
      });
      await reload();
    },
    { stepUp: true },
  );
  return (
    <section className="space-y-4">
      <h2 id="invite-title" className="text-2xl font-bold text-ink">
        Invite someone
      </h2>
      <p className="max-w-prose text-ink-soft">
        They get an e-mail with a link that works once, for 24 hours, to choose a password and add an
        authenticator app.
      </p>
      <form
        aria-labelledby="invite-title"
        className="grid max-w-2xl gap-4 sm:grid-cols-2"
        noValidate
        {...formProps}
      >
        <div className="sm:col-span-2 empty:hidden">
          <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
        </div>
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="off"
          required
          error={fieldErrors.email}
        />
        <div className="sm:col-span-2">
          <RoleChoice defaultValue="editor" error={fieldErrors.role} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            Send invitation
          </Button>
        </div>
      </form>
    </section>
  );
}
