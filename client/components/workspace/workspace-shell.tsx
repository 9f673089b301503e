import { useState, type ReactNode } from "react";
import { staffPaths } from "#shared/staff-paths.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { BrandMark } from "#client/components/layout/brand-mark.tsx";
import { Button } from "./button";
import { WorkspaceToaster, toast } from "./toasts";
import { currentItem, navFor } from "./workspace-nav";
import { SkipLink } from "./skip-link";

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
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3 sm:px-6 lg:px-8">
          <a href={staffPaths.home} className="flex items-center gap-2 rounded-control font-bold text-ink">
            <BrandMark />
            <span>Workspace</span>
          </a>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="text-ink-soft">
              <span className="sr-only">Signed in as </span>
              {email}
            </span>
            <SignOutButton />
          </div>
          <nav aria-label="Workspace" className="w-full">
            <ul className="-mx-2 flex flex-wrap gap-1">
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
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-5 py-8 focus:outline-none sm:px-6 lg:px-8"
      >
        {children}
      </main>
      <WorkspaceToaster />
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
