import type { ReactNode } from "react";
import type * as z from "zod/mini";
import { formToasts, leadFailureFallback } from "#shared/error-catalogue.ts";
import { inlineFieldErrors, type FieldErrors, type FieldFormats } from "#shared/forms/field-errors.ts";
import { useSiteSettings } from "#client/lib/site-settings-context.ts";
import { notify } from "#client/lib/notify.ts";
import {
  bindField,
  BotGuardFields,
  FormAlert,
  VisitField,
  type BoundField,
  type FormBinding,
} from "./fields";
import { firstMessageOnly, useJsonForm } from "./use-json-form";
import { uiStrings } from "#shared/ui-strings.ts";

/** What a lead form's route action answers when it is posted without JavaScript. */
export type LeadActionData = {
  /** The first message, labelled (requirements §5), for the alert above the form. */
  error: string;
  fieldErrors: FieldErrors;
  /** The fields whose error is a failed format check: they show its short message. */
  failedFormats?: FieldFormats;
  values: Record<string, string>;
};

/** A lead form's field names: its schema's keys. */
export type LeadFieldName<S extends z.ZodMiniObject> = keyof z.input<S> & string;

/** What a service page hands its lead form. */
export type LeadFormEntry = {
  /** The signed start field from the page's loader. */
  formToken: string;
  actionData?: LeadActionData;
};

export type LeadFormProps<S extends z.ZodMiniObject> = LeadFormEntry & {
  /** Loads the form's schema (see useJsonForm's `loadSchema`). */
  loadSchema: () => Promise<S>;
  endpoint: string;
  thankYouPath: string;
  submitLabel: string;
  /** One label per field of the schema: the form, the e-mail and the CLI share them. */
  labels: Record<LeadFieldName<S>, string>;
  /** The form's e-mail and phone fields (see useJsonForm's `fieldFormats`). */
  fieldFormats: FieldFormats<LeadFieldName<S>>;
  intro: string;
  /** Renders the fields; `field(name)` binds one of the schema's fields to the form under its label. */
  children: (field: (name: LeadFieldName<S>) => BoundField<LeadFieldName<S>>) => ReactNode;
};

/** The anchor of the form on both service pages. */
const FORM_ID = "proposal";

/** requirements §2/§4: "Let's Set Up an Exploratory Chat", shared by both service pages. */
export function LeadForm<S extends z.ZodMiniObject>(props: LeadFormProps<S>) {
  const {
    loadSchema,
    endpoint,
    thankYouPath,
    submitLabel,
    labels,
    fieldFormats,
    formToken,
    actionData,
    intro,
  } = props;
  const { email } = useSiteSettings();
  const form = useJsonForm({
    loadSchema,
    endpoint,
    // requirements §5: beside a field, a failed format reads its short message; the alert keeps the labelled one.
    initialErrors: actionData && inlineFieldErrors(actionData.fieldErrors, actionData.failedFormats ?? {}),
    fieldFormats,
    describeInvalid: firstMessageOnly,
    // Every navigation is a page load (docs/decisions/019-pages-without-a-framework.md):
    // the thank-you page comes from the page cache, and this page's toasts go with it.
    onSuccess: () => window.location.assign(thankYouPath),
    onFailure: (message) =>
      void notify({
        title: formToasts.submissionFailedTitle,
        description: message ?? leadFailureFallback(email),
      }),
  });
  const binding: FormBinding<LeadFieldName<S>> = {
    errors: form.fieldErrors,
    values: actionData?.values ?? {},
    clearError: form.clearError,
  };
  const headingId = `${FORM_ID}-title`;
  return (
    <section id={FORM_ID} aria-labelledby={headingId} className="section bg-brand-soft">
      <div className="page-container max-w-3xl">
        <h2 id={headingId} className="section-title text-center">
          Let&apos;s Set Up an Exploratory Chat
        </h2>
        <p className="mt-4 text-center text-lg text-ink-soft">{intro}</p>
        <form
          method="post"
          noValidate
          onSubmit={(event) => void form.onSubmit(event)}
          onFocus={form.onFocus}
          className="relative mt-10 space-y-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-8"
        >
          {actionData ? (
            <FormAlert tone="error" title={formToasts.validationTitle}>
              {actionData.error}
            </FormAlert>
          ) : null}
          <div className="grid gap-6 sm:grid-cols-2">
            {props.children((name) => bindField(binding, name, labels[name]))}
          </div>
          <BotGuardFields formToken={formToken} />
          <VisitField />
          <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
            {form.submitting ? uiStrings.submitting : submitLabel}
          </button>
          <p className="text-center text-sm text-ink-soft">
            We reply within 24 hours. Your details are used only to answer your enquiry.
          </p>
        </form>
      </div>
    </section>
  );
}
