import { lazy, Suspense, useSyncExternalStore } from "react";
import {
  notify,
  subscribeToToasterRequests,
  toasterRequested,
  type ToastMessage,
} from "#client/lib/notify.ts";

const Toaster = lazy(() => import("#client/components/ui/toaster.tsx"));

/**
 * Toasts, with the site's sonner: short news of something done or failed that does not
 * belong to one field ("Invitation sent", "Could not save: …"). Errors tied to a form go
 * in a <Notice> or a field's error instead, so they stay where the eye is.
 * The workspace layout renders <WorkspaceToaster/> once; pages only call `toast`.
 *
 *   toast({ variant: "success", title: "Passkey added" });
 *   toast({ title: "Could not remove the passkey", description: error.message });
 */
export function toast(message: ToastMessage): void {
  void notify(message);
}

/** sonner and its styles load with the first toast, as on the site. */
export function WorkspaceToaster() {
  const show = useSyncExternalStore(subscribeToToasterRequests, toasterRequested, () => false);
  return show ? (
    <Suspense>
      <Toaster edge="bottom" />
    </Suspense>
  ) : null;
}
