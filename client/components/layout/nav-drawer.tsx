import { Menu, X } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from "react";
import { useLocation } from "react-router";
import type { NavItem } from "../../../shared/paths";
import { NavLinks } from "./nav-links";

const DRAWER_ID = "site-navigation-drawer";
const subscribeToNothing = () => () => {};

/**
 * A modal <dialog> lets Tab leave for the browser's own toolbar after its last
 * control; wrapping at both ends keeps keyboard focus inside the open drawer.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The navigation below 768 px: a right-side drawer built on <dialog>. With JavaScript
 * it opens modal, which gives Escape to close, an inert page behind it and focus
 * returned to the menu button, all from the browser. Without JavaScript (and before
 * hydration) the same dialog is a popover the menu button opens by itself: Escape and
 * an outside click still close it, and its links are ordinary links.
 */
export function NavDrawer({ items }: { items: readonly NavItem[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const close = () => dialogRef.current?.close();
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    // Cancelling the click stops a not-yet-removed popovertarget from opening it non-modal.
    event.preventDefault();
    dialogRef.current?.showModal();
  };

  // Any navigation (a link, back, forward) closes the drawer.
  useEffect(close, [location.key]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
        aria-label="Open menu"
        aria-haspopup="dialog"
        popoverTarget={hydrated ? undefined : DRAWER_ID}
        onClick={open}
      >
        <Menu aria-hidden="true" />
      </button>
      {/* The click handler is for the backdrop; keyboard users have Escape and the close button. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialogRef}
        id={DRAWER_ID}
        popover={hydrated ? undefined : "auto"}
        aria-label="Site navigation"
        className="nav-drawer fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
        // A click on the backdrop lands on the dialog element itself.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        onKeyDown={keepFocusInside}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <span className="font-semibold text-slate-900">Menu</span>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
            aria-label="Close menu"
            popoverTarget={hydrated ? undefined : DRAWER_ID}
            popoverTargetAction="hide"
            onClick={close}
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Main">
          <NavLinks
            items={items}
            className="flex flex-col gap-1 p-4"
            linkClassName="px-3"
            onNavigate={close}
          />
        </nav>
      </dialog>
    </div>
  );
}
