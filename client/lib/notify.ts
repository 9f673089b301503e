export type ToastVariant = "error" | "success" | "info" | "warning";

/** requirements §4: each variant's title when none is given. */
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

// The Toaster (and sonner) load only when the first toast is raised, so pages
// that never show one never download them. sonner shows only toasts raised after
// its <Toaster> subscribed: toasts wait for it to mount.
let requested = false;
const requestListeners = new Set<() => void>();

/** For useSyncExternalStore: whether any toast has been asked for yet. */
export function subscribeToToasterRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}
export const toasterRequested = (): boolean => requested;

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the Toaster once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

// Counts dismissals, so a toast raised before one and still loading is not shown after it.
let generation = 0;

/**
 * Clears every toast, on screen or on its way: a form being sent again makes the last
 * attempt's messages stale, and one must not appear over what the new attempt brings.
 */
export function dismissToasts(): void {
  generation += 1;
  if (requested) void import("sonner").then(({ toast }) => toast.dismiss());
}

/**
 * Shows one toast, replacing any other (requirements §4: at most one at a time).
 * Errors are the default variant, as in the spec.
 */
export async function notify({ variant = "error", title, description }: ToastMessage): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  const raisedIn = generation;
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  if (raisedIn !== generation) return;
  toast.dismiss();
  toast[variant](title ?? defaultToastTitles[variant], { description });
}
