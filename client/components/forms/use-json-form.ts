import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { errorMessages, formToasts } from "../../../shared/error-catalogue";
import { separateBotGuardFields } from "../../../shared/forms/bot-guard";
import { firstErrorMessage, toFieldErrors, type FieldErrors } from "../../../shared/forms/field-errors";
import type { ApiFailure } from "../../../shared/forms/results";
import { notify } from "../../lib/notify";

export type JsonFormOptions = {
  /** The shared zod schema the endpoint also uses. */
  schema: z.ZodType;
  endpoint: string;
  /** Errors found before sending: the toast and the inline messages to show. */
  onInvalid: (error: z.ZodError) => { description: string; fieldErrors: FieldErrors };
  onSuccess: (form: HTMLFormElement) => void;
  /** The toast when sending fails; `message` is the catalogue's text (SPEC §8). */
  onFailure: (message: string | undefined) => void;
  /** Errors a server-rendered (no-JavaScript) answer already showed. */
  initialErrors?: FieldErrors;
};

/** SPEC §5 lead forms: only the first message, in a 'Validation Error' toast. */
export function firstMessageOnly(error: z.ZodError) {
  return { description: firstErrorMessage(error), fieldErrors: toFieldErrors(error) };
}

/**
 * A form that works without JavaScript (a real POST to the page's action) and, with
 * it, validates with the shared schema, then POSTs JSON to the API (DESIGN.md).
 */
export function useJsonForm(options: JsonFormOptions) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(options.initialErrors ?? {});
  const [submitting, setSubmitting] = useState(false);

  const clearError = (name: string) =>
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const values = Object.fromEntries(
      [...new FormData(form).entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
    );
    const parsed = options.schema.safeParse(separateBotGuardFields(values).fields);
    if (!parsed.success) {
      const { description, fieldErrors: errors } = options.onInvalid(parsed.error);
      setFieldErrors(errors);
      void notify({ title: formToasts.validationTitle, description });
      focusFirstInvalid(form, errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const response = await fetch(options.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => undefined)) as
        { success: true } | ApiFailure | undefined;
      if (response.ok && body?.success) {
        options.onSuccess(form);
        return;
      }
      const failure = body?.success === false ? body : undefined;
      if (failure?.fieldErrors) setFieldErrors(failure.fieldErrors);
      options.onFailure(failure?.error);
    } catch {
      // fetch rejects only when the request never completed.
      options.onFailure(errorMessages.network);
    } finally {
      setSubmitting(false);
    }
  }

  return { fieldErrors, submitting, clearError, onSubmit };
}

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors)
    .map((name) => form.elements.namedItem(name))
    .find((element): element is HTMLElement => element instanceof HTMLElement);
  first?.focus();
}
