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

// sonner only shows toasts raised after its <Toaster> subscribed, and the
// Toaster loads lazily: toasts wait for it.
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the Toaster once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

/**
 * Shows one toast, replacing any other (SPEC §4: at most one at a time).
 * Errors are the default variant, as in the spec.
 */
export async function notify({ variant = "error", title, description }: ToastMessage): Promise<void> {
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  toast.dismiss();
  toast[variant](title ?? defaultToastTitles[variant], { description });
}
