import { useState, type FormEvent } from "react";
import { apiMessage } from "./api-message";

/**
 * A form that saves through the workspace API: while `save` runs the submit button is busy,
 * and a refusal is the sentence shown above the form (cleared on the next try).
 *
 *   const { error, busy, onSubmit } = useFormSave(async (fields) => {
 *     await workspaceFetch("/inbox/assign", { body: { json: { owner: fields.get("owner") } } });
 *   });
 *   <form onSubmit={onSubmit}>{error ? <Notice tone="danger">{error}</Notice> : null}…</form>
 */
export function useFormSave(save: (fields: FormData) => Promise<void>) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(form: HTMLFormElement) {
    const fields = new FormData(form);
    setBusy(true);
    setError("");
    try {
      await save(fields);
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };
  return { error, busy, onSubmit };
}
