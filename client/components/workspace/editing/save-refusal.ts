import { useState, type FormEvent } from "react";
import { WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import type { NewerVersion } from "./use-editing";

/**
 * What a refused save of an edited item shows: the sentence and each field's problem (the
 * error summary takes the focus on each new `attempt`), and, when someone saved a newer
 * version meanwhile (409), that version beside the form's (docs/decisions/066-concurrent-editing.md).
 */
export function useSaveRefusal() {
  const [problem, setProblem] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [conflict, setConflict] = useState<NewerVersion | null>(null);
  const refused = (caught: unknown) => {
    // Not reached: the fields keep the messages they had.
    if (caught instanceof WorkspaceApiError) {
      setErrors(caught.fieldErrors);
      const newer = (caught.payload as { conflict?: NewerVersion | null } | undefined)?.conflict;
      if (caught.status === 409 && newer) setConflict(newer);
    }
    setProblem(apiMessage(caught));
    setAttempt((count) => count + 1);
  };
  return {
    problem,
    errors,
    attempt,
    conflict,
    /** Saved: nothing left to show. */
    clear() {
      setProblem("");
      setErrors({});
      setConflict(null);
    },
    dismissConflict: () => setConflict(null),
    refused,
    /** Runs a save: a refusal shows as `refused` says; `after` runs however it ends (the busy state off). */
    async settle(work: () => Promise<void>, after: () => void) {
      try {
        await work();
      } catch (caught) {
        refused(caught);
      } finally {
        after();
      }
    },
  };
}

/** A form's submit handler that keeps the browser from sending it and runs `save` instead. */
export const submitWith =
  (save: () => Promise<void>) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void save();
  };
