import { useState } from "react";
import { formToasts } from "#shared/error-catalogue.ts";
import { newsletterConsentText, type NewsletterField } from "#shared/forms/newsletter.ts";
import { notify } from "#client/lib/notify.ts";
import { Section } from "#client/components/sections/section.tsx";
import { bindField, BotGuardFields, FormAlert, type FormBinding } from "./fields";
import { correctTheErrors, useJsonForm } from "./use-json-form";
import { apiPaths } from "#shared/paths.ts";
import { uiStrings } from "#shared/ui-strings.ts";

export type NewsletterActionData = { success: true } | { success: false; error: string; email: string };

const CHECK_INBOX = "Please check your inbox and confirm your subscription.";

/** requirements §2 'Stay Updated': double opt-in, so success means "check your inbox". */
export function NewsletterForm({
  formToken,
  actionData,
}: {
  /** The signed start field from the page's loader. */
  formToken: string;
  actionData?: NewsletterActionData;
}) {
  const [generation, setGeneration] = useState(0);
  const form = useJsonForm({
    loadSchema: () => import("#shared/forms/newsletter-schema.ts").then((module) => module.newsletterSchema),
    endpoint: apiPaths.newsletter,
    describeInvalid: correctTheErrors,
    onSuccess: () => {
      setGeneration((value) => value + 1);
      void notify({ variant: "success", title: "Almost there!", description: CHECK_INBOX });
    },
    onFailure: (message) =>
      void notify({ title: formToasts.errorTitle, description: message ?? formToasts.validationDescription }),
  });
  const binding: FormBinding<NewsletterField> = {
    errors: form.fieldErrors,
    values: { email: actionData && !actionData.success && generation === 0 ? actionData.email : undefined },
    clearError: form.clearError,
  };
  // One field, in markup of its own (an inline form on a dark band): bound like any other.
  const email = bindField(binding, "email", "Email address");
  const { error } = email;
  return (
    <Section
      id="stay-updated"
      title="Stay Updated"
      className="section bg-brand-soft text-ink"
      containerClassName="max-w-2xl text-center"
      titleClassName="text-headline font-extrabold"
    >
      <p className="mt-4 text-lg text-ink-soft">
        Get our latest articles and practical tech advice for South African businesses in your inbox.
      </p>
      {actionData && generation === 0 ? (
        <div className="mt-6 text-left text-ink">
          {actionData.success ? (
            <FormAlert tone="success" title="Almost there!">
              {CHECK_INBOX}
            </FormAlert>
          ) : (
            <FormAlert tone="error" title={formToasts.errorTitle}>
              {actionData.error}
            </FormAlert>
          )}
        </div>
      ) : null}
      <form
        key={generation}
        method="post"
        onSubmit={(event) => void form.onSubmit(event)}
        onFocus={form.onFocus}
        className="relative mt-8 flex flex-col gap-3 sm:flex-row"
      >
        <label htmlFor="newsletter-email" className="sr-only">
          {email.label}
        </label>
        <input
          id="newsletter-email"
          name={email.name}
          type="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          defaultValue={email.defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-email-error" : undefined}
          onChange={email.onEdit}
          className="min-h-12 flex-1 rounded-full border border-line-strong bg-surface px-5 text-base text-ink placeholder:text-ink-soft"
        />
        <BotGuardFields formToken={formToken} />
        <button type="submit" className="btn-primary" disabled={form.submitting}>
          {form.submitting ? uiStrings.submitting : "Subscribe"}
        </button>
      </form>
      {error ? (
        <p id="newsletter-email-error" className="mt-2 text-left font-medium text-danger">
          {error}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-ink-soft">{newsletterConsentText}</p>
    </Section>
  );
}
