import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { errorMessages, formToasts } from "../../../shared/error-catalogue";
import { separateBotGuardFields } from "../../../shared/forms/bot-guard";
import {
  firstErrorMessage,
  inlineFieldErrors,
  toInlineFieldErrors,
  type FieldErrors,
  type FieldFormats,
} from "../../../shared/forms/field-errors";
import { readApiReply } from "./api-reply";
import { notify } from "../../lib/notify";

export type JsonFormOptions = {
  /** The shared zod schema the endpoint also uses. */
  schema: z.ZodType;
  endpoint: string;
  /**
   * The 'Validation Error' toast's text, given the first message: for errors found
   * before sending and for fields the server refused alike.
   */
  describeInvalid: (firstMessage: string) => string;
  onSuccess: (form: HTMLFormElement) => void;
  /**
   * The toast when sending fails; `message` is the catalogue's text (SPEC §8), undefined
   * when it has nothing more specific than "anything else" (the form's fallback then).
   */
  onFailure: (message: string | undefined) => void;
  /** Errors a server-rendered (no-JavaScript) answer already showed, as shown beside the fields. */
  initialErrors?: FieldErrors;
  /**
   * The form's e-mail and phone fields, for the server's refusals: its JSON answer has only
   * the messages (the labelled ones, for the toast). A field it refuses passed this schema
   * here, so it failed the check only the server makes, its format's (whether a phone number
   * exists), and shows that format's short message (SPEC §5). Errors found here need no
   * such map: each issue says whether it is a format check's.
   */
  fieldFormats?: FieldFormats;
};

/** SPEC §5 lead forms: only the first message, in a 'Validation Error' toast. */
export const firstMessageOnly = (firstMessage: string) => firstMessage;

/**
 * SPEC §5 appointment form (and the newsletter's): 'Please correct the errors and try
 * again', with the messages beside the fields.
 */
export const correctTheErrors = () => formToasts.validationDescription;

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
    const showInvalid = (firstMessage: string, errors: FieldErrors) => {
      setFieldErrors(errors);
      void notify({ title: formToasts.validationTitle, description: options.describeInvalid(firstMessage) });
      focusFirstInvalid(form, errors);
    };
    const parsed = options.schema.safeParse(separateBotGuardFields(values).fields);
    if (!parsed.success) {
      showInvalid(firstErrorMessage(parsed.error), toInlineFieldErrors(parsed.error));
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
      const reply = await readApiReply(response);
      if (reply.outcome === "success") options.onSuccess(form);
      // Only the server knows some rules (whether a phone number exists): same toast as ours.
      else if (reply.outcome === "invalid")
        showInvalid(reply.message, inlineFieldErrors(reply.fieldErrors, options.fieldFormats ?? {}));
      else options.onFailure(reply.message);
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
