import { useEffect } from "react";
import { notify } from "./notify";

/** Shows the destructive toast of a failed content load once per failure (requirements §8). */
export function useLoadErrorToast(failed: boolean, description: string): void {
  useEffect(() => {
    if (failed) void notify({ variant: "error", title: "Error", description });
  }, [failed, description]);
}

/**
 * The same toast as an island's component (client/islands/load-error.tsx): a page whose
 * content failed to load renders it, and it shows its toast once it has hydrated.
 */
export function LoadErrorToast({ description }: { description: string }): null {
  useLoadErrorToast(true, description);
  return null;
}
