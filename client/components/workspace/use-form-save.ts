import { useState, type FormEvent } from "react";
import { WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { apiMessage } from "./api-message";
import { useDirtyForm } from "./unsaved-changes";

/**
 * A form that saves through the workspace API: while `save` runs the submit button is busy;
 * a refusal is the sentence, and each field's problem, that the error summary at the top
 * shows (it takes the focus on each new `attempt`); until saved, anything typed makes the
 * workspace ask before leaving the page.
 *
 *   const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async (fields) => {
 *     await workspaceFetch("/inbox/assign", { body: { json: { owner: fields.get("owner") } } });
 *   });
 *   <form {...formProps}><ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />…</form>
 *
 * `save` is also given the form (to reset it once saved) and the button that sent it (a
 * form with two ways to save, like "Confirm anyway").
 */
export type SentForm = { form: HTMLFormElement; submitter: HTMLElement | null };

export function useFormSave(save: (fields: FormData, sent: SentForm) => Promise<void>) {
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const dirty = useDirtyForm();
  async function submit(sent: SentForm) {
    const fields = new FormData(sent.form);
    setBusy(true);
    setError("");
    setFieldErrors({});
    try {
      await save(fields, sent);
      dirty.markSaved();
    } catch (caught) {
      setError(apiMessage(caught));
      setFieldErrors(caught instanceof WorkspaceApiError ? caught.fieldErrors : {});
      setAttempt((count) => count + 1);
    } finally {
      setBusy(false);
    }
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit({
      form: event.currentTarget,
      submitter: (event.nativeEvent as SubmitEvent).submitter ?? null,
    });
  };
  /** Clears a refusal's messages, once what they were about is put right (a proposed time chosen). */
  const clearErrors = () => {
    setError("");
    setFieldErrors({});
  };
  return {
    error,
    fieldErrors,
    attempt,
    busy,
    onSubmit,
    clearErrors,
    formProps: { ...dirty.formProps, onSubmit },
  };
}
