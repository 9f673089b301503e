import { useEffect } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { toasterMounted } from "#client/lib/notify.ts";

/**
 * sonner renders an aria-live region, so toasts are announced to screen readers;
 * richColors gives errors their destructive red look. Loaded with the first toast
 * (see site-shell.tsx), so its code stays out of the first download. Every navigation
 * is a page load, so no toast outlives its page.
 */
/** The theme the visitor pinned with the header's button, else the system's (client/site-script/theme.ts). */
function pageTheme(): "light" | "dark" | "system" {
  const pinned = document.documentElement.dataset.theme;
  return pinned === "light" || pinned === "dark" ? pinned : "system";
}

export default function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      theme={pageTheme()}
      toastOptions={{ duration: 6000, classNames: { title: "font-semibold" } }}
    />
  );
}
