import { useState, type ReactNode } from "react";
import { staffPaths } from "#shared/staff-paths.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { BrandMark } from "#client/components/layout/brand-mark.tsx";
import { Button, buttonClass } from "./button";
import { WorkspaceToaster, toast } from "./toasts";
import { currentItem, navFor } from "./workspace-nav";
import { SkipLink } from "./skip-link";
import { useDisclosure } from "./use-disclosure";
import { SessionRenewal } from "./session-renewal";
import { UnsavedChangesGuard } from "./unsaved-changes";
import { EmailAddress } from "#client/components/workspace/break-points.tsx";

/**
 * The frame of every signed-in workspace page (the layout route renders it): a skip link,
 * a header with the brand mark, the areas the role may use, the signed-in address and
 * "Sign out", then the page in <main>. Pages render only their content.
 */
export function WorkspaceShell({
  email,
  role,
  pathname,
  children,
}: {
  email: string;
  role: StaffRole;
  pathname: string;
  children: ReactNode;
}) {
  const items = navFor(role);
  const current = currentItem(items, pathname);
  return (
    <UnsavedChangesGuard>
      <div className="flex min-h-dvh flex-col bg-canvas">
        <SkipLink />
        <header className="border-b border-line bg-surface">
          <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3 sm:px-6 lg:px-8">
            <a
              href={staffPaths.overview}
              className="flex min-h-11 items-center gap-2 rounded-control font-bold text-ink"
            >
              <BrandMark />
              <span>Workspace</span>
            </a>
            <WorkspaceMenu>
              <div className="flex items-center gap-3 text-sm max-sm:flex-wrap max-sm:border-b max-sm:border-line max-sm:pb-3 sm:ml-auto">
                <span className="text-ink-soft wrap-anywhere">
                  <span className="sr-only">Signed in as </span>
                  <EmailAddress address={email} />
                </span>
                <SignOutButton />
              </div>
              <nav aria-label="Workspace" className="w-full">
                <ul className="-mx-2 flex flex-wrap gap-1 max-sm:flex-col">
                  {items.map((item) => (
                    <li key={item.href}>
                      <a
                        href={item.href}
                        aria-current={item === current ? "page" : undefined}
                        className="block rounded-control px-2 py-2 font-medium text-ink-soft hover:bg-muted hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-on-brand-soft"
                      >
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </WorkspaceMenu>
          </div>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          // Long unbroken words (an address, a pasted link) wrap rather than widen the page.
          className="mx-auto w-full max-w-7xl flex-1 px-5 py-8 wrap-anywhere focus:outline-none max-sm:py-6 sm:px-6 lg:px-8"
        >
          {children}
        </main>
        <WorkspaceToaster />
        <SessionRenewal email={email} />
      </div>
    </UnsavedChangesGuard>
  );
}

/**
 * The signed-in address, "Sign out" and the areas: in the header's row from 640 px wide;
 * narrower, behind one "Menu" button that opens them below the header's one row.
 */
function WorkspaceMenu({ children }: { children: ReactNode }) {
  const menu = useDisclosure();
  return (
    <div {...menu.container} className="contents">
      <button
        {...menu.button}
        className={buttonClass("secondary", "ml-auto min-h-10 px-3 py-1 text-sm sm:hidden")}
      >
        Menu
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          {menu.open ? (
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          ) : (
            <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm0 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm1 4a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z" />
          )}
        </svg>
      </button>
      <div
        id={menu.panelId}
        className={`${menu.open ? "max-sm:flex" : "max-sm:hidden"} w-full flex-col gap-3 pb-2 sm:contents`}
      >
        {children}
      </div>
    </div>
  );
}

function SignOutButton() {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await workspaceFetch("/sign-out", { method: "POST" });
      window.location.assign(staffPaths.signIn);
    } catch (error) {
      setBusy(false);
      toast({ title: "Could not sign out", description: (error as Error).message });
    }
  }
  return (
    <Button variant="secondary" className="min-h-9 py-1 text-sm" busy={busy} onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
