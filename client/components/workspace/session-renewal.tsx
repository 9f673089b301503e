import { useEffect, useId, useRef, useState } from "react";
import { setSessionRenewal } from "#client/lib/workspace-api.ts";
import { Button } from "./button";
import { useModal } from "./use-modal";
import { SignInSteps } from "./sign-in/sign-in-steps";

/**
 * Signing in again without leaving the page (docs/decisions/065-never-lose-work.md): when
 * a save finds the session ended, sign-in opens over the form, and once signed in the
 * same save is sent again, so nothing typed is lost or typed twice. "Not now" closes it;
 * the save then says it was not made, and the text stays in the form.
 */
export function SessionRenewal({ email }: { email: string }) {
  const settle = useRef<((signedIn: boolean) => void) | null>(null);
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState(false);
  const dialog = useModal(open);
  const titleId = useId();

  useEffect(() => {
    setSessionRenewal(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setRound((count) => count + 1);
          setOpen(true);
        }),
    );
    return () => setSessionRenewal(null);
  }, []);

  const finish = (signedIn: boolean) => {
    setOpen(false);
    settle.current?.(signedIn);
    settle.current = null;
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        finish(false);
      }}
      className="m-auto w-full max-w-md rounded-card border border-line bg-surface p-6 text-ink shadow-lift backdrop:bg-inverse/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Sign in again to save
      </h2>
      <p className="mt-2 text-ink-soft">
        Your session ended. Sign in, and what you were saving is saved: nothing you typed is lost.
      </p>
      {open ? (
        <div className="mt-5 space-y-5">
          {/* A new round starts at the first step again. */}
          <SignInSteps key={round} email={email} onSignedIn={() => finish(true)} />
        </div>
      ) : null}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={() => finish(false)}>
          Not now
        </Button>
      </div>
    </dialog>
  );
}
