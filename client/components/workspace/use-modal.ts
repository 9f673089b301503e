import { useEffect, useRef } from "react";

/** Shows a <dialog> as a modal while `open` is true and closes it when it turns false; put the ref on the dialog. */
export function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
