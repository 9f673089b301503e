import { toast } from "sonner";

export type ToastVariant = "error" | "success" | "info" | "warning";

/** SPEC §4: each variant's title when none is given. */
export const defaultToastTitles: Record<ToastVariant, string> = {
  error: "Error",
  success: "Success",
  info: "Info",
  warning: "Warning",
};

export type ToastMessage = {
  variant?: ToastVariant;
  title?: string;
  description?: string;
};

/**
 * Shows one toast, replacing any other (SPEC §4: at most one at a time).
 * Errors are the default variant, as in the spec.
 */
export function notify({ variant = "error", title, description }: ToastMessage): void {
  toast.dismiss();
  toast[variant](title ?? defaultToastTitles[variant], { description });
}
