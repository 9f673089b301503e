import { Toaster as SonnerToaster } from "sonner";

/**
 * sonner renders an aria-live region, so toasts are announced to screen readers;
 * richColors gives errors their destructive red look.
 */
export function Toaster() {
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
