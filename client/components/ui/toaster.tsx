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

/** Clear of the site's sticky header, whatever the width. */
const belowSiteHeader = { top: "calc(var(--header-height) + 0.5rem)" };

/**
 * `edge`: the site's toasts sit at the top, just below its sticky header, where the eye is
 * after pressing Send; the workspace's, whose header scrolls away and whose phone layout
 * keeps bars at the bottom only while rows are chosen, sit at the bottom like an app's.
 * Either way in the page's own font (sonner's default is the system's).
 */
export default function Toaster({ edge = "top" }: { edge?: "top" | "bottom" }) {
  useEffect(() => toasterMounted(), []);
  return (
    <SonnerToaster
      position={edge === "top" ? "top-center" : "bottom-center"}
      offset={edge === "top" ? belowSiteHeader : undefined}
      mobileOffset={edge === "top" ? { ...belowSiteHeader, left: "0.5rem", right: "0.5rem" } : undefined}
      style={{ fontFamily: "inherit" }}
      visibleToasts={1}
      richColors
      closeButton
      theme={pageTheme()}
      toastOptions={{ duration: 6000, classNames: { title: "font-semibold" } }}
    />
  );
}
