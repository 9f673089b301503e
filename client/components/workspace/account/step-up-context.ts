import { createContext, useContext } from "react";

/**
 * Where "Confirm it's you" is offered (step-up-dialog.tsx's StepUpProvider), apart from the
 * dialog itself: a form saving through useFormSave finds it here without loading the
 * dialog's passkey code on pages that never ask for a proof.
 */
export type WithStepUp = <T>(action: () => Promise<T>) => Promise<T>;

export const StepUpContext = createContext<WithStepUp | null>(null);

/** The page's "Confirm it's you", or null on a page that offers none. */
export function useStepUpIfOffered(): WithStepUp | null {
  return useContext(StepUpContext);
}
