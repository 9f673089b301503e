import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/**
 * A button that shows and hides a panel (the phone menu, the folded filters, a card's
 * actions): the button's aria-expanded and aria-controls, Escape in the button or the
 * panel closes it and puts focus back on the button, and a press outside both closes it.
 * Spread `button` on the <button> and `container` on the element holding both; the panel
 * takes the id `panelId`.
 *
 *   const menu = useDisclosure();
 *   <div {...menu.container}><button {...menu.button}>Menu</button><nav id={menu.panelId} hidden={!menu.open}>…</nav></div>
 */
export function useDisclosure(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    // A dialog opened from the panel closes itself on Escape; the panel stays as it was.
    if (event.key !== "Escape" || !open || (event.target as Element).closest("dialog")) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  return {
    open,
    panelId,
    close: () => setOpen(false),
    container: { ref: containerRef, onKeyDown },
    button: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((was) => !was),
    },
  };
}
