import { useEffect } from "react";
import { useLocation } from "react-router";
import { toast, Toaster as SonnerToaster } from "sonner";
import { toasterMounted } from "../../lib/notify";

/**
 * sonner renders an aria-live region, so toasts are announced to screen readers;
 * richColors gives errors their destructive red look. Loaded after hydration
 * (see site-shell.tsx), so its code stays out of the first download.
 */
export default function Toaster() {
  const { pathname } = useLocation();
  useEffect(() => toasterMounted(), []);
  // An error toast speaks of the page it was raised on: a route change (a lead form's
  // success among them) leaves it behind instead of carrying it onto the next page.
  // Toasts the new page raises arrive after this runs (notify awaits), so they stay.
  useEffect(() => {
    for (const shown of toast.getToasts()) {
      if ("type" in shown && shown.type === "error") toast.dismiss(shown.id);
    }
  }, [pathname]);
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      toastOptions={{ duration: 6000, classNames: { title: "font-semibold" } }}
    />
  );
}
