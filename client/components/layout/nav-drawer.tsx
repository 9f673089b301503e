import { Menu, X } from "lucide-react";
import type { NavItem } from "#shared/paths.ts";
import { NavLinks } from "./nav-links";

const DRAWER_ID = "site-navigation-drawer";

/** Invoker command attributes (HTML's `commandfor`/`command`), which React's types do not list yet. */
function invoke(command: "show-modal" | "close"): Record<string, string> {
  return { commandfor: DRAWER_ID, command };
}

/**
 * The navigation below 768 px: a right-side drawer built on a modal <dialog>, which gives
 * an inert page behind it, Escape to close and focus returned to the menu button, all from
 * the browser. The buttons open and close it by invoker commands and the backdrop closes it
 * (`closedby="any"`), so it needs no script; the site script (client/site-script/drawer.ts)
 * keeps Tab inside it and closes it on a choice.
 */
export function NavDrawer({ items }: { items: readonly NavItem[] }) {
  return (
    <div className="md:hidden">
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-muted"
        aria-label="Open menu"
        aria-haspopup="dialog"
        {...invoke("show-modal")}
      >
        <Menu aria-hidden="true" />
      </button>
      <dialog
        id={DRAWER_ID}
        data-drawer
        closedby="any"
        aria-label="Site navigation"
        className="nav-drawer fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-surface p-0 shadow-lift backdrop:bg-inverse/60"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <span className="font-semibold text-ink">Menu</span>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-muted"
            aria-label="Close menu"
            {...invoke("close")}
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Main">
          <NavLinks items={items} className="flex flex-col gap-1 p-4" linkClassName="px-3" />
        </nav>
      </dialog>
    </div>
  );
}
