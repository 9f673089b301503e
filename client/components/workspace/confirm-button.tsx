import { useId, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";

/**
 * A button for an action that cannot be taken back (disable an account, purge spam,
 * remove an entry): it opens a modal dialog that says what will happen, with the action
 * and "Cancel" (first, so the modal's initial focus lands on the safe choice). Escape and
 * Cancel close it; focus returns to the button. `onConfirm` may
 * be async: the dialog stays open, busy, until it settles, and closes when it resolves.
 *
 *   <ConfirmButton label="Disable" title="Disable jo@example.co.za?"
 *     confirmLabel="Disable account" onConfirm={() => disable(user.id)}>
 *     They are signed out everywhere and cannot sign in until enabled again.
 *   </ConfirmButton>
 */
export type ConfirmButtonProps = {
  /** The button's text in the page. */
  label: string;
  /** Gives the button a fuller name where its text alone is ambiguous (one per table row). */
  accessibleLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  variant?: ButtonVariant;
};

export function ConfirmButton({
  label,
  accessibleLabel,
  title,
  children,
  confirmLabel,
  onConfirm,
  variant = "danger",
}: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const bodyId = useId();

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      dialog.current?.close();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant={variant} aria-label={accessibleLabel} onClick={() => dialog.current?.showModal()}>
        {label}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="m-auto w-full max-w-md rounded-card border border-line bg-surface p-6 text-ink shadow-lift backdrop:bg-inverse/60"
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 text-ink-soft">
          {children}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => dialog.current?.close()} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={variant === "quiet" ? "primary" : variant}
            busy={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
