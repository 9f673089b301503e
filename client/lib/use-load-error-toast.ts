import { useEffect } from "react";
import { notify } from "./notify";

/** Shows the destructive toast of a failed content load once per failure (SPEC §8). */
export function useLoadErrorToast(failed: boolean, description: string): void {
  useEffect(() => {
    if (failed) void notify({ variant: "error", title: "Error", description });
  }, [failed, description]);
}
