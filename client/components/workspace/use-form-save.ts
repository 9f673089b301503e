import { useCallback, useState, type FormEvent } from "react";
import { WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { useStepUpIfOffered } from "./account/step-up-context";
import { apiMessage } from "./api-message";
import { useUnsavedChanges } from "./unsaved-changes";

/**
 * A form that saves through the workspace API, written once for every workspace form
 * (docs/decisions/082-workspace-forms-on-one-hook.md): while `save` runs the submit button
 * is busy; a refusal is the sentence, and each field's problem, that the error summary at
 * the top shows (it takes the focus on each new `attempt`); a change the server asks a
 * fresh proof for opens "Confirm it's you" and is sent again once proved; until saved,
 * anything typed makes the workspace ask before leaving the page.
 *
 *   const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async (fields) => {
 *     await workspaceFetch("/inbox/assign", { body: { json: { owner: fields.get("owner") } } });
 *   });
 *   <form {...formProps}><ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />…</form>
 *
 * `save` is also given the form (to reset it once saved) and the button that sent it (a
 * form with two ways to save, like "Confirm anyway"). To refuse before asking the server,
 * it throws a WorkspaceApiError with the sentence (and the field) to show.
 */
export type SentForm = { form: HTMLFormElement; submitter: HTMLElement | null };

export type FormSaveOptions = {
  /**
   * The change may need "Confirm it's you" (decision 048): the whole save runs again once
   * proved, so nothing in it before its API call may change anything. Needs the page's
   * StepUpProvider.
   */
  stepUp?: boolean;
  /** The summary's sentence for a refusal, when the form words it its own way; the API's sentence otherwise. */
  refusal?: (caught: unknown, fieldErrors: Record<string, string>) => string;
  /**
   * Whether the form holds changes not yet saved, when it knows better than "anything was
   * typed": its values against the saved ones, or false for a form whose leaving loses
   * nothing worth asking about (a choice made and sent at once).
   */
  dirty?: boolean;
  /** Also told the refusal's sentence: a control in a table's row says it in a toast, having no room for a summary. */
  onRefused?: (message: string) => void;
};

export function useFormSave(
  save: (fields: FormData, sent: SentForm) => Promise<void>,
  { stepUp = false, refusal = apiMessage, dirty, onRefused }: FormSaveOptions = {},
) {
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(dirty ?? typed);
  const withStepUp = useStepUpIfOffered();
  if (stepUp && !withStepUp) throw new Error("useFormSave({ stepUp: true }) outside <StepUpProvider>");

  async function submit(sent: SentForm) {
    const fields = new FormData(sent.form);
    setBusy(true);
    setError("");
    setFieldErrors({});
    try {
      await (stepUp && withStepUp ? withStepUp(() => save(fields, sent)) : save(fields, sent));
      setTyped(false);
    } catch (caught) {
      const errors = caught instanceof WorkspaceApiError ? caught.fieldErrors : {};
      const message = refusal(caught, errors);
      setError(message);
      setFieldErrors(errors);
      setAttempt((count) => count + 1);
      onRefused?.(message);
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
  const markTyped = useCallback(() => setTyped(true), []);
  return {
    error,
    fieldErrors,
    attempt,
    busy,
    onSubmit,
    clearErrors,
    formProps: { onInput: markTyped, onChange: markTyped, onSubmit },
  };
}
