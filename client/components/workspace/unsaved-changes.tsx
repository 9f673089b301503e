import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useBlocker } from "react-router";
import { Button } from "./button";
import { useModal } from "./use-modal";

/**
 * Unsaved changes, tracked once for every workspace form (docs/decisions/065-never-lose-work.md).
 * A form says whether it holds changes not yet saved (`useUnsavedChanges(dirty)`; a form
 * saving through use-form-save.ts says so by itself); while any does, the shell
 * asks "Leave without saving?" before the page changes: a link in the workspace (the nav's
 * links load a page), a navigation of the router, or closing or reloading the tab (the
 * browser's own question, the only one a page may ask then).
 */
type Registry = { set(id: string, dirty: boolean): void };

const UnsavedContext = createContext<Registry | null>(null);

/** Marks the calling form as holding unsaved changes while `dirty`. */
export function useUnsavedChanges(dirty: boolean): void {
  const registry = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, dirty);
  }, [registry, id, dirty]);
  useEffect(() => () => registry?.set(id, false), [registry, id]);
}

/** A link click that loads another page of this site in this tab. */
function leavingLink(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if (link.target && link.target !== "_self") return undefined;
  if (link.hasAttribute("download")) return undefined;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  // A link within the page (the error summary's, the skip link) leaves nothing behind.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return url.href;
}

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const dirty = dirtyForms.size > 0;
  const registry = useMemo<Registry>(
    () => ({
      set(id, isDirty) {
        setDirtyForms((old) => {
          if (old.has(id) === isDirty) return old;
          const next = new Set(old);
          if (isDirty) next.add(id);
          else next.delete(id);
          return next;
        });
      },
    }),
    [],
  );
  // Set once "Leave without saving" is chosen, so the browser does not ask a second time.
  const leaving = useRef(false);
  const [pendingHref, setPendingHref] = useState<string | null>(null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const href = leavingLink(event);
      if (!href || leaving.current) return;
      event.preventDefault();
      setPendingHref(href);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick);
    };
  }, [dirty]);

  const asking = blocker.state === "blocked" || pendingHref !== null;
  const stay = () => {
    if (blocker.state === "blocked") blocker.reset();
    setPendingHref(null);
  };
  const leave = () => {
    leaving.current = true;
    if (blocker.state === "blocked") blocker.proceed();
    else if (pendingHref) window.location.assign(pendingHref);
    setPendingHref(null);
  };

  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <LeaveDialog open={asking} onStay={stay} onLeave={leave} />
    </UnsavedContext.Provider>
  );
}

/** "Leave without saving?": a modal whose first, focused choice is to stay; Escape stays too. */
function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const dialog = useModal(open);
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
      className="m-auto w-full max-w-md rounded-card border border-line bg-surface p-6 text-ink shadow-lift backdrop:bg-inverse/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Leave without saving?
      </h2>
      <p id={bodyId} className="mt-3 text-ink-soft">
        This page has changes that are not saved yet. If you leave now, they are lost.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="primary" onClick={onStay}>
          Stay on this page
        </Button>
        <Button variant="danger" onClick={onLeave}>
          Leave without saving
        </Button>
      </div>
    </dialog>
  );
}
