import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { formToasts, leadFailureFallback } from "../../../shared/error-catalogue";
import type { FieldErrors } from "../../../shared/forms/field-errors";
import { leadInlineMessages, leadMessages } from "../../../shared/forms/lead-messages";
import { useSiteSettings } from "../../lib/root-data";
import { notify } from "../../lib/notify";
import { bindField, BotGuardFields, FormAlert, type FormBinding } from "./fields";
import { firstMessageOnly, useJsonForm } from "./use-json-form";
import { uiStrings } from "../../../shared/ui-strings";

/** What a lead form's route action answers when it is posted without JavaScript. */
export type LeadActionData = { error: string; fieldErrors: FieldErrors; values: Record<string, string> };

/**
 * SPEC §5: beside the field, format problems read the short uiStrings.emailInvalid
 * or phoneInvalid; the toast keeps the labelled message.
 */
export function inlineLeadErrors(errors: FieldErrors, labels: Record<string, string>): FieldErrors {
  const inline: FieldErrors = {};
  for (const [name, message] of Object.entries(errors)) {
    const label = labels[name] ?? name;
    if (message === leadMessages.invalidEmail(label)) inline[name] = leadInlineMessages.email;
    else if (message === leadMessages.invalidPhone(label)) inline[name] = leadInlineMessages.phone;
    else inline[name] = message;
  }
  return inline;
}

export type LeadFormProps = {
  id: string;
  schema: z.ZodType;
  endpoint: string;
  thankYouPath: string;
  submitLabel: string;
  labels: Record<string, string>;
  /** The signed start field from the page's loader. */
  formToken: string;
  actionData: LeadActionData | undefined;
  intro: string;
  /** Renders the fields; `field(name)` binds one to the form under its label. */
  children: (field: (name: string) => ReturnType<typeof bindField>) => ReactNode;
};

/** SPEC §2/§4: "Let's Set Up an Exploratory Chat", shared by both service pages. */
export function LeadForm(props: LeadFormProps) {
  const { id, schema, endpoint, thankYouPath, submitLabel, labels, formToken, actionData, intro } = props;
  const navigate = useNavigate();
  const { email } = useSiteSettings();
  const form = useJsonForm({
    schema,
    endpoint,
    initialErrors: actionData?.fieldErrors,
    describeInvalid: firstMessageOnly,
    onSuccess: () => void navigate(thankYouPath),
    onFailure: (message) =>
      void notify({
        title: formToasts.submissionFailedTitle,
        description: message ?? leadFailureFallback(email),
      }),
  });
  const binding: FormBinding = {
    errors: inlineLeadErrors(form.fieldErrors, labels),
    values: actionData?.values ?? {},
    clearError: form.clearError,
  };
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="section bg-brand-soft">
      <div className="page-container max-w-3xl">
        <h2 id={headingId} className="section-title text-center">
          Let&apos;s Set Up an Exploratory Chat
        </h2>
        <p className="mt-4 text-center text-lg text-slate-700">{intro}</p>
        <form
          method="post"
          noValidate
          onSubmit={(event) => void form.onSubmit(event)}
          className="relative mt-10 space-y-6 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8"
        >
          {actionData ? (
            <FormAlert tone="error" title={formToasts.validationTitle}>
              {actionData.error}
            </FormAlert>
          ) : null}
          <div className="grid gap-6 sm:grid-cols-2">
            {props.children((name) => bindField(binding, name, labels[name] ?? name))}
          </div>
          <BotGuardFields formToken={formToken} />
          <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
            {form.submitting ? uiStrings.submitting : submitLabel}
          </button>
          <p className="text-center text-sm text-slate-600">
            We reply within 24 hours. Your details are used only to answer your enquiry.
          </p>
        </form>
      </div>
    </section>
  );
}
