import { useRef, useState, type FormEvent } from "react";
import type * as z from "zod/mini";
import { errorMessages, formToasts } from "#shared/error-catalogue.ts";
import { separateBotGuardFields } from "#shared/forms/bot-guard.ts";
import { separateVisitField } from "#shared/visit-source.ts";
import {
  firstErrorMessage,
  inlineFieldErrors,
  toInlineFieldErrors,
  type FieldErrors,
  type FieldFormats,
} from "#shared/forms/field-errors.ts";
import { readApiReply } from "./api-reply";
import { dismissToasts, notify } from "#client/lib/notify.ts";

export type JsonFormOptions = {
  /**
   * Loads the shared zod schema the endpoint also uses. Nothing on a page needs it to paint,
   * so zod and the schema are fetched when the visitor first focuses the form, and at the
   * latest when they send it (`import()` of a `*-schema.ts` module). Called on each
   * submission: the browser keeps the module, and a schema that depends on the day is
   * made afresh.
   */
  loadSchema: () => Promise<z.ZodMiniType>;
  endpoint: string;
  /**
   * The 'Validation Error' toast's text, given the first message: for errors found
   * before sending and for fields the server refused alike.
   */
  describeInvalid: (firstMessage: string) => string;
  onSuccess: (form: HTMLFormElement) => void;
  /**
   * The toast when sending fails; `message` is the catalogue's text (requirements §8), undefined
   * when it has nothing more specific than "anything else" (the form's fallback then).
   */
  onFailure: (message: string | undefined) => void;
  /** Errors a server-rendered (no-JavaScript) answer already showed, as shown beside the fields. */
  initialErrors?: FieldErrors;
  /**
   * The form's e-mail and phone fields, for the server's refusals: its JSON answer has only
   * the messages (the labelled ones, for the toast). A field it refuses passed this schema
   * here, so it failed the check only the server makes, its format's (whether a phone number
   * exists), and shows that format's short message (requirements §5). Errors found here need no
   * such map: each issue says whether it is a format check's.
   */
  fieldFormats?: FieldFormats;
};

/** requirements §5 lead forms: only the first message, in a 'Validation Error' toast. */
export const firstMessageOnly = (firstMessage: string) => firstMessage;

/**
 * requirements §5 appointment form (and the newsletter's): 'Please correct the errors and try
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
  // Set at once, unlike `submitting`: a second press while the schema loads sends nothing.
  const busy = useRef(false);
  const warmed = useRef(false);

  const clearError = (name: string) =>
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    // The last attempt's toast goes at once, before this one's answer (or page) arrives.
    dismissToasts();
    setSubmitting(true);
    try {
      await send(event.currentTarget);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  async function send(form: HTMLFormElement) {
    const values = Object.fromEntries(
      [...new FormData(form).entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
    );
    const showInvalid = (firstMessage: string, errors: FieldErrors) => {
      setFieldErrors(errors);
      void notify({ title: formToasts.validationTitle, description: options.describeInvalid(firstMessage) });
      focusFirstInvalid(form, errors);
    };
    let schema: z.ZodMiniType;
    try {
      schema = await options.loadSchema();
    } catch {
      // The validation script could not be fetched (a dropped connection, or a new release
      // replaced it): the form works without JavaScript, so it is sent that way instead.
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    const parsed = schema.safeParse(separateVisitField(separateBotGuardFields(values).fields).fields);
    if (!parsed.success) {
      showInvalid(firstErrorMessage(parsed.error), toInlineFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
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
    }
  }

  /** For the form's onFocus: starts loading the schema before the visitor sends it, once. */
  const onFocus = () => {
    if (warmed.current) return;
    warmed.current = true;
    // A failure here is met again, and handled, when the form is sent.
    void options.loadSchema().catch(() => undefined);
  };

  return { fieldErrors, submitting, clearError, onSubmit, onFocus };
}

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors)
    .map((name) => form.elements.namedItem(name))
    .find((element): element is HTMLElement => element instanceof HTMLElement);
  first?.focus();
}
