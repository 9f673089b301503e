import type { ReactNode } from "react";
import { BrandMark } from "#client/components/layout/brand-mark.tsx";
import { WorkspaceToaster } from "./toasts";
import { SkipLink } from "./skip-link";

/**
 * The frame of the pages before a session (sign-in, an invitation): the brand mark, the
 * page's one <h1> and its steps in a card, centred, with the skip link and <main>.
 */
export function AuthFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-lg items-center gap-2 px-5 pt-10 font-bold text-ink">
        <BrandMark />
        <span>Workspace</span>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-lg flex-1 px-5 py-8 focus:outline-none"
      >
        <div className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink">{title}</h1>
          {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
          <div className="mt-6 space-y-6">{children}</div>
        </div>
      </main>
      <WorkspaceToaster />
    </div>
  );
}
