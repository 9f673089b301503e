import type { ReactNode } from "react";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import type { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";

/**
 * Saves a settings form whole (the site settings, the booking calendar): the API answers
 * with what it kept and which values changed, and the toast says "Nothing to save" when
 * none did, else what the save does from now on.
 */
export async function saveWhole<Key extends string, Values>(
  path: string,
  key: Key,
  sent: Record<string, string>,
  onSaved: (values: Values) => void,
  words: { unchanged: string; title: string; description: string },
): Promise<void> {
  const saved = await workspaceFetch<Record<Key, Values> & { changed: string[] }>(path, {
    body: { json: { [key]: sent } },
  });
  onSaved(saved[key]);
  toast(
    saved.changed.length === 0
      ? { title: "Nothing to save", description: words.unchanged }
      : { variant: "success", title: words.title, description: words.description },
  );
}

/** A settings form saved whole, its error summary first. */
export function WholeForm({
  stored,
  label,
  className,
  save,
  children,
}: {
  /** What is stored now: a save that reformats a value (the phone number) shows it as stored. */
  stored: object;
  label: string;
  className: string;
  save: Pick<ReturnType<typeof useFormSave>, "error" | "fieldErrors" | "attempt" | "formProps">;
  children: ReactNode;
}) {
  return (
    <form
      key={JSON.stringify(stored)}
      aria-label={label}
      className={className}
      noValidate
      {...save.formProps}
    >
      <ErrorSummary problem={save.error} errors={save.fieldErrors} attempt={save.attempt} />
      {children}
    </form>
  );
}
